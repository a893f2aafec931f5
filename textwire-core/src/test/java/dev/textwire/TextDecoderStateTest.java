package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.seed;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.PiecewiseDecoding.PieceKind;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The decoder's state between calls: error offsets count from the start of the stream whatever the
 * pieces, {@code reset()} forgets everything (carried bytes, a held-back low surrogate, counts, a strict
 * error), a piece must be drained before the next is fed, and arguments are checked before anything is
 * touched.
 */
class TextDecoderStateTest {
  /** An ill-formed byte at every stream offset k, in random pieces: the error says k. */
  @Test
  void errorOffsetIsTheStreamOffsetWhateverThePieces() {
    long seed = seed(0x0FF5E7L);
    Random random = new Random(seed);
    byte[] good = bytes("41 C3 A9 E2 82 AC 42 E4 B8 AD 43");
    for (TextCodec codec : new TextCodec[] {TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8}) {
      for (int k = 0; k <= 40; k++) {
        // Whole characters (1 to 3 bytes) up to k, then FF, then more good text.
        byte[] src = new byte[k + 1 + good.length];
        byte[][] units = {bytes("41"), bytes("C3 A9"), bytes("E2 82 AC")};
        int at = 0;
        while (at < k) {
          byte[] unit = units[random.nextInt(3)];
          if (unit.length > k - at) {
            unit = units[0];
          }
          System.arraycopy(unit, 0, src, at, unit.length);
          at += unit.length;
        }
        src[k] = (byte) 0xFF;
        System.arraycopy(good, 0, src, k + 1, good.length);
        for (int trial = 0; trial < 20; trial++) {
          int[] cuts = random.ints(random.nextInt(5), 0, src.length + 1).sorted().toArray();
          int[] windows = {1 + random.nextInt(5)};
          int kk = k;
          PiecewiseDecoding.check(
              codec,
              codec.newDecoder(),
              src,
              cuts,
              new PieceKind[] {PieceKind.values()[random.nextInt(PieceKind.values().length)], PieceKind.values()[random.nextInt(PieceKind.values().length)]},
              windows,
              () -> codec + ", FF at " + kk + ", cuts " + java.util.Arrays.toString(cuts) + ", " + seedMessage(seed));
        }
        MalformedTextException e = assertThrows(MalformedTextException.class, () -> decodeByteByByte(codec, src));
        assertEquals(k, e.byteOffset(), codec + ": one-byte pieces");
      }
    }
  }

  private static String decodeByteByByte(TextCodec codec, byte[] src) {
    TextDecoder decoder = codec.newDecoder();
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < src.length; i++) {
      decoder.feed(new byte[] {src[i]}, i == src.length - 1);
      while (decoder.hasRemaining()) {
        decoder.decode(out, 16);
      }
    }
    return out.toString();
  }

  /** reset() mid-stream, with bytes carried, a low half held back or an error pending: the next use is as new. */
  @Test
  void resetForgetsEverything() {
    byte[] next = bytes("61 F0 9F 98 80 62");
    for (TextCodec strict : new TextCodec[] {TextCodecs.UTF_8, TextCodecs.CESU_8}) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec codec = strict.withPolicy(policy);
        byte[] expectedInput = strict == TextCodecs.CESU_8 ? bytes("61 ED A0 BD ED B8 80 62") : next;
        String expected = codec.decode(expectedInput);
        TextDecoder decoder = codec.newDecoder();
        // Carried bytes.
        decoder.feed(bytes("41 E2 82"), false);
        decoder.decode(new char[8], 0, 8);
        assertTrue(decoder.hasCarriedBytes(), codec.toString());
        assertSameAsNew(decoder.reset(), expectedInput, expected, codec + " after carried bytes");
        // A held-back low half.
        decoder.feed(expectedInput, true);
        decoder.decode(new char[2], 0, 2);
        assertTrue(decoder.hasHeldLowSurrogate(), codec.toString());
        assertSameAsNew(decoder.reset(), expectedInput, expected, codec + " after a held low half");
        // A strict error, or a replacement.
        // The stream goes on from the last one (6 bytes, or 8 in CESU-8): the error is past them.
        decoder.feed(bytes("41 FF 42"), true);
        try {
          decoder.decode(new char[8], 0, 8);
        } catch (MalformedTextException e) {
          assertEquals(expectedInput.length + 1, e.byteOffset());
        }
        assertSameAsNew(decoder.reset(), expectedInput, expected, codec + " after an error");
        // A piece not drained: reset lets the next piece in.
        decoder.feed(bytes("41 42 43 44"), false);
        decoder.decode(new char[1], 0, 1);
        assertSameAsNew(decoder.reset(), expectedInput, expected, codec + " after a piece not drained");
        // A direct buffer not drained: its window is forgotten too.
        decoder.feed(ByteBuffer.allocateDirect(3000).put(new byte[3000]).flip(), false);
        decoder.decode(new char[5], 0, 5);
        assertSameAsNew(decoder.reset(), expectedInput, expected, codec + " after a direct buffer not drained");
      }
    }
  }

  private static void assertSameAsNew(TextDecoder decoder, byte[] input, String expected, String where) {
    assertEquals(0, decoder.bytesConsumed(), where);
    assertEquals(0, decoder.charsDecoded(), where);
    assertFalse(decoder.hasRemaining(), where);
    assertFalse(decoder.hasCarriedBytes(), where);
    assertFalse(decoder.hasHeldLowSurrogate(), where);
    decoder.feed(input, 0, input.length, true);
    StringBuilder out = new StringBuilder();
    while (decoder.hasRemaining()) {
      decoder.decode(out, 3);
    }
    assertEquals(expected, out.toString(), where);
    assertEquals(input.length, decoder.bytesConsumed(), where);
    assertEquals(expected.length(), decoder.charsDecoded(), where);
  }

  @Test
  void feedBeforeThePieceIsDrainedThrows() {
    for (PieceKind kind : PieceKind.values()) {
      TextDecoder decoder = TextCodecs.UTF_8.newDecoder();
      byte[] bytes = "hello world".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      feed(decoder, kind, bytes, false);
      assertEquals(5, decoder.decode(new char[5], 0, 5));
      assertThrows(IllegalStateException.class, () -> decoder.feed(bytes("41"), true), kind.toString());
      assertThrows(IllegalStateException.class, () -> decoder.feed(ByteBuffer.wrap(bytes("41")), true), kind.toString());
      // The refused feed changed nothing.
      char[] rest = new char[20];
      assertEquals(6, decoder.decode(rest, 0, 20), kind.toString());
      assertEquals(" world", new String(rest, 0, 6), kind.toString());
      assertFalse(decoder.hasRemaining());
      decoder.feed(bytes("41"), true); // now it may
      assertEquals(1, decoder.decode(rest, 0, 20));
      assertEquals(12, decoder.bytesConsumed());
    }
    // Carried bytes are not "left": the next piece may come.
    TextDecoder decoder = TextCodecs.UTF_8.newDecoder().feed(bytes("41 E2"), false);
    assertEquals(1, decoder.decode(new char[4], 0, 4));
    assertTrue(decoder.hasCarriedBytes());
    assertFalse(decoder.hasRemaining());
    decoder.feed(bytes("82 AC"), true);
    char[] dst = new char[4];
    assertEquals(1, decoder.decode(dst, 0, 4));
    assertEquals('\u20AC', dst[0]);
  }

  private static void feed(TextDecoder decoder, PieceKind kind, byte[] bytes, boolean last) {
    switch (kind) {
      case ARRAY -> decoder.feed(bytes, 0, bytes.length, last);
      case HEAP_SLICE -> decoder.feed(ByteBuffer.wrap(bytes), last);
      case DIRECT -> decoder.feed(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip(), last);
      case READ_ONLY -> decoder.feed(ByteBuffer.wrap(bytes).asReadOnlyBuffer(), last);
    }
  }

  @Test
  void argumentsAreCheckedBeforeAnythingIsTouched() {
    TextDecoder decoder = TextCodecs.UTF_8.newDecoder();
    byte[] src = bytes("41 42 43");
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.feed(src, -1, 2, true));
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.feed(src, 2, 2, true));
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.feed(src, 0, -1, true));
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.feed(src, 4, 0, true));
    assertThrows(NullPointerException.class, () -> decoder.feed((byte[]) null, true));
    assertThrows(NullPointerException.class, () -> decoder.feed((ByteBuffer) null, true));
    assertFalse(decoder.hasRemaining(), "refused feeds left nothing");

    decoder.feed(src, 1, 2, true);
    char[] dst = new char[4];
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.decode(dst, -1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.decode(dst, 3, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.decode(dst, 0, 5));
    assertThrows(IndexOutOfBoundsException.class, () -> decoder.decode(dst, 0, -1));
    assertThrows(NullPointerException.class, () -> decoder.decode((char[]) null, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> decoder.decode(new StringBuilder(), -1));
    assertThrows(IllegalArgumentException.class, () -> decoder.decode((Appendable) new StringBuilder(), -1));
    assertThrows(IllegalArgumentException.class, () -> decoder.skip(-1));
    assertEquals(0, decoder.decode(dst, 4, 0), "an empty room at the end of the array");
    assertEquals(0, decoder.decode(new StringBuilder(), 0));
    assertEquals(0, decoder.skip(0));
    assertEquals(0, decoder.decode(CharBuffer.allocate(0)));
    assertEquals(0, decoder.charsDecoded(), "refused calls decoded nothing");
    assertEquals(2, decoder.decode(dst, 2, 2));
    assertEquals("BC", new String(dst, 2, 2));
    assertEquals(3, decoder.byteIndex());
  }

  @Test
  void toStringAndNames() {
    TextDecoder decoder = TextCodecs.CESU_8.withPolicy(ErrorPolicy.REPLACE).newDecoder();
    assertEquals("CESU-8", decoder.name());
    assertEquals(ErrorPolicy.REPLACE, decoder.policy());
    decoder.feed(bytes("41 42"), true).skip(5);
    assertEquals("TextDecoder[CESU-8 (REPLACE), 2 bytes, 2 chars]", decoder.toString());
  }
}
