package dev.textwire.io;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.TextCodecs;
import dev.textwire.Utf8;
import dev.textwire.Utf8ReferenceDecoder;
import dev.textwire.io.StreamTestSupport.TricklingInputStream;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.MalformedInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link TextReader} in UTF-8 over streams that return short reads (down to one byte at a time), with
 * buffers of 1, 2, 4, 5 and 7 bytes (so sequences straddle refills) and the default, read through random
 * mixes of read(), read(char[], off, len) with lengths down to 1 (so a pair is split across reads) and
 * read(CharBuffer). Whatever the cuts, the chars must equal the one-shot codec's on all the bytes; under
 * STRICT the reader delivers the valid prefix and then reports the first ill-formed sequence where the
 * codec does. (Every codec: {@link TextReaderCodecsTest}.)
 */
class TextReaderTest {
  private static final ErrorPolicy[] POLICIES = ErrorPolicy.values();
  private static final int[] BUFFER_SIZES = {1, 2, 4, 5, 7, TextReader.DEFAULT_BUFFER_SIZE};
  /** Most bytes a trickling stream returns per read: one at a time, a few, or plenty. */
  private static final int[] MAX_READS = {1, 2, 3, 7, 64, 1 << 16};

  /** What a read to the end (or to a strict error) gave. */
  record Result(String chars, MalformedStreamException error) {}

  /**
   * Reads until -1 or a MalformedStreamException, each call of a random kind and size. Checks each call's
   * count and {@link TextReader#charsRead()}; anything else thrown fails with the context.
   */
  static Result readAll(TextReader reader, SplittableRandom random, Supplier<String> ctx) {
    StringBuilder sb = new StringBuilder();
    int maxLen = new int[] {1, 2, 3, 16, 5000}[random.nextInt(5)];
    char[] cbuf = new char[maxLen + 8];
    while (true) {
      int length = random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 1 + random.nextInt(maxLen);
      int before = sb.length();
      try {
        int n;
        switch (random.nextInt(4)) {
          case 0:
            {
              int c = reader.read();
              n = c < 0 ? -1 : 1;
              if (c >= 0) {
                assertTrue(c <= 0xFFFF, ctx);
                sb.append((char) c);
              }
              break;
            }
          case 1:
          case 2:
            {
              int off = random.nextInt(8);
              n = reader.read(cbuf, off, length);
              if (n > 0) {
                sb.append(cbuf, off, n);
              }
              break;
            }
          default:
            {
              CharBuffer target = charBuffer(random, length);
              int position = target.position();
              n = reader.read(target);
              if (n > 0) {
                assertEquals(position + n, target.position(), ctx);
                target.flip().position(position);
                sb.append(target);
              }
            }
        }
        if (n < 0) {
          assertEquals(-1, n, ctx);
          assertEquals(-1, reader.read(), () -> ctx.get() + ": -1 again after the end");
          assertEquals(sb.length(), reader.charsRead(), () -> ctx.get() + ": charsRead");
          return new Result(sb.toString(), null);
        }
        int count = n;
        assertTrue(count >= 1 && count <= length, () -> ctx.get() + ": read " + count + " chars of " + length);
        assertEquals(before + count, reader.charsRead(), () -> ctx.get() + ": charsRead");
      } catch (MalformedStreamException e) {
        return new Result(sb.toString(), e);
      } catch (IOException | RuntimeException e) {
        throw new AssertionError(ctx.get() + ": after " + sb.length() + " chars: " + e, e);
      }
    }
  }

  /** A CharBuffer with room for {@code length} chars: on an array (maybe offset), or direct (no array). */
  private static CharBuffer charBuffer(SplittableRandom random, int length) {
    switch (random.nextInt(3)) {
      case 0:
        return CharBuffer.allocate(length);
      case 1:
        return CharBuffer.wrap(new char[length + 5], 3, length).slice(); // array offset 3
      default:
        return ByteBuffer.allocateDirect(2 * length).asCharBuffer();
    }
  }

  /** A reader over {@code bytes} that trickle in, with a buffer size and read limit chosen at random. */
  private static TextReader trickling(byte[] bytes, ErrorPolicy policy, SplittableRandom random, int[] shape) {
    int bufferSize = BUFFER_SIZES[random.nextInt(BUFFER_SIZES.length)];
    int maxRead = MAX_READS[random.nextInt(MAX_READS.length)];
    shape[0] = bufferSize;
    shape[1] = maxRead;
    return new TextReader(new TricklingInputStream(bytes, random, maxRead), Utf8.codec(policy), bufferSize);
  }

  /** Reads {@code bytes} to the end under a replacing policy (or STRICT on valid bytes) and compares. */
  private static void checkReadsLikeOneShot(byte[] bytes, ErrorPolicy policy, SplittableRandom random, Supplier<String> context) {
    int[] shape = new int[2];
    TextReader reader = trickling(bytes, policy, random, shape);
    Supplier<String> ctx = () -> context.get() + ", " + policy + ", buffer " + shape[0] + ", reads of up to " + shape[1];
    Result result = readAll(reader, random, ctx);
    if (result.error() != null) {
      throw new AssertionError(ctx.get() + ": unexpected error after " + result.chars().length() + " chars", result.error());
    }
    String expected = Utf8.codec(policy).decode(bytes);
    if (!expected.equals(result.chars())) {
      fail(ctx.get() + ": chars differ from the one-shot decode: expected " + TestSupport.codePoints(expected)
          + " but was " + TestSupport.codePoints(result.chars()) + firstDifference(expected, result.chars()));
    }
  }

  private static String firstDifference(String expected, String actual) {
    int i = 0;
    while (i < expected.length() && i < actual.length() && expected.charAt(i) == actual.charAt(i)) {
      i++;
    }
    return " (first difference at char " + i + " of " + expected.length() + "/" + actual.length() + ")";
  }

  // -------------------------------------------------------------------------------------------------
  // Well-formed input

  @Test
  void validRandomTextUnderEveryBufferAndPolicy() {
    long seed = TestSupport.seed(0x2EAD_0001L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 200; t++) {
      String text = StreamTestSupport.randomText(random, random.nextInt(5) == 0 ? random.nextInt(10_000) : random.nextInt(80), false);
      byte[] bytes = text.getBytes(UTF_8);
      int n = t;
      for (ErrorPolicy policy : POLICIES) {
        checkReadsLikeOneShot(bytes, policy, random, () -> "text " + n + " (" + bytes.length + " bytes), " + seedMessage(seed));
      }
    }
  }

  @Test
  void everyBufferSizeWithOneByteReadsAndOneCharReads() {
    // The tightest cuts, every buffer size: one byte per stream read, one char per reader read.
    String text = "aé€😀\u0800\uFFFF\uD800\uDC00\uDBFF\uDFFF" + "x😀".repeat(20) + "€é".repeat(20);
    byte[] bytes = text.getBytes(UTF_8);
    for (int bufferSize : BUFFER_SIZES) {
      for (ErrorPolicy policy : POLICIES) {
        TextReader reader = new TextReader(new TricklingInputStream(bytes, new SplittableRandom(1), 1), Utf8.codec(policy), bufferSize);
        StringBuilder sb = new StringBuilder();
        try {
          for (int c; (c = reader.read()) >= 0; ) {
            sb.append((char) c);
          }
        } catch (IOException e) {
          throw new AssertionError("buffer " + bufferSize + ", " + policy, e);
        }
        assertEquals(text, sb.toString(), "buffer " + bufferSize + ", " + policy);
        assertEquals(text.length(), reader.charsRead());
      }
    }
  }

  @Test
  void corpusFiles() {
    long seed = TestSupport.seed(0xC02F_2EADL);
    SplittableRandom random = new SplittableRandom(seed);
    List<Path> files = TestSupport.corpusFiles();
    for (int f = 0; f < files.size(); f++) {
      Path file = files.get(f);
      byte[] bytes = TestSupport.read(file);
      assertEquals(new String(bytes, UTF_8), Utf8.decode(bytes), "the corpus is valid UTF-8");
      ErrorPolicy policy = POLICIES[f % POLICIES.length];
      checkReadsLikeOneShot(bytes, policy, random, () -> TestSupport.corpusName(file) + ", " + seedMessage(seed));
    }
  }

  @Test
  void supplementaryCharSplitAcrossReads() throws IOException {
    byte[] bytes = "😀a😁".getBytes(UTF_8);
    for (int bufferSize : BUFFER_SIZES) {
      TextReader reader = new TextReader(new TricklingInputStream(bytes, new SplittableRandom(2), 1), TextCodecs.UTF_8, bufferSize);
      assertEquals(0xD83D, reader.read(), "high half alone");
      assertEquals(1, reader.charsRead());
      assertTrue(reader.ready(), "the low half is waiting");
      char[] cbuf = new char[4];
      // The low half first; 'a' may come with it or (bytes not yet read, and a reader doesn't block for
      // more once it has something to give) with the next read.
      int n = reader.read(cbuf, 1, 2);
      assertEquals('\uDE00', cbuf[1]);
      if (n == 1) {
        assertEquals(1, reader.read(cbuf, 2, 1));
      }
      assertEquals('a', cbuf[2]);
      assertEquals(1, reader.read(cbuf, 0, 1), "one slot: the high half of U+1F601");
      assertEquals('\uD83D', cbuf[0]);
      assertEquals(1, reader.read(cbuf, 3, 1));
      assertEquals('\uDE01', cbuf[3]);
      assertEquals(-1, reader.read(cbuf, 0, 4));
      assertEquals(5, reader.charsRead());
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Ill-formed input

  @ParameterizedTest
  @EnumSource(
      value = ErrorPolicy.class,
      names = {"REPLACE", "REPLACE_WITH_QUESTION_MARK"})
  void illFormedBytesAreReplacedLikeOneShot(ErrorPolicy policy) {
    long seed = TestSupport.seed(0xBAD_2EADL);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 1500; t++) {
      byte[] bytes = StreamTestSupport.randomIllFormedBytes(random, random.nextInt(10) == 0 ? random.nextInt(20_000) : random.nextInt(60));
      int n = t;
      Supplier<String> ctx = () -> "bytes " + n + " (" + TestSupport.hexAround(bytes, 0, bytes.length, 0) + "), " + seedMessage(seed);
      // Both replacing policies decode alike: one U+FFFD per maximal subpart, as the reference does.
      assertEquals(Utf8ReferenceDecoder.decodeReplacing(bytes), Utf8.codec(policy).decode(bytes), () -> ctx.get() + ": the oracle");
      checkReadsLikeOneShot(bytes, policy, random, ctx);
    }
  }

  @Test
  void strictDeliversTheValidPrefixThenReportsTheFirstError() {
    long seed = TestSupport.seed(0x57_2EADL);
    SplittableRandom random = new SplittableRandom(seed);
    int errors = 0;
    for (int t = 0; t < 1500; t++) {
      byte[] bytes = StreamTestSupport.randomIllFormedBytes(random, random.nextInt(10) == 0 ? random.nextInt(20_000) : random.nextInt(60));
      int[] shape = new int[2];
      TextReader reader = trickling(bytes, ErrorPolicy.STRICT, random, shape);
      int n = t;
      Supplier<String> ctx =
          () -> "bytes " + n + " (" + bytes.length + " bytes), buffer " + shape[0] + ", reads of up to " + shape[1] + ", " + seedMessage(seed);
      Result result = readAll(reader, random, ctx);
      Utf8ReferenceDecoder.Error reference = Utf8ReferenceDecoder.firstError(bytes);
      MalformedTextException oneShot = null;
      try {
        Utf8.decode(bytes);
      } catch (MalformedTextException e) {
        oneShot = e;
      }
      if (reference == null) {
        assertNull(oneShot, ctx);
        assertNull(result.error(), ctx);
        assertEquals(new String(bytes, UTF_8), result.chars(), ctx);
        continue;
      }
      errors++;
      assertNotNull(oneShot, ctx);
      assertEquals(reference.offset(), oneShot.byteOffset(), () -> ctx.get() + ": the oracles agree");
      assertEquals(reference.truncated(), oneShot.isTruncated(), () -> ctx.get() + ": the oracles agree on truncation");
      MalformedStreamException e = result.error();
      if (e == null) {
        fail(ctx.get() + ": read to the end without an error; the first is at byte " + reference.offset());
      }
      String prefix = Utf8.decode(bytes, 0, (int) oneShot.byteOffset());
      assertEquals(prefix, result.chars(), () -> ctx.get() + ": exactly the chars of the valid prefix");
      assertEquals(oneShot.byteOffset(), e.byteOffset(), () -> ctx.get() + ": byteOffset at " + TestSupport.hexAround(bytes, 0, bytes.length, (int) e.byteOffset()));
      assertEquals(prefix.length(), e.charIndex(), () -> ctx.get() + ": charIndex = chars delivered");
      assertEquals(oneShot.isTruncated(), e.isTruncated(), () -> ctx.get() + ": isTruncated");
      assertEquals(oneShot.malformedLength(), e.getInputLength(), () -> ctx.get() + ": malformed length");
      assertEquals(prefix.length(), reader.charsRead(), ctx);
    }
    assertTrue(errors > 1000, "most random inputs are ill-formed: " + errors);
  }

  /** An ill-formed input, where its first error is, and whether the stream ends inside it. */
  record Bad(String hex, long byteOffset, String prefix, boolean truncated) {}

  static final List<Bad> BAD =
      List.of(
          new Bad("61 62 F0 9F 98", 2, "ab", true), // cut short by the end of the stream
          new Bad("61 C3", 1, "a", true),
          new Bad("61 C3 62", 1, "a", false), // cut short by a non-continuation: ill-formed, not truncated
          new Bad("61 80 62", 1, "a", false), // stray continuation
          new Bad("C0 AF", 0, "", false), // overlong
          new Bad("E0 80 AF", 0, "", false), // overlong
          new Bad("E2 82 AC ED A0 80", 3, "€", false), // encoded surrogate
          new Bad("F4 90 80 80", 0, "", false), // above U+10FFFF
          new Bad("F0 9F 98 80 FF", 4, "😀", false), // a pair, then a bad byte
          new Bad("F0 9F 98 80 F0 9F", 4, "😀", true)); // a pair, then a sequence cut by the end

  @Test
  void strictErrorsWithEveryBufferSizeAndReadSize() {
    for (Bad bad : BAD) {
      byte[] bytes = bytes(bad.hex());
      for (int bufferSize : BUFFER_SIZES) {
        for (int maxRead : new int[] {1, 100}) {
          for (int readSize : new int[] {1, 2, 100}) {
            Supplier<String> ctx = () -> bad.hex() + ", buffer " + bufferSize + ", stream reads " + maxRead + ", reads of " + readSize;
            TextReader reader = new TextReader(new TricklingInputStream(bytes, new SplittableRandom(3), maxRead), TextCodecs.UTF_8, bufferSize);
            StringBuilder sb = new StringBuilder();
            char[] cbuf = new char[readSize];
            MalformedStreamException error = null;
            try {
              for (int n; (n = reader.read(cbuf, 0, readSize)) >= 0; ) {
                sb.append(cbuf, 0, n);
              }
            } catch (MalformedStreamException e) {
              error = e;
            } catch (IOException | RuntimeException e) {
              throw new AssertionError(ctx.get() + ": after " + TestSupport.codePoints(sb.toString()) + ": " + e, e);
            }
            if (error == null) {
              fail(ctx.get() + ": no MalformedStreamException");
            }
            MalformedStreamException e = error;
            assertEquals(bad.prefix(), sb.toString(), ctx);
            assertEquals(bad.byteOffset(), e.byteOffset(), ctx);
            assertEquals(bad.prefix().length(), e.charIndex(), ctx);
            assertEquals(bad.truncated(), e.isTruncated(), ctx);
            assertInstanceOf(MalformedInputException.class, e);
            assertInstanceOf(MalformedTextException.class, e.getCause());
          }
        }
      }
    }
  }

  @Test
  void replacingTruncatedSequenceAtTheEnd() throws IOException {
    for (int bufferSize : BUFFER_SIZES) {
      for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
        TextReader reader = new TextReader(new ByteArrayInputStream(bytes("61 62 F0 9F 98")), Utf8.codec(policy), bufferSize);
        char[] cbuf = new char[8];
        StringBuilder sb = new StringBuilder();
        for (int n; (n = reader.read(cbuf, 0, 8)) >= 0; ) {
          sb.append(cbuf, 0, n);
        }
        assertEquals("ab\uFFFD", sb.toString(), "buffer " + bufferSize + ", " + policy + ": one U+FFFD for the cut sequence");
      }
    }
  }

  // -------------------------------------------------------------------------------------------------
  // End of stream, ready, close, arguments

  @Test
  void endOfStream() throws IOException {
    TextReader empty = new TextReader(new ByteArrayInputStream(new byte[0]));
    assertEquals(-1, empty.read());
    assertEquals(-1, empty.read(new char[4], 0, 4));
    assertEquals(-1, empty.read(CharBuffer.allocate(4)));
    assertEquals(-1, empty.read());
    assertEquals(0, empty.charsRead());

    TextReader reader = new TextReader(new ByteArrayInputStream("hé".getBytes(UTF_8)), TextCodecs.UTF_8, 4);
    char[] cbuf = new char[8];
    assertEquals(2, reader.read(cbuf, 0, 8));
    assertEquals(-1, reader.read(cbuf, 0, 8));
    assertEquals(-1, reader.read(cbuf, 0, 8), "and again");
    assertEquals(-1, reader.read());
    assertEquals(2, reader.charsRead());
  }

  @Test
  void zeroLengthReadReturnsZero() throws IOException {
    TextReader reader = new TextReader(new ByteArrayInputStream("abc".getBytes(UTF_8)));
    char[] cbuf = new char[4];
    assertEquals(0, reader.read(cbuf, 2, 0));
    assertEquals(0, reader.read(cbuf, 4, 0), "at the end of the array too");
    assertEquals(3, reader.read(cbuf, 0, 4));
    assertEquals(0, reader.read(cbuf, 0, 0), "at the end of the stream: len 0 reads nothing and returns 0");
    assertEquals(3, reader.charsRead());
  }

  @Test
  void badRangesAreRefused() throws IOException {
    TextReader reader = new TextReader(new ByteArrayInputStream("abc".getBytes(UTF_8)));
    char[] cbuf = new char[4];
    assertThrows(IndexOutOfBoundsException.class, () -> reader.read(cbuf, -1, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> reader.read(cbuf, 0, 5));
    assertThrows(IndexOutOfBoundsException.class, () -> reader.read(cbuf, 2, -1));
    assertThrows(IndexOutOfBoundsException.class, () -> reader.read(cbuf, 4, 1));
    assertEquals(3, reader.read(cbuf, 0, 4), "nothing consumed by the refused calls");
  }

  /** A stream that never says bytes are available, so only the reader's own buffer makes it ready. */
  private static InputStream silent(byte[] bytes) {
    return new FilterInputStream(new ByteArrayInputStream(bytes)) {
      @Override
      public int available() {
        return 0;
      }
    };
  }

  @Test
  void readyWhenCharsOrBytesAreAtHand() throws IOException {
    TextReader fromAvailable = new TextReader(new ByteArrayInputStream("abc".getBytes(UTF_8)));
    assertTrue(fromAvailable.ready(), "the stream has bytes available");

    TextReader reader = new TextReader(silent("ab😀".getBytes(UTF_8)));
    assertFalse(reader.ready(), "nothing buffered, nothing available");
    assertEquals('a', reader.read());
    assertTrue(reader.ready(), "the rest of the bytes are buffered");
    assertEquals('b', reader.read());
    assertEquals(0xD83D, reader.read());
    assertTrue(reader.ready(), "the low half is waiting");
    assertEquals(0xDE00, reader.read());
    assertFalse(reader.ready(), "all read");
    assertEquals(-1, reader.read());
    assertTrue(reader.ready(), "the end is known: a read returns -1 at once");
  }

  @Test
  void closeClosesTheStream() throws IOException {
    TricklingInputStream stream = new TricklingInputStream("abc".getBytes(UTF_8), new SplittableRandom(4), 1);
    TextReader reader = new TextReader(stream, Utf8.codec(ErrorPolicy.REPLACE));
    assertEquals('a', reader.read());
    reader.close();
    assertTrue(stream.isClosed());
    reader.close(); // twice is fine
    assertThrows(IOException.class, reader::read);
    assertThrows(IOException.class, () -> reader.read(new char[4], 0, 4));
    assertThrows(IOException.class, () -> reader.read(CharBuffer.allocate(4)));
    assertThrows(IOException.class, reader::ready);
  }

  @Test
  void charsReadCountsCharsNotCodePoints() throws IOException {
    TextReader reader = new TextReader(new ByteArrayInputStream("a😀é".getBytes(UTF_8)));
    char[] cbuf = new char[8];
    assertEquals(4, reader.read(cbuf, 0, 8));
    assertEquals(4, reader.charsRead(), "a pair counts two chars");
    assertEquals(-1, reader.read(cbuf, 0, 8));
    assertEquals(4, reader.charsRead(), "-1 counts nothing");
  }

  @Test
  void constructorArguments() {
    // A buffer of one byte works (the decoder keeps a cut sequence); none does not.
    assertThrows(IllegalArgumentException.class, () -> new TextReader(new ByteArrayInputStream(new byte[0]), TextCodecs.UTF_8, 0));
    assertThrows(IllegalArgumentException.class, () -> new TextReader(new ByteArrayInputStream(new byte[0]), TextCodecs.UTF_8, -1));
    assertThrows(NullPointerException.class, () -> new TextReader(null));
    assertThrows(NullPointerException.class, () -> new TextReader(new ByteArrayInputStream(new byte[0]), null));
  }
}
