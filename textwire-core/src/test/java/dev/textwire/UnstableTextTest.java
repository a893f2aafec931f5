package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.buffer.LengthPrefix;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * Text that changes while it is being encoded: a {@code CharSequence} whose content (or length) is one
 * string for its first {@code k} reads and another after, for every {@code k} from 0 to past the end of a
 * stable run, and one whose every read flips a char. Every API that encodes such text must either write
 * the encoding of one text it actually read (every char the same as in one of the two strings at that
 * index, the change happening at most once, as a second pass reads in order), or throw: the text's own
 * {@link IndexOutOfBoundsException} (it shrank under a read), {@link ConcurrentModificationException}
 * (the length found by a first pass disagrees with what the second wrote), or, when the caller sized the
 * space, a {@link BufferTooSmallException} whose figures make sense. Never trailing zeros, never a prefix
 * that disagrees with its body, never a byte outside the space the call may write.
 */
class UnstableTextTest {
  private static final byte GUARD = 0x5A;
  private static final int LEAD = 3; // bytes before the offset the call writes at, which must stay untouched

  /** The text's own exception, as a {@code StringBuilder} that shrank under the reader would throw. */
  static final class Gone extends IndexOutOfBoundsException {
    Gone(int index, int length) {
      super("index " + index + ", length " + length);
    }
  }

  /** {@code before} for the first {@code switchAfter} reads ({@code length()} and {@code charAt} each count), then {@code after}. */
  static final class Flipping implements CharSequence {
    final String before;
    final String after;
    final int switchAfter;
    int reads;

    Flipping(String before, String after, int switchAfter) {
      this.before = before;
      this.after = after;
      this.switchAfter = switchAfter;
    }

    private String current() {
      return reads++ < switchAfter ? before : after;
    }

    @Override
    public int length() {
      return current().length();
    }

    @Override
    public char charAt(int index) {
      String s = current();
      if (index < 0 || index >= s.length()) {
        throw new Gone(index, s.length());
      }
      return s.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return current().subSequence(start, end);
    }

    @Override
    public String toString() {
      return current();
    }
  }

  /** Every text a reader of {@code before} then {@code after} can have seen: a prefix of one, the rest of the other, at either length. */
  private static List<String> candidates(String before, String after) {
    Set<String> texts = new HashSet<>();
    for (int length : new int[] {before.length(), after.length()}) {
      for (int j = 0; j <= length; j++) {
        if (j == length && length <= before.length()) {
          texts.add(before.substring(0, length));
        } else if (j < length && j <= before.length() && length <= after.length()) {
          texts.add(before.substring(0, j) + after.substring(j, length));
        }
      }
    }
    return new ArrayList<>(texts);
  }

  /** One API under test: the bytes it produced from the text, or null when it threw an exception it may throw (checked inside). */
  interface Target {
    byte[] run(CharSequence text);
  }

  /**
   * Runs {@code target} on {@code before} switching to {@code after} at every read count from 0 to past
   * the end, and checks each result against {@code expected} of every text it may have read.
   */
  private static void check(String what, String before, String after, Target target, Function<String, byte[]> expected) {
    check(what, before, after, target, accepted(before, after, expected));
  }

  /** The outputs {@code expected} gives for every text a reader of {@code before} then {@code after} can have seen. */
  private static Set<ByteBuffer> accepted(String before, String after, Function<String, byte[]> expected) {
    Set<ByteBuffer> accepted = new HashSet<>();
    for (String text : candidates(before, after)) {
      accepted.add(ByteBuffer.wrap(expected.apply(text)));
    }
    return accepted;
  }

  private static void check(String what, String before, String after, Target target, Set<ByteBuffer> accepted) {
    Flipping stable = new Flipping(before, before, 0);
    target.run(stable);
    int reads = stable.reads;
    int step = reads > 1000 ? 37 : 1; // long texts: a sample of the switch points
    for (int k = 0; k <= reads + 1; k += step) {
      Flipping text = new Flipping(before, after, k);
      String ctx = what + ", " + before.length() + " chars " + describe(before) + " -> " + after.length() + " chars "
          + describe(after) + ", switch after " + k + " of " + reads + " reads";
      checkOne(ctx, text, target, accepted);
    }
  }

  private static void checkOne(String ctx, CharSequence text, Target target, Set<ByteBuffer> accepted) {
    byte[] out;
    try {
      out = target.run(text);
    } catch (ConcurrentModificationException e) {
      assertTrue(e.getMessage() != null && e.getMessage().contains("changed"), () -> ctx + ": message " + e.getMessage());
      return;
    } catch (Gone e) {
      return;
    } catch (IndexOutOfBoundsException e) {
      if (!(e instanceof BufferTooSmallException) && isArgumentCheck(e)) {
        return; // the text had shrunk by the time the range the caller took from it was checked
      }
      throw new AssertionError(ctx + ": " + e, e);
    } catch (RuntimeException e) {
      throw new AssertionError(ctx + ": " + e, e);
    }
    if (out != null) {
      assertTrue(accepted.contains(ByteBuffer.wrap(out)), () -> ctx + ": wrote " + hex(out) + ", the encoding of no text it read");
    }
  }

  /**
   * Thrown by {@code Objects.checkFromToIndex} and friends called straight from textwire's API, checking
   * a range against the text's length (not by a JDK buffer refusing an out-of-range write).
   */
  private static boolean isArgumentCheck(IndexOutOfBoundsException e) {
    boolean objects = false;
    for (StackTraceElement frame : e.getStackTrace()) {
      String name = frame.getClassName();
      if (name.equals("java.util.Objects")) {
        objects = true;
      } else if (!name.startsWith("jdk.internal.")) {
        return objects && name.startsWith("dev.textwire.") && !name.startsWith("dev.textwire.internal.");
      }
    }
    return false;
  }

  private static String describe(String s) {
    return s.isEmpty() ? "\"\"" : "\"" + s.charAt(0) + "...\"";
  }

  // ---------------------------------------------------------------------------------------------
  // Texts

  /** Pairs of texts, BMP only (so every mix is well-formed): bytes grow, bytes shrink, length shrinks, length grows. */
  private static final String[][] FAMILY_TEXTS = {
    {"aaaaaa", "\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9"},
    {"\u00E9\u00E9\u00E9\u00E9\u00E9\u00E9", "aaaaaa"},
    {"aaaaaa", "aaa"},
    {"aaa", "\u20AC\u20AC\u20AC\u20AC\u20AC\u20AC"},
    {"a".repeat(50), "\u00E9".repeat(50)}, // over 42 chars: a varint's width is not known in advance
    {"\u20AC".repeat(60), "a".repeat(60)},
    {"a".repeat(2100), "\u20AC".repeat(2100)}, // more than one chunk
    {"\u20AC".repeat(2100), "a".repeat(2090)},
  };

  /** For code pages: a pair is one substitute, so the byte count changes with the chars (REPLACE only). */
  private static final String[][] CODE_PAGE_TEXTS = {
    {"a\uD83D\uDE00b", "abcd"},
    {"abcd", "a\uD83D\uDE00b"},
    {"aaaa", "aa"},
    {"a".repeat(60), "\uD83D\uDE00".repeat(30)},
    {"\uD83D\uDE00".repeat(30), "b".repeat(70)},
  };

  private static final TextCodec[] CODE_PAGES = {
    TextCodecs.ISO_8859_1, TextCodecs.IBM500, TextCodecs.IBM500_DERBY, TextCodecs.IBM1047,
  };

  // ---------------------------------------------------------------------------------------------
  // Codecs

  @Test
  void encodeToNewArrayIsTheEncodingOfOneText() {
    for (TextCodec codec : new TextCodec[] {TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8}) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec c = codec.withPolicy(policy);
        for (String[] texts : FAMILY_TEXTS) {
          check(c + " encode(text)", texts[0], texts[1], c::encode, c::encode);
        }
      }
    }
    for (String[] texts : FAMILY_TEXTS) {
      check("Utf8.encode(text)", texts[0], texts[1], Utf8::encode, Utf8::encode);
    }
    for (TextCodec codec : CODE_PAGES) {
      for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
        TextCodec c = codec.withPolicy(policy);
        for (String[] texts : CODE_PAGE_TEXTS) {
          check(c + " encode(text)", texts[0], texts[1], c::encode, c::encode);
        }
      }
    }
  }

  @Test
  void encodeIntoCallersSpaceIsTheEncodingOfOneText() {
    List<TextCodec> codecs = new ArrayList<>();
    for (TextCodec codec : new TextCodec[] {TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8}) {
      codecs.add(codec);
    }
    for (TextCodec codec : CODE_PAGES) {
      codecs.add(codec.withPolicy(ErrorPolicy.REPLACE));
    }
    for (TextCodec c : codecs) {
      String[][] pairs = c.maxBytesPerChar() == 1 ? CODE_PAGE_TEXTS : FAMILY_TEXTS;
      for (String[] texts : pairs) {
        // Room for the shorter encoding only, for exactly the first, and for either.
        int first = c.encode(texts[0]).length;
        int second = c.encode(texts[1]).length;
        Set<ByteBuffer> encodings = accepted(texts[0], texts[1], c::encode);
        for (int room : new int[] {Math.min(first, second), first, Math.max(first, second) + 8}) {
          check(c + " into byte[" + room + "]", texts[0], texts[1], text -> intoArray(c, text, room), encodings);
          for (boolean direct : new boolean[] {false, true}) {
            check(c + " into " + (direct ? "direct" : "heap") + " buffer of " + room, texts[0], texts[1],
                text -> intoBuffer(c, text, room, direct), encodings);
          }
        }
      }
    }
  }

  private static byte[] guarded(int room) {
    byte[] dst = new byte[LEAD + room + 8];
    Arrays.fill(dst, GUARD);
    return dst;
  }

  private static void assertUntouched(byte[] dst, int from, int to, String what) {
    for (int i = from; i < to; i++) {
      if (dst[i] != GUARD) {
        fail(what + ": byte " + i + " outside the space the call may write was changed: " + hex(dst));
      }
    }
  }

  private static void assertSane(BufferTooSmallException e) {
    assertTrue(e.requiredBytes() > e.availableBytes(), () -> "nonsense figures: " + e.getMessage());
  }

  private static byte[] intoArray(TextCodec codec, CharSequence text, int room) {
    byte[] bounded = Arrays.copyOf(guarded(room), LEAD + room); // the array ends where the room does
    try {
      int written = codec.encode(text, bounded, LEAD);
      assertUntouched(bounded, 0, LEAD, "before the offset");
      return Arrays.copyOfRange(bounded, LEAD, LEAD + written);
    } catch (BufferTooSmallException e) {
      assertSane(e);
      assertUntouched(bounded, 0, LEAD, "before the offset");
      return null;
    }
  }

  /** All of the buffer's bytes, whatever its position and limit. */
  private static void snapshot(ByteBuffer buffer, byte[] into) {
    buffer.duplicate().clear().get(into);
  }

  private static byte[] intoBuffer(TextCodec codec, CharSequence text, int room, boolean direct) {
    return intoBuffer(dst -> codec.encode(text, dst), room, direct, false);
  }


  // ---------------------------------------------------------------------------------------------
  // Length-prefixed frames

  private static byte[] frame(LengthPrefix format, String text) {
    byte[] dst = new byte[format.prefixLength(3 * text.length()) + 3 * text.length() + 2];
    int n = format.write(text, dst, 0);
    return Arrays.copyOf(dst, n);
  }

  @Test
  void lengthPrefixedFramesIntoArraysAndBuffersAgreeWithTheirBodies() {
    for (LengthPrefix format : LengthPrefix.values()) {
      for (String[] texts : FAMILY_TEXTS) {
        int first = frame(format, texts[0]).length;
        int second = frame(format, texts[1]).length;
        Set<ByteBuffer> frames = accepted(texts[0], texts[1], t -> frame(format, t));
        for (int room : new int[] {Math.min(first, second), first, Math.max(first, second) + 8}) {
          check(format + " into byte[" + room + "]", texts[0], texts[1], text -> frameIntoArray(format, text, room), frames);
          for (boolean direct : new boolean[] {false, true}) {
            check(format + " into " + (direct ? "direct" : "heap") + " buffer of " + room, texts[0], texts[1],
                text -> frameIntoBuffer(format, text, room, direct), frames);
          }
        }
      }
    }
  }

  @Test
  void lengthPrefixedFramesIntoSegmentedBuffersAgreeWithTheirBodies() {
    for (LengthPrefix format : LengthPrefix.values()) {
      for (String[] texts : FAMILY_TEXTS) {
        Set<ByteBuffer> frames = accepted(texts[0], texts[1], t -> frame(format, t));
        for (int segmentSize : new int[] {16, 8192}) {
          check(format + " into segments of " + segmentSize, texts[0], texts[1],
              text -> frameIntoSegments(format, text, segmentSize), frames);
        }
      }
    }
  }

  private static byte[] frameIntoArray(LengthPrefix format, CharSequence text, int room) {
    byte[] bounded = Arrays.copyOf(guarded(room), LEAD + room);
    try {
      int written = format.write(text, bounded, LEAD);
      assertUntouched(bounded, 0, LEAD, "before the offset");
      assertUntouched(bounded, LEAD + written, bounded.length, "after the frame");
      return Arrays.copyOfRange(bounded, LEAD, LEAD + written);
    } catch (BufferTooSmallException e) {
      assertSane(e);
      assertUntouched(bounded, 0, LEAD, "before the offset");
      return null;
    }
  }

  private static byte[] frameIntoBuffer(LengthPrefix format, CharSequence text, int room, boolean direct) {
    return intoBuffer(dst -> format.write(text, dst), room, direct, true);
  }

  /**
   * Runs {@code write} on a buffer whose position and limit leave {@code room} bytes between guard bytes,
   * and checks what it touched: nothing before the position, nothing past the limit (past the frame, for
   * a length-prefixed write, which encodes into exactly its declared bytes), the position unchanged on an
   * error. Returns the bytes written, or null when the buffer was too small.
   */
  private static byte[] intoBuffer(ToIntFunction<ByteBuffer> write, int room, boolean direct, boolean frame) {
    int capacity = LEAD + room + 8;
    ByteBuffer dst = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
    dst.put(guarded(room)).clear();
    dst.position(LEAD).limit(LEAD + room);
    byte[] after = new byte[capacity];
    try {
      int written = write.applyAsInt(dst);
      assertEquals(LEAD + written, dst.position(), "position");
      snapshot(dst, after);
      assertUntouched(after, 0, LEAD, "before the position");
      if (frame) {
        assertUntouched(after, LEAD + written, capacity, "after the frame");
      } else {
        assertUntouched(after, LEAD + room, capacity, "past the limit");
      }
      return Arrays.copyOfRange(after, LEAD, LEAD + written);
    } catch (BufferTooSmallException | ConcurrentModificationException | Gone e) {
      if (e instanceof BufferTooSmallException) {
        assertSane((BufferTooSmallException) e);
      }
      assertEquals(LEAD, dst.position(), "position after an error");
      snapshot(dst, after);
      assertUntouched(after, 0, LEAD, "before the position");
      assertUntouched(after, LEAD + room, capacity, "past the limit");
      if (e instanceof BufferTooSmallException) {
        return null;
      }
      throw e;
    }
  }


  private static byte[] frameIntoSegments(LengthPrefix format, CharSequence text, int segmentSize) {
    SegmentedBuffer dst = new SegmentedBuffer(segmentSize);
    dst.write(new byte[] {1, 2, 3}, 0, LEAD);
    try {
      long written = format.write(text, dst);
      assertEquals(LEAD + written, dst.size(), "size");
    } catch (ConcurrentModificationException | Gone e) {
      assertEquals(LEAD, dst.size(), "size after an error: all or nothing");
      throw e;
    }
    return dst.toByteArray(LEAD, dst.size() - LEAD);
  }

  // ---------------------------------------------------------------------------------------------
  // writeLongUTF: an 8-byte length, then the bytes

  @Test
  void writeLongUtfLengthAgreesWithItsBody() {
    for (String[] texts : FAMILY_TEXTS) {
      check("writeLongUTF", texts[0], texts[1], UnstableTextTest::longUtf, UnstableTextTest::longUtf);
    }
    // Past the 8 KiB window: written a window at a time.
    check("writeLongUTF", "a".repeat(3000), "\u20AC".repeat(3000), UnstableTextTest::longUtf, UnstableTextTest::longUtf);
    check("writeLongUTF", "\u20AC".repeat(3000), "a".repeat(3000), UnstableTextTest::longUtf, UnstableTextTest::longUtf);
  }

  private static byte[] longUtf(CharSequence text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      ModifiedUtf8.writeLongUTF(new DataOutputStream(bytes), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  // ---------------------------------------------------------------------------------------------
  // A text whose every read flips a char

  /** Each read of a char gives 'a' or 'é' in turn; the length never changes. */
  static final class Flicker implements CharSequence {
    private final int length;
    private int reads;

    Flicker(int length, int phase) {
      this.length = length;
      this.reads = phase;
    }

    @Override
    public int length() {
      return length;
    }

    @Override
    public char charAt(int index) {
      if (index < 0 || index >= length) {
        throw new Gone(index, length);
      }
      return reads++ % 2 == 0 ? 'a' : '\u00E9';
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      throw new UnsupportedOperationException();
    }
  }

  @Test
  void textChangingAtEveryReadGivesOneTextOrAnError() {
    int length = 5; // odd: a second pass reads the opposite chars from the first
    List<String> texts = new ArrayList<>();
    for (int bits = 0; bits < 1 << length; bits++) {
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < length; i++) {
        s.append((bits >>> i & 1) == 0 ? 'a' : '\u00E9');
      }
      texts.add(s.toString());
    }
    List<Target> targets = new ArrayList<>();
    List<Function<String, byte[]>> expected = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (TextCodec c : new TextCodec[] {TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8, TextCodecs.IBM500}) {
      targets.add(c::encode);
      expected.add(c::encode);
      names.add(c + " encode(text)");
    }
    for (LengthPrefix format : LengthPrefix.values()) {
      targets.add(text -> frameIntoBuffer(format, text, 64, true));
      expected.add(t -> frame(format, t));
      names.add(format + " into a direct buffer");
      targets.add(text -> frameIntoSegments(format, text, 4));
      expected.add(t -> frame(format, t));
      names.add(format + " into segments of 4");
    }
    targets.add(UnstableTextTest::longUtf);
    expected.add(UnstableTextTest::longUtf);
    names.add("writeLongUTF");
    for (int t = 0; t < targets.size(); t++) {
      Set<ByteBuffer> accepted = new HashSet<>();
      for (String text : texts) {
        accepted.add(ByteBuffer.wrap(expected.get(t).apply(text)));
      }
      for (int phase = 0; phase < 2; phase++) {
        checkOne(names.get(t) + ", phase " + phase, new Flicker(length, phase), targets.get(t), accepted);
      }
    }
  }
}
