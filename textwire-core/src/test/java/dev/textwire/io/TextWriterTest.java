package dev.textwire.io;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.ErrorPolicy;
import dev.textwire.TestSupport;
import dev.textwire.TextCodecs;
import dev.textwire.TestSupport.NamedText;
import dev.textwire.Utf8;
import dev.textwire.Utf8ReferenceEncoder;
import dev.textwire.buffer.SegmentedBuffer;
import dev.textwire.io.StreamTestSupport.RecordingOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.CharBuffer;
import java.nio.charset.MalformedInputException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TextWriter} in UTF-8 into a stream (small and default buffer) and into a {@link SegmentedBuffer}
 * (segments of 1, 4 and 8192 bytes): however the text is cut into calls of every kind, including between
 * the halves of a surrogate pair, the bytes must equal the one-shot codec's on the whole text; and an
 * unpaired surrogate must be reported where it is, keeping what came before it. (Every codec:
 * {@link TextWriterCodecsTest}.)
 */
class TextWriterTest {
  private static final ErrorPolicy[] POLICIES = ErrorPolicy.values();

  /** Where a writer writes. A small stream buffer fills often; a 1-byte segment splits every character. */
  enum Target {
    STREAM_BUFFER_16,
    STREAM_BUFFER_DEFAULT,
    SEGMENTS_1,
    SEGMENTS_4,
    SEGMENTS_8192;

    Sink open(ErrorPolicy policy) {
      switch (this) {
        case STREAM_BUFFER_16:
          return new Sink(new RecordingOutputStream(), null, policy, 16);
        case STREAM_BUFFER_DEFAULT:
          return new Sink(new RecordingOutputStream(), null, policy, TextWriter.DEFAULT_BUFFER_SIZE);
        case SEGMENTS_1:
          return new Sink(null, new SegmentedBuffer(1), policy, 0);
        case SEGMENTS_4:
          return new Sink(null, new SegmentedBuffer(4), policy, 0);
        default:
          return new Sink(null, new SegmentedBuffer(8192), policy, 0);
      }
    }
  }

  /** A writer and what it writes into. */
  static final class Sink {
    final RecordingOutputStream stream;
    final SegmentedBuffer buffer;
    final TextWriter writer;

    Sink(RecordingOutputStream stream, SegmentedBuffer buffer, ErrorPolicy policy, int bufferSize) {
      this.stream = stream;
      this.buffer = buffer;
      this.writer = stream != null ? new TextWriter(stream, Utf8.codec(policy), bufferSize) : new TextWriter(buffer, Utf8.codec(policy));
    }

    /** The bytes that reached the stream or the buffer. */
    byte[] bytes() {
      return stream != null ? stream.received() : buffer.toByteArray();
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Writing text in random calls

  /** Writes text a call at a time, each call of a random kind, in pieces of random size. */
  static final class RandomCalls {
    private final SplittableRandom random;
    private final char[] scratch = new char[8192];

    RandomCalls(SplittableRandom random) {
      this.random = random;
    }

    /** A piece size limit for one text: one char at a time, a few, or long pieces. */
    int maxPiece() {
      return new int[] {1, 2, 5, 50, 3000}[random.nextInt(5)];
    }

    int nextEnd(String s, int from, int maxPiece) {
      return Math.min(s.length(), from + 1 + random.nextInt(maxPiece));
    }

    /**
     * Writes {@code s[from, to)} with one call chosen at random ({@code kinds} are {@code s} as every
     * CharSequence kind). Single chars may go as write(int) or append(char). Returns the call's name.
     */
    String write(TextWriter writer, String s, List<NamedText> kinds, int from, int to) throws IOException {
      int length = to - from;
      int op = random.nextInt(length == 1 ? 9 : 7);
      switch (op) {
        case 0:
          {
            int offset = random.nextInt(8);
            s.getChars(from, to, scratch, offset);
            writer.write(scratch, offset, length);
            return "write(char[], off, len)";
          }
        case 1:
          writer.write(s, from, length);
          return "write(String, off, len)";
        case 2:
          {
            CharSequence piece = piece(s.substring(from, to));
            writer.append(piece);
            return "append(" + piece.getClass().getSimpleName() + ")";
          }
        case 3:
          {
            NamedText kind = kinds.get(random.nextInt(kinds.size()));
            writer.append(kind.text(), from, to);
            return "append(" + kind + ", start, end)";
          }
        case 4:
          writer.write(s.substring(from, to));
          return "write(String)";
        case 5:
          writer.write(s.substring(from, to).toCharArray());
          return "write(char[])";
        case 6:
          {
            TextWriter returned = writer.append(s, from, to);
            assertSame(writer, returned);
            return "append(String, start, end)";
          }
        case 7:
          writer.write(s.charAt(from));
          return "write(int)";
        default:
          assertSame(writer, writer.append(s.charAt(from)));
          return "append(char)";
      }
    }

    private CharSequence piece(String piece) {
      switch (random.nextInt(3)) {
        case 0:
          return piece;
        case 1:
          return new StringBuilder(piece);
        default:
          return CharBuffer.wrap(piece.toCharArray());
      }
    }

    /** Writes all of {@code s} in random calls. */
    void writeAll(TextWriter writer, String s) throws IOException {
      writeAll(writer, s, maxPiece());
    }

    void writeAll(TextWriter writer, String s, int maxPiece) throws IOException {
      List<NamedText> kinds = TestSupport.charSequences(s);
      for (int from = 0; from < s.length(); ) {
        int to = nextEnd(s, from, maxPiece);
        write(writer, s, kinds, from, to);
        from = to;
      }
    }
  }

  /** Writes {@code s} through a new writer on {@code target} in random calls, closes, returns the bytes. */
  private static byte[] writeThrough(Target target, ErrorPolicy policy, String s, RandomCalls calls, int maxPiece)
      throws IOException {
    Sink sink = target.open(policy);
    calls.writeAll(sink.writer, s, maxPiece);
    sink.writer.close();
    if (sink.stream != null) {
      assertEquals(1, sink.stream.closes(), "close() closes the stream");
    }
    return sink.bytes();
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void randomTextsInRandomCallsEqualOneShot(Target target) throws IOException {
    long seed = TestSupport.seed(0x3217_E2L);
    SplittableRandom random = new SplittableRandom(seed);
    RandomCalls calls = new RandomCalls(random);
    for (int t = 0; t < 150; t++) {
      boolean lone = random.nextBoolean();
      String s = StreamTestSupport.randomText(random, random.nextInt(5) == 0 ? random.nextInt(10_000) : random.nextInt(100), lone);
      int n = t;
      for (ErrorPolicy policy : POLICIES) {
        if (policy == ErrorPolicy.STRICT && !StreamTestSupport.isWellFormed(s)) {
          continue;
        }
        Supplier<String> ctx = () -> target + ", text " + n + " (" + s.length() + " chars), " + policy + ", " + seedMessage(seed);
        assertArrayEquals(Utf8.codec(policy).encode(s), writeThrough(target, policy, s, calls, calls.maxPiece()), ctx);
      }
    }
  }

  @Test
  void corpusFilesInRandomCalls() throws IOException {
    long seed = TestSupport.seed(0xC02F_3217EL);
    SplittableRandom random = new SplittableRandom(seed);
    RandomCalls calls = new RandomCalls(random);
    List<Path> files = TestSupport.corpusFiles();
    for (int f = 0; f < files.size(); f++) {
      Path file = files.get(f);
      byte[] bytes = TestSupport.read(file);
      String s = new String(bytes, UTF_8);
      // Rotate targets and policies over the files: every target meets several scripts.
      Target target = Target.values()[f % Target.values().length];
      ErrorPolicy policy = POLICIES[f % POLICIES.length];
      Supplier<String> ctx = () -> TestSupport.corpusName(file) + ", " + target + ", " + policy + ", " + seedMessage(seed);
      // Pieces of up to 100 chars (random texts cover single chars): the whole corpus stays quick.
      assertArrayEquals(bytes, writeThrough(target, policy, s, calls, 100), ctx);
    }
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void surrogatePairSplitAcrossSingleCharCalls(Target target) throws IOException {
    Sink sink = target.open(ErrorPolicy.STRICT);
    sink.writer.write(0xD83D); // U+1F600: each half alone
    sink.writer.write(0xDE00);
    sink.writer.append('\uD83D'); // U+1F601
    sink.writer.append('\uDE01');
    sink.writer.write('a');
    sink.writer.write(0xD83D); // high half by write(int), low half in a string with more after it
    sink.writer.write("\uDE02b");
    sink.writer.close();
    assertEquals(hex("😀😁a😂b".getBytes(UTF_8)), hex(sink.bytes()), target::toString);
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void asciiAfterACarriedHighSurrogateIsNotWrittenAhead(Target target) throws IOException {
    // write(int) writes ASCII itself, past the encoder: not while a high surrogate waits in the encoder.
    Sink sink = target.open(ErrorPolicy.REPLACE);
    sink.writer.write("x\uD800");
    sink.writer.write('y');
    sink.writer.close();
    assertEquals("78 EF BF BD 79", hex(sink.bytes()), target::toString);
  }

  // -------------------------------------------------------------------------------------------------
  // close() with a high surrogate still waiting

  @ParameterizedTest
  @EnumSource(Target.class)
  void closeWithDanglingHighSurrogateStrict(Target target) throws IOException {
    Sink sink = target.open(ErrorPolicy.STRICT);
    sink.writer.write("ab€");
    sink.writer.write("\uD83D");
    MalformedStreamException e = assertThrows(MalformedStreamException.class, sink.writer::close, target::toString);
    assertInstanceOf(IOException.class, e);
    assertInstanceOf(MalformedInputException.class, e);
    assertEquals(1, e.getInputLength(), "one char is malformed");
    assertEquals(3, e.charIndex(), () -> target + ": index of the surrogate in the char stream");
    assertEquals(5, e.byteOffset(), () -> target + ": bytes before it");
    assertInstanceOf(dev.textwire.MalformedTextException.class, e.getCause());
    if (sink.stream != null) {
      assertEquals(1, sink.stream.closes(), () -> target + ": the stream is closed even so");
    }
    sink.writer.close(); // closing again is fine, and does nothing
    if (sink.stream != null) {
      assertEquals(1, sink.stream.closes(), target::toString);
    }
    // What was written before the surrogate was accepted by calls that returned normally: it is kept.
    assertEquals(hex("ab€".getBytes(UTF_8)), hex(sink.bytes()), () -> target + ": the valid bytes before the surrogate");
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void closeWithDanglingHighSurrogateReplacing(Target target) throws IOException {
    Sink replace = target.open(ErrorPolicy.REPLACE);
    replace.writer.write("ab€\uD83D");
    replace.writer.close();
    assertEquals("61 62 E2 82 AC EF BF BD", hex(replace.bytes()), target::toString);
    Sink question = target.open(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    question.writer.write("ab€");
    question.writer.write(0xD83D);
    question.writer.close();
    assertEquals("61 62 E2 82 AC 3F", hex(question.bytes()), target::toString);
  }

  // -------------------------------------------------------------------------------------------------
  // Strict: an unpaired surrogate in the middle

  /** One scenario: calls before, the call that throws, calls after; what the error and output must be. */
  record MidError(String name, List<String> before, String failing, List<String> after, long charIndex, String expectedOutput) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<MidError> MID_ERRORS =
      List.of(
          // A lone low in the middle of a call: "wo" before it in that call is kept, "rld" dropped.
          new MidError("lone low", List.of("hello"), "wo\uDC00rld", List.of("!"), 7, "hellowo!"),
          // Bytes and chars differ: byteOffset counts bytes.
          new MidError("after multi-byte chars", List.of("hé"), "w€\uDC00x", List.of("ok"), 4, "héw€ok"),
          // A high at the end of one call, a non-low at the start of the next: that whole call is dropped.
          new MidError("carried high", List.of("x\uD800"), "yz", List.of("!"), 1, "x!"),
          // ASCII written by write(int) goes past the encoder, and is counted all the same.
          new MidError("after write(int)", List.of("a", "b", "c"), "\uDC00", List.of("d"), 3, "abcd"),
          // A long valid prefix in the failing call, longer than a 16-byte buffer and a 4-byte segment.
          new MidError("long prefix", List.of(), "0123456789abcdefghijklmnopqrstuvwxyzé€😀\uDBFFz", List.of("end"), 40, null));

  static Stream<Arguments> targetsAndMidErrors() {
    return Arrays.stream(Target.values()).flatMap(target -> MID_ERRORS.stream().map(m -> Arguments.of(target, m)));
  }

  @ParameterizedTest
  @MethodSource("targetsAndMidErrors")
  void strictUnpairedSurrogateInTheMiddle(Target target, MidError m) throws IOException {
    Supplier<String> ctx = () -> target + ", " + m.name();
    Sink sink = target.open(ErrorPolicy.STRICT);
    for (String s : m.before()) {
      if (s.length() == 1) {
        sink.writer.write(s.charAt(0));
      } else {
        sink.writer.write(s);
      }
    }
    MalformedStreamException e = assertThrows(MalformedStreamException.class, () -> sink.writer.write(m.failing()), ctx::get);
    String all = String.join("", m.before()) + m.failing();
    String kept = all.substring(0, (int) m.charIndex());
    assertEquals(m.charIndex(), e.charIndex(), () -> ctx.get() + ": charIndex");
    assertEquals(Utf8.encodedLength(kept), e.byteOffset(), () -> ctx.get() + ": byteOffset");
    for (String s : m.after()) {
      sink.writer.write(s); // the writer goes on
    }
    sink.writer.close();
    String expected = m.expectedOutput() != null ? m.expectedOutput() : kept + String.join("", m.after());
    assertEquals(hex(expected.getBytes(UTF_8)), hex(sink.bytes()), () -> ctx.get() + ": output = bytes before the error + later writes");
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void strictRandomTextsReportTheSurrogateAndGoOn(Target target) throws IOException {
    long seed = TestSupport.seed(0x57_3217EL);
    SplittableRandom random = new SplittableRandom(seed);
    RandomCalls calls = new RandomCalls(random);
    for (int t = 0; t < 100; t++) {
      String valid = StreamTestSupport.randomText(random, 1 + random.nextInt(t % 5 == 0 ? 5000 : 60), false);
      // One unpaired surrogate strictly inside the text, not next to a pair it could join.
      int at = random.nextInt(valid.length());
      if (Character.isLowSurrogate(valid.charAt(at))) {
        at++;
      }
      char lone = random.nextBoolean() ? '\uDC00' : '\uDBFF';
      String s = valid.substring(0, at) + lone + (Character.isHighSurrogate(lone) ? "x" : "") + valid.substring(at);
      int bad = Utf8ReferenceEncoder.firstUnpairedSurrogate(s, 0, s.length());
      assertEquals(at, bad);
      String later = StreamTestSupport.randomText(random, random.nextInt(200), false);
      int n = t;
      Supplier<String> ctx = () -> target + ", text " + n + " (" + s.length() + " chars, unpaired at " + bad + "), " + seedMessage(seed);

      Sink sink = target.open(ErrorPolicy.STRICT);
      List<NamedText> kinds = TestSupport.charSequences(s);
      int maxPiece = calls.maxPiece();
      MalformedStreamException error = null;
      String failingCall = null;
      for (int from = 0; from < s.length() && error == null; ) {
        int to = calls.nextEnd(s, from, maxPiece);
        try {
          calls.write(sink.writer, s, kinds, from, to);
        } catch (MalformedStreamException e) {
          error = e;
          failingCall = "[" + from + ", " + to + ")";
        }
        from = to;
      }
      if (error == null) {
        fail(ctx.get() + ": no MalformedStreamException");
      }
      String call = failingCall;
      MalformedStreamException e = error;
      assertEquals(bad, e.charIndex(), () -> ctx.get() + ": charIndex, thrown by the call writing " + call);
      assertEquals(Utf8.encodedLength(s.substring(0, bad)), e.byteOffset(), () -> ctx.get() + ": byteOffset");
      calls.writeAll(sink.writer, later);
      sink.writer.close();
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      expected.writeBytes(Utf8.encode(s.substring(0, bad)));
      expected.writeBytes(Utf8.encode(later));
      assertArrayEquals(expected.toByteArray(), sink.bytes(), () -> ctx.get() + ": bytes before the error + later writes");
    }
  }

  // -------------------------------------------------------------------------------------------------
  // flush, close, arguments

  @Test
  void flushPushesBytesButKeepsAWaitingHighSurrogate() throws IOException {
    RecordingOutputStream stream = new RecordingOutputStream();
    TextWriter writer = new TextWriter(stream);
    writer.write("abc");
    assertEquals(0, stream.received().length, "buffered until a flush");
    writer.flush();
    assertEquals("abc", new String(stream.received(), UTF_8));
    assertEquals(1, stream.flushes(), "the stream itself is flushed");
    writer.write("x\uD83D");
    writer.flush();
    assertEquals("abcx", new String(stream.received(), UTF_8), "the high half waits for its low half");
    writer.write('\uDE00');
    writer.close();
    assertEquals("abcx😀", new String(stream.received(), UTF_8));
    assertEquals(1, stream.closes());
  }

  @Test
  void aFullBufferIsWrittenToTheStreamBeforeAnyFlush() throws IOException {
    RecordingOutputStream stream = new RecordingOutputStream();
    TextWriter writer = new TextWriter(stream, TextCodecs.UTF_8, 16);
    String s = "€".repeat(40);
    writer.write(s);
    assertTrue(stream.received().length >= 120 - 16, "at most a buffer's worth is held back");
    writer.close();
    assertEquals(s, new String(stream.received(), UTF_8));
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void writingAfterCloseFails(Target target) throws IOException {
    Sink sink = target.open(ErrorPolicy.STRICT);
    TextWriter writer = sink.writer;
    writer.write("ok");
    writer.close();
    writer.close(); // twice is fine
    if (sink.stream != null) {
      assertEquals(1, sink.stream.closes());
    }
    assertThrows(IOException.class, () -> writer.write('a'));
    assertThrows(IOException.class, () -> writer.write(0xD83D));
    assertThrows(IOException.class, () -> writer.write(new char[] {'a'}, 0, 1));
    assertThrows(IOException.class, () -> writer.write("a", 0, 1));
    assertThrows(IOException.class, () -> writer.write("a"));
    assertThrows(IOException.class, () -> writer.append("a"));
    assertThrows(IOException.class, () -> writer.append("a", 0, 1));
    assertThrows(IOException.class, () -> writer.append('a'));
    assertThrows(IOException.class, writer::flush);
    assertEquals("ok", new String(sink.bytes(), UTF_8));
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void appendNullWritesNull(Target target) throws IOException {
    Sink sink = target.open(ErrorPolicy.STRICT);
    sink.writer.append(null);
    sink.writer.append(null, 1, 3);
    sink.writer.close();
    assertEquals("nullul", new String(sink.bytes(), UTF_8));
  }

  @Test
  void argumentsOutOfRangeAreRefused() throws IOException {
    RecordingOutputStream stream = new RecordingOutputStream();
    TextWriter writer = new TextWriter(stream, Utf8.codec(ErrorPolicy.REPLACE));
    char[] chars = "abc".toCharArray();
    assertThrows(IndexOutOfBoundsException.class, () -> writer.write(chars, -1, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.write(chars, 0, 4));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.write(chars, 2, -1));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.write("abc", 1, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.write("abc", -1, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.append("abc", 2, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.append("abc", 0, 4));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.append(null, 0, 5));
    writer.write(chars, 1, 2); // still usable, nothing written by the refused calls
    writer.close();
    assertEquals("bc", new String(stream.received(), UTF_8));
  }

  @Test
  void constructorArguments() {
    assertThrows(IllegalArgumentException.class, () -> new TextWriter(new RecordingOutputStream(), TextCodecs.UTF_8, 15));
    assertThrows(NullPointerException.class, () -> new TextWriter((java.io.OutputStream) null));
    assertThrows(NullPointerException.class, () -> new TextWriter((SegmentedBuffer) null));
  }

  @Test
  void writeIntTakesTheLow16BitsAsWriterSays() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TextWriter writer = new TextWriter(bytes)) {
      writer.write(0x10041); // 'A'
      writer.write(-1); // U+FFFF, not the byte FF
      writer.write(0xFFFF_00E9); // U+00E9
    }
    assertEquals("41 EF BF BF C3 A9", hex(bytes.toByteArray()));
  }
}
