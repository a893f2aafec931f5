package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link ModifiedUtf8} and {@link TextCodecs#MODIFIED_UTF_8} against the JDK's own writer and reader of
 * modified UTF-8, {@code DataOutputStream.writeUTF} and {@code DataInputStream.readUTF}: byte for byte on
 * every char, every supplementary code point and random strings; the 65,535-byte limit; the long form;
 * and input cut short.
 */
class ModifiedUtf8WriteUtfTest {
  private static final TextCodec MUTF8 = TextCodecs.MODIFIED_UTF_8;

  /** What DataOutputStream.writeUTF writes, length prefix included. */
  private static byte[] jdkWriteUtf(String s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new DataOutputStream(out).writeUTF(s);
    return out.toByteArray();
  }

  private static byte[] ourWriteUtf(String s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ModifiedUtf8.writeUTF(new DataOutputStream(out), s);
    return out.toByteArray();
  }

  private static String jdkReadUtf(byte[] framed) throws IOException {
    return new DataInputStream(new ByteArrayInputStream(framed)).readUTF();
  }

  private static String ourReadUtf(byte[] framed) throws IOException {
    return ModifiedUtf8.readUTF(new DataInputStream(new ByteArrayInputStream(framed)));
  }

  /** All the agreements for one string: codec bytes, length, writeUTF bytes, and both readers both ways. */
  private static void checkAgainstJdk(String s, Supplier<String> ctx) throws IOException {
    byte[] framed = jdkWriteUtf(s);
    byte[] bare = Arrays.copyOfRange(framed, 2, framed.length);
    byte[] encoded = MUTF8.encode(s);
    if (!Arrays.equals(bare, encoded)) {
      fail(ctx.get() + ": encode is " + hex(encoded) + ", writeUTF wrote " + hex(bare));
    }
    assertEquals(bare.length, MUTF8.encodedLength(s), ctx);
    assertEquals(bare.length, TextCodecs.MODIFIED_UTF_8.encodedLength(s), ctx);
    assertArrayEquals(framed, ourWriteUtf(s), () -> ctx.get() + ": ModifiedUtf8.writeUTF");
    assertEquals(s, MUTF8.decode(bare), () -> ctx.get() + ": decode");
    assertEquals(s, ourReadUtf(framed), () -> ctx.get() + ": ModifiedUtf8.readUTF of the JDK's bytes");
  }

  @Test
  void everyCharAloneEqualsWriteUtf() throws IOException {
    for (int c = 0; c <= 0xFFFF; c++) {
      String s = String.valueOf((char) c);
      int ch = c;
      checkAgainstJdk(s, () -> String.format("U+%04X", ch));
      // And in the middle of other text, where the kernels' fast loops meet it.
      String t = "ab" + s + "\u00E9\u20AC";
      checkAgainstJdk(t, () -> String.format("U+%04X in text", ch));
    }
  }

  @Test
  void everySupplementaryCodePointEqualsWriteUtf() throws IOException {
    StringBuilder batch = new StringBuilder();
    int first = 0x10000;
    for (int cp = 0x10000; cp <= 0x10FFFF; cp++) {
      batch.appendCodePoint(cp);
      if (batch.length() == 2000 || cp == 0x10FFFF) {
        String s = batch.toString();
        int from = first;
        int to = cp;
        checkAgainstJdk(s, () -> String.format("code points U+%X..U+%X", from, to));
        batch.setLength(0);
        first = cp + 1;
      }
    }
  }

  @Test
  void randomStringsEqualWriteUtfAndReadBackBothWays() throws IOException {
    long seed = TestSupport.seed(0x3C0DE_F00DL);
    SplittableRandom random = new SplittableRandom(seed);
    int tooLong = 0;
    for (int t = 0; t < 1500; t++) {
      int length = t % 50 == 0 ? random.nextInt(30_000) : random.nextInt(201);
      String s = Utf8FamilyAgreementTest.randomText(random, length, true, true);
      int n = t;
      Supplier<String> ctx = () -> "string " + n + " (" + s.length() + " chars), " + seedMessage(seed);
      if (TextCodecs.MODIFIED_UTF_8.encodedLength(s) > ModifiedUtf8.MAX_UTF_BYTES) {
        tooLong++;
        checkTooLong(s);
        continue;
      }
      checkAgainstJdk(s, ctx);
      assertEquals(s, jdkReadUtf(ourWriteUtf(s)), () -> ctx.get() + ": DataInputStream.readUTF of ours");
    }
    assertTrue(tooLong > 0 && tooLong < 30, "strings over the limit: " + tooLong + ", " + seedMessage(seed));
  }

  // -------------------------------------------------------------------------------------------------
  // The 65,535-byte limit

  /** A DataOutput that fails the test if anything at all is written to it. */
  private static DataOutput refusingOutput() {
    return (DataOutput) Proxy.newProxyInstance(
        DataOutput.class.getClassLoader(),
        new Class<?>[] {DataOutput.class},
        (proxy, method, args) -> {
          throw new AssertionError("nothing may be written, but " + method.getName() + " was called");
        });
  }

  private static void checkTooLong(String s) throws IOException {
    UTFDataFormatException jdk =
        assertThrows(UTFDataFormatException.class, () -> new DataOutputStream(new ByteArrayOutputStream()).writeUTF(s));
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(sink);
    UTFDataFormatException ours = assertThrows(UTFDataFormatException.class, () -> ModifiedUtf8.writeUTF(out, s));
    assertEquals(jdk.getMessage(), ours.getMessage());
    assertEquals(0, sink.size(), "nothing written");
    assertThrows(UTFDataFormatException.class, () -> ModifiedUtf8.writeUTF(refusingOutput(), s));
  }

  @Test
  void asciiUpTo65535BytesAndNotOneMore() throws IOException {
    String ok = "HEAD0123" + "x".repeat(65535 - 16) + "9876TAIL";
    assertEquals(65535, ok.length());
    byte[] framed = ourWriteUtf(ok);
    assertArrayEquals(jdkWriteUtf(ok), framed);
    assertEquals(0xFF, framed[0] & 0xFF);
    assertEquals(0xFF, framed[1] & 0xFF);
    assertEquals(ok, ourReadUtf(framed));

    String tooLong = "HEAD0123" + "x".repeat(65536 - 16) + "9876TAIL";
    checkTooLong(tooLong);
    assertEquals("encoded string (HEAD0123...9876TAIL) too long: 65536 bytes",
        assertThrows(UTFDataFormatException.class, () -> ModifiedUtf8.writeUTF(refusingOutput(), tooLong)).getMessage());
  }

  @Test
  void threeByteCharsUpTo65535BytesAndNotOneMore() throws IOException {
    String ok = "\u0800".repeat(21845);
    byte[] framed = ourWriteUtf(ok);
    assertEquals(2 + 65535, framed.length);
    assertArrayEquals(jdkWriteUtf(ok), framed);
    assertEquals(ok, ourReadUtf(framed));
    assertEquals(ok, jdkReadUtf(framed));

    checkTooLong(ok + "a");
    checkTooLong("a" + ok);
    checkTooLong(ok + "\0"); // U+0000 counts two bytes: 65537
    String withNul = "\u0800".repeat(21844) + "\0a"; // 65532 + 2 + 1 = 65535: fits
    assertArrayEquals(jdkWriteUtf(withNul), ourWriteUtf(withNul));
    checkTooLong("\u0800".repeat(21844) + "\0\0"); // 65532 + 4 = 65536
    checkTooLong("\uD83D\uDE00".repeat(10923)); // 6 bytes a pair: 65538
    checkTooLong("\u00E9".repeat(70_000)); // 140,000 bytes: far over, and a Latin-1 String
  }

  // -------------------------------------------------------------------------------------------------
  // The long form

  private static byte[] writeLong(CharSequence s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ModifiedUtf8.writeLongUTF(new DataOutputStream(out), s);
    return out.toByteArray();
  }

  private static String readLong(byte[] bytes, long maxBytes) throws IOException {
    return ModifiedUtf8.readLongUTF(new DataInputStream(new ByteArrayInputStream(bytes)), maxBytes);
  }

  private static void checkLongRoundTrip(String s, Supplier<String> ctx) throws IOException {
    byte[] body = MUTF8.encode(s);
    byte[] written = writeLong(s);
    assertEquals(8 + body.length, written.length, ctx);
    long declared = 0;
    for (int i = 0; i < 8; i++) {
      declared = (declared << 8) | (written[i] & 0xFF);
    }
    assertEquals(body.length, declared, () -> ctx.get() + ": 8-byte big-endian length");
    if (!Arrays.equals(body, Arrays.copyOfRange(written, 8, written.length))) {
      fail(ctx.get() + ": writeLongUTF's bytes differ from the codec's");
    }
    assertEquals(s, readLong(written, body.length), ctx);
    assertEquals(s, readLong(written, Long.MAX_VALUE), ctx);
    assertEquals(s, ModifiedUtf8.readLongUTF(new DataInputStream(new ByteArrayInputStream(written)), body.length),
        ctx);
    // Also from a CharSequence that is not a String.
    assertArrayEquals(written, writeLong(new StringBuilder(s)), ctx);
  }

  @Test
  void longFormRoundTrips() throws IOException {
    checkLongRoundTrip("", () -> "empty");
    checkLongRoundTrip("hello", () -> "hello");
    checkLongRoundTrip("\0\uD800\uDC00\uDFFF\u00E9", () -> "small mixed");
    checkLongRoundTrip("z".repeat(65536), () -> "65,536 ASCII");
    checkLongRoundTrip("\u20AC".repeat(30_000), () -> "90,000 bytes of 3-byte chars");
    // A sequence across the reader's and writer's window ends, for each alignment near 8 KiB.
    for (int k = 8180; k <= 8195; k++) {
      int n = k;
      checkLongRoundTrip("a".repeat(k) + "\0\u0800\uD83D\uDE00\uDBFF" + "b".repeat(70_000) + "\u07FF",
          () -> "cut at " + n);
      checkLongRoundTrip("\u00E9".repeat(k / 2) + "\0".repeat(5) + "\u20AC".repeat(25_000), () -> "cut near " + n);
    }
    long seed = TestSupport.seed(0x10_6F0EL);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 12; t++) {
      String s = Utf8FamilyAgreementTest.randomText(random, t < 6 ? 100_000 : random.nextInt(70_000), true, true);
      checkLongRoundTrip(s, () -> s.length() + " random chars, " + seedMessage(seed));
    }
  }

  /** A DataInput whose readLong says {@code declared} and that fails the test if asked for anything else. */
  private static DataInput declaring(long declared) {
    return (DataInput) Proxy.newProxyInstance(
        DataInput.class.getClassLoader(),
        new Class<?>[] {DataInput.class},
        (proxy, method, args) -> {
          if (method.getName().equals("readLong")) {
            return declared;
          }
          throw new AssertionError("must fail before reading, but " + method.getName() + " was called");
        });
  }

  @Test
  void readLongUtfChecksTheDeclaredLengthBeforeReading() throws IOException {
    for (long declared : new long[] {101, 1L << 40, Long.MAX_VALUE, -1, -65536, Long.MIN_VALUE}) {
      UTFDataFormatException e = assertThrows(UTFDataFormatException.class,
          () -> ModifiedUtf8.readLongUTF(declaring(declared), 100), () -> "declared " + declared);
      assertEquals(true, e.getMessage().contains(Long.toString(declared)), e.getMessage());
    }
    assertThrows(UTFDataFormatException.class, () -> ModifiedUtf8.readLongUTF(declaring(1), 0));
    // Exactly maxBytes is allowed.
    byte[] written = writeLong("abc\0");
    assertEquals("abc\0", readLong(written, 5));
    assertThrows(UTFDataFormatException.class, () -> readLong(written, 4));
  }

  @Test
  void inputCutShortIsEof() throws IOException {
    byte[] shortFramed = ourWriteUtf("h\u00E9llo \u20AC\uD83D\uDE00");
    for (int cut = 0; cut < shortFramed.length; cut++) {
      byte[] part = Arrays.copyOf(shortFramed, cut);
      int c = cut;
      assertThrows(EOFException.class, () -> ourReadUtf(part), () -> "readUTF cut at " + c);
    }
    byte[] longWritten = writeLong("h\u00E9llo \u20AC\uD83D\uDE00");
    for (int cut = 0; cut < longWritten.length; cut++) {
      byte[] part = Arrays.copyOf(longWritten, cut);
      int c = cut;
      assertThrows(EOFException.class, () -> readLong(part, 1000), () -> "readLongUTF cut at " + c);
    }
    byte[] big = writeLong("\u20AC".repeat(40_000) + "x");
    for (int cut : new int[] {4, 8, 9, 8192, 8200, 65536, 100_000, big.length - 1}) {
      byte[] part = Arrays.copyOf(big, cut);
      assertThrows(EOFException.class, () -> readLong(part, Long.MAX_VALUE), () -> "long readLongUTF cut at " + cut);
    }
  }

  @Test
  void readersAgreeOnLoneSurrogatesAndNul() throws IOException {
    String s = "\uDC00x\uD800\0\uDBFF\uDFFF\uD800";
    byte[] framed = ourWriteUtf(s);
    assertEquals("00 12 ED B0 80 78 ED A0 80 C0 80 ED AF BF ED BF BF ED A0 80", hex(framed));
    assertEquals(s, jdkReadUtf(framed));
    assertEquals(s, ourReadUtf(framed));
    // Two strings back to back: each reader takes exactly its own bytes.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    DataOutputStream data = new DataOutputStream(out);
    ModifiedUtf8.writeUTF(data, s);
    ModifiedUtf8.writeUTF(data, "");
    ModifiedUtf8.writeLongUTF(data, "next");
    data.writeInt(0x12345678);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(out.toByteArray()));
    assertEquals(s, ModifiedUtf8.readUTF(in));
    assertEquals("", ModifiedUtf8.readUTF(in));
    assertEquals("next", ModifiedUtf8.readLongUTF(in, 10));
    assertEquals(0x12345678, in.readInt());
  }
}
