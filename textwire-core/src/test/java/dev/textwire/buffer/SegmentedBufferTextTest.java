package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEED;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEGMENT_SIZES;
import static dev.textwire.buffer.SegmentedBufferTestSupport.expectedUtf8;
import static dev.textwire.buffer.SegmentedBufferTestSupport.firstUnpairedSurrogate;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.TestSupport.NamedText;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SegmentedBuffer's writeUtf8 with unpaired surrogates, in long texts that span several segments and
 * in every kind of CharSequence: strict is all or nothing, the replacements are the documented bytes.
 * Every failure message names the seed; replay it with {@code -Dtextwire.test.seed=<seed>}.
 */
class SegmentedBufferTextTest {
  // -----------------------------------------------------------------------------------------------
  // Unpaired surrogates: strict is all or nothing, the replacements are the documented bytes

  /** Where the unpaired surrogate goes in a long text that spans several segments. */
  enum Placement {
    FIRST,
    SECOND,
    /** The first char that starts two segment boundaries into the text: earlier segments already written. */
    AFTER_SEGMENT_BOUNDARY,
    /** A high surrogate as the very last char. */
    LAST,
    /** The range ends with a high surrogate; the low half after it is outside the range. */
    HIGH_AT_RANGE_END_BEFORE_LOW,
    /** The range starts with a low surrogate; the high half before it is outside the range. */
    LOW_AT_RANGE_START_AFTER_HIGH,
    /** A 10-char text: for large segments it takes the one-shot path, not the resumable encoder. */
    SHORT_TEXT
  }

  static Stream<Arguments> surrogateCases() {
    List<Arguments> out = new ArrayList<>();
    for (int size : SEGMENT_SIZES) {
      for (Placement placement : Placement.values()) {
        out.add(Arguments.of(size, placement));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "segmentSize={0}, {1}")
  @MethodSource("surrogateCases")
  void unpairedSurrogate(int segmentSize, Placement placement) {
    SplittableRandom random = new SplittableRandom(SEED ^ segmentSize ^ placement.ordinal());
    byte[] prefix = new byte[5]; // so the text starts mid-segment (or segments in, for tiny ones)
    random.nextBytes(prefix);
    String base = mixedText(random, placement == Placement.SHORT_TEXT ? 9 : Math.max(300, 3 * segmentSize));

    // The whole string handed to writeUtf8, the range of it to encode, and where the bad char is.
    String pad = "<<<";
    String text;
    int bad;
    int begin = pad.length();
    switch (placement) {
      case FIRST -> {
        text = pad + '\uDC01' + base + ">>";
        bad = begin;
      }
      case SECOND -> {
        text = pad + 'a' + '\uD801' + base + ">>";
        bad = begin + 1;
      }
      case AFTER_SEGMENT_BOUNDARY -> {
        long target = (prefix.length / segmentSize + 2L) * segmentSize - prefix.length;
        int at = charIndexAtByteOffset(base, target);
        assertTrue(at < base.length(), "text too short to cross two segment boundaries");
        text = pad + base.substring(0, at) + '\uD802' + base.substring(at) + ">>";
        bad = begin + at;
      }
      case LAST -> {
        text = pad + base + '\uDBFF' + ">>";
        bad = begin + base.length();
      }
      case HIGH_AT_RANGE_END_BEFORE_LOW -> {
        text = pad + base + '\uD83D' + '\uDE00' + ">>";
        bad = begin + base.length();
      }
      case LOW_AT_RANGE_START_AFTER_HIGH -> {
        text = "<<\uD83D\uDE00" + base + ">>";
        bad = begin;
      }
      default -> {
        int at = charIndexAtByteOffset(base, 4); // a code point boundary, so the low half has no high before it
        text = pad + base.substring(0, at) + '\uDFFF' + base.substring(at) + ">>";
        bad = begin + at;
      }
    }
    int end = placement == Placement.HIGH_AT_RANGE_END_BEFORE_LOW ? bad + 1 : text.length() - 2;
    String range = text.substring(begin, end);
    assertEquals(bad - begin, firstUnpairedSurrogate(range, 0, range.length()), "the case is built as meant");

    for (NamedText kind : TestSupport.charSequences(text)) {
      String where = seedMessage(SEED) + ", segmentSize=" + segmentSize + ", " + placement + ", " + kind;
      SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
      buffer.write(prefix);

      MalformedTextException e =
          assertThrows(
              MalformedTextException.class,
              () -> buffer.writeText(kind.text(), begin, end, Utf8.codec(ErrorPolicy.STRICT)),
              where);
      assertEquals(bad, e.charIndex(), where + ": the index in the caller's text");
      assertEquals(1, e.malformedLength(), where);
      assertEquals(prefix.length, buffer.size(), where);
      assertArrayEquals(prefix, buffer.toByteArray(), where + ": the buffer as before the call");
      // Usable afterwards: the next bytes go straight after the prefix.
      buffer.writeText("ok");
      assertArrayEquals(TestSupport.concat(prefix, "ok".getBytes(UTF_8)), buffer.toByteArray(), where);

      // Where the replacement goes: after the UTF-8 of the good chars before the bad one.
      int at = prefix.length + range.substring(0, bad - begin).getBytes(UTF_8).length;

      buffer.truncate(prefix.length);
      long written = buffer.writeText(kind.text(), begin, end, Utf8.codec(ErrorPolicy.REPLACE));
      byte[] expected = TestSupport.concat(prefix, expectedUtf8(range, ErrorPolicy.REPLACE));
      assertEquals(expected.length - prefix.length, written, where);
      assertArrayEquals(expected, buffer.toByteArray(), where + ": REPLACE");
      assertEquals("EF BF BD", TestSupport.hex(buffer.toByteArray(at, 3)), where + ": REPLACE writes U+FFFD");

      buffer.truncate(prefix.length);
      written = buffer.writeText(kind.text(), begin, end, Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK));
      expected = TestSupport.concat(prefix, range.getBytes(UTF_8)); // the JDK writes '?'
      assertEquals(expected.length - prefix.length, written, where);
      assertArrayEquals(expected, buffer.toByteArray(), where + ": REPLACE_WITH_QUESTION_MARK");
      assertEquals(0x3F, buffer.get(at), where + ": REPLACE_WITH_QUESTION_MARK writes '?'");
    }
  }

  /** ASCII, Latin-1, CJK and emoji mixed char by char, so characters of every length straddle segments. */
  static String mixedText(SplittableRandom random, int chars) {
    StringBuilder sb = new StringBuilder(chars + 1);
    while (sb.length() < chars) {
      switch (random.nextInt(4)) {
        case 0 -> sb.append((char) random.nextInt(0x20, 0x7F));
        case 1 -> sb.append((char) random.nextInt(0xA0, 0x100));
        case 2 -> sb.append((char) random.nextInt(0x4E00, 0xA000));
        default -> sb.appendCodePoint(random.nextInt(0x1F300, 0x1FA00));
      }
    }
    return sb.toString();
  }

  /** The first code point boundary in {@code text} whose UTF-8 offset is at least {@code byteOffset}. */
  static int charIndexAtByteOffset(String text, long byteOffset) {
    long bytes = 0;
    int i = 0;
    while (i < text.length() && bytes < byteOffset) {
      int codePoint = text.codePointAt(i);
      bytes += new String(Character.toChars(codePoint)).getBytes(UTF_8).length;
      i += Character.charCount(codePoint);
    }
    return i;
  }
}
