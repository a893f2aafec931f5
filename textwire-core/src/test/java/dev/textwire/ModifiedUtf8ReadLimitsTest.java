package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * What {@link ModifiedUtf8#readUTF} and {@link ModifiedUtf8#readLongUTF} say when the input or the
 * arguments are wrong: input that ends early names the declared length and how far the body got, a
 * negative limit is the caller's mistake, and a declared length no String can hold fails before
 * anything is read.
 */
class ModifiedUtf8ReadLimitsTest {
  private static final String TEXT = "h\u00E9llo \u20AC\uD83D\uDE00"; // 16 bytes of modified UTF-8

  private static byte[] writeUtf(String s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ModifiedUtf8.writeUTF(new DataOutputStream(out), s);
    return out.toByteArray();
  }

  private static byte[] writeLongUtf(String s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ModifiedUtf8.writeLongUTF(new DataOutputStream(out), s);
    return out.toByteArray();
  }

  private static DataInputStream in(byte[] bytes, int length) {
    return new DataInputStream(new ByteArrayInputStream(Arrays.copyOf(bytes, length)));
  }

  /** {@code in} seen only as a {@code DataInput}: the reader cannot count what a readFully took. */
  private static DataInput onlyDataInput(DataInputStream in) {
    return (DataInput) Proxy.newProxyInstance(
        DataInput.class.getClassLoader(),
        new Class<?>[] {DataInput.class},
        (proxy, method, args) -> {
          try {
            return method.invoke(in, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  /** Declares {@code declared} as a long length; any read after it fails with an EOFException. */
  private static DataInput declaringThenEmpty(long declared) {
    return (DataInput) Proxy.newProxyInstance(
        DataInput.class.getClassLoader(),
        new Class<?>[] {DataInput.class},
        (proxy, method, args) -> {
          if (method.getName().equals("readLong")) {
            return declared;
          }
          throw new EOFException("the test's input has nothing after the length");
        });
  }

  /** Fails the test on any use. */
  private static DataInput untouchable() {
    return (DataInput) Proxy.newProxyInstance(
        DataInput.class.getClassLoader(),
        new Class<?>[] {DataInput.class},
        (proxy, method, args) -> {
          throw new AssertionError("must fail before reading, but " + method.getName() + " was called");
        });
  }

  private static void assertMentions(Throwable e, String... parts) {
    String message = String.valueOf(e.getMessage());
    for (String part : parts) {
      assertTrue(message.contains(part), () -> "\"" + message + "\" should mention \"" + part + "\"");
    }
  }

  @Test
  void bodyCutShortSaysTheDeclaredLengthAndWhereTheInputEnded() throws IOException {
    byte[] framed = writeUtf(TEXT);
    assertEquals(2 + 16, framed.length);
    for (int cut = 2; cut < framed.length; cut++) {
      int c = cut;
      EOFException e = assertThrows(EOFException.class, () -> ModifiedUtf8.readUTF(in(framed, c)));
      assertMentions(e, "16 bytes", "after " + (cut - 2) + " of them");
    }
    byte[] written = writeLongUtf(TEXT);
    for (int cut = 8; cut < written.length; cut++) {
      int c = cut;
      EOFException e = assertThrows(EOFException.class, () -> ModifiedUtf8.readLongUTF(in(written, c), 1000));
      assertMentions(e, "16 bytes", "after " + (cut - 8) + " of them");
    }
    // The long form reads a window at a time; the count is exact across windows too.
    byte[] big = writeLongUtf("\u20AC".repeat(40_000) + "x");
    for (int cut : new int[] {9, 8192, 8200, 8 + 8192, 65536, 100_000, big.length - 1}) {
      EOFException e = assertThrows(EOFException.class, () -> ModifiedUtf8.readLongUTF(in(big, cut), Long.MAX_VALUE));
      assertMentions(e, "120001 bytes", "after " + (cut - 8) + " of them");
    }
  }

  @Test
  void bodyCutShortThroughAPlainDataInputSaysWhichBytesItWasReading() throws IOException {
    byte[] framed = writeUtf(TEXT);
    EOFException e =
        assertThrows(EOFException.class, () -> ModifiedUtf8.readUTF(onlyDataInput(in(framed, 7))));
    assertMentions(e, "16 bytes", "within bytes 0 to 15");
    byte[] big = writeLongUtf("\u20AC".repeat(40_000) + "x");
    e = assertThrows(
        EOFException.class, () -> ModifiedUtf8.readLongUTF(onlyDataInput(in(big, 8 + 10_000)), Long.MAX_VALUE));
    assertMentions(e, "120001 bytes", "within bytes 8192 to ");
  }

  @Test
  void lengthCutShortSaysSo() throws IOException {
    byte[] framed = writeUtf(TEXT);
    for (int cut = 0; cut < 2; cut++) {
      int c = cut;
      EOFException e = assertThrows(EOFException.class, () -> ModifiedUtf8.readUTF(in(framed, c)));
      assertMentions(e, "2-byte length");
    }
    byte[] written = writeLongUtf(TEXT);
    for (int cut = 0; cut < 8; cut++) {
      int c = cut;
      EOFException e = assertThrows(EOFException.class, () -> ModifiedUtf8.readLongUTF(in(written, c), 100));
      assertMentions(e, "8-byte length");
    }
  }

  @Test
  void negativeLimitIsRejectedBeforeReading() {
    for (long maxBytes : new long[] {-1, -65536, Long.MIN_VALUE}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ModifiedUtf8.readLongUTF(untouchable(), maxBytes));
      assertMentions(e, "maxBytes", Long.toString(maxBytes));
    }
  }

  @Test
  void declaredLengthNoStringCanHoldFailsBeforeReading() throws IOException {
    // No String's modified UTF-8 is longer than 2 * (2^31 - 1) bytes: at most 2 bytes per char in a
    // Latin-1 string of up to 2^31 - 1 chars, 3 per char in a UTF-16 one of under 2^30.
    long most = 2L * Integer.MAX_VALUE;
    for (long declared : new long[] {most + 1, 1L << 40, Long.MAX_VALUE}) {
      UTFDataFormatException e =
          assertThrows(UTFDataFormatException.class, () -> ModifiedUtf8.readLongUTF(declaringThenEmpty(declared),
              Long.MAX_VALUE), () -> "declared " + declared);
      assertMentions(e, Long.toString(declared), "String");
    }
    // Up to the most, reading starts (and here meets the end of the input).
    for (long declared : new long[] {most, Integer.MAX_VALUE + 1L, 100_000}) {
      assertThrows(EOFException.class, () -> ModifiedUtf8.readLongUTF(declaringThenEmpty(declared), Long.MAX_VALUE),
          () -> "declared " + declared);
    }
  }
}
