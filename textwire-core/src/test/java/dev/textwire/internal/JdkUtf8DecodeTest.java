package dev.textwire.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The JDK's decoder is asked only on JDK 25 and later, only for mostly-ASCII text, and not where the SIMD
 * tier decodes; whichever decoder runs, the strict result is the same: the text when well-formed (a real
 * U+FFFD included), else an error at the first ill-formed byte. The suite runs on JDK 17 and 25, with and
 * without the tier, in CI, so every side is covered.
 */
class JdkUtf8DecodeTest {
  private static final boolean JDK_ROUTE = Runtime.version().feature() >= 25;

  /** 2,000 chars of ASCII with about one non-ASCII char in twenty (2, 3 and 4 bytes). */
  private static String mostlyAscii(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder text = new StringBuilder();
    int[] wide = {0xE9, 0x416, 0x65E5, 0x1F600};
    while (text.length() < 2000) {
      if (random.nextInt(20) == 0) {
        text.appendCodePoint(wide[random.nextInt(wide.length)]);
      } else {
        text.append((char) ('a' + random.nextInt(26)));
      }
    }
    return text.toString();
  }

  @Test
  void asksTheJdkOnlyWhereItPays() {
    byte[] mostly = mostlyAscii(1).getBytes(UTF_8);
    // The SIMD tier, where it decodes, beats the JDK on mostly-ASCII text; below its minimum it does not run.
    boolean tierDecodes = VectorTier.CODING_KERNELS != null;
    assertEquals(JDK_ROUTE && !tierDecodes, JdkUtf8Decode.pays(mostly, 0, mostly.length));
    byte[] shortText = "Mars — la planète rouge".getBytes(UTF_8);
    assertEquals(JDK_ROUTE, JdkUtf8Decode.pays(shortText, 0, shortText.length), "below the tier's minimum");
    byte[] cyrillic = "\u041c\u0430\u0440\u0441 \u2014 \u0447\u0435\u0442\u0432\u0451\u0440\u0442\u0430\u044f".getBytes(UTF_8);
    assertFalse(JdkUtf8Decode.pays(cyrillic, 0, cyrillic.length), "dense non-ASCII text keeps our decoder");
  }

  @Test
  void theRouteIsChosenByTheStartOfTheText() {
    boolean tierDecodes = VectorTier.CODING_KERNELS != null;
    int sample = JdkUtf8Decode.SAMPLE_BYTES;
    // One byte in four above 7F is still mostly ASCII; one more is not. A CJK char is 3 bytes.
    byte[] quarter = ("a".repeat(9) + "\u65e5").repeat(sample / 12 + 1).getBytes(UTF_8);
    assertEquals(JDK_ROUTE && !tierDecodes, JdkUtf8Decode.pays(quarter, 0, quarter.length));
    byte[] denser = ("a".repeat(8) + "\u65e5").repeat(sample / 11 + 1).getBytes(UTF_8);
    assertFalse(JdkUtf8Decode.pays(denser, 0, denser.length));
    // Only the sample counts: CJK after a mostly-ASCII start takes the JDK's route, and the reverse ours.
    String asciiStart = ("\u65e5" + "a".repeat(20)).repeat(sample / 23 + 1);
    String cjk = "\u65e5\u672c\u8a9e".repeat(2000);
    byte[] cjkAfter = (asciiStart + cjk).getBytes(UTF_8);
    assertEquals(JDK_ROUTE && !tierDecodes, JdkUtf8Decode.pays(cjkAfter, 0, cjkAfter.length));
    byte[] asciiAfter = (cjk.substring(0, sample) + "a".repeat(20_000)).getBytes(UTF_8);
    assertFalse(JdkUtf8Decode.pays(asciiAfter, 0, asciiAfter.length));
    // Either way the text decodes whole, and a fault past the sample is found where it is.
    assertEquals(asciiStart + cjk, Utf8.decode(cjkAfter));
    byte[] faulty = cjkAfter.clone();
    int at = faulty.length - 3; // the last CJK char's lead byte
    faulty[at + 1] = 'x';
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> Utf8.decode(faulty));
    assertEquals(at, e.byteOffset());
  }

  @Test
  void realReplacementCharacterDecodes() {
    String text = mostlyAscii(2) + "\uFFFD" + mostlyAscii(3);
    assertEquals(text, Utf8.decode(text.getBytes(UTF_8)));
  }

  @Test
  void illFormedByteAnywhereIsReportedWhereItIs() {
    byte[] valid = mostlyAscii(4).getBytes(UTF_8);
    SplittableRandom random = new SplittableRandom(5);
    byte[][] faults = {{(byte) 0xFF}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0x80}};
    for (int trial = 0; trial < 200; trial++) {
      int start = random.nextInt(valid.length);
      while (start > 0 && (valid[start] & 0xC0) == 0x80) {
        start--; // at a sequence's start, so the fault is the first ill-formed byte
      }
      int at = start;
      byte[] fault = faults[random.nextInt(faults.length)];
      byte[] bytes = new byte[valid.length + fault.length];
      System.arraycopy(valid, 0, bytes, 0, at);
      System.arraycopy(fault, 0, bytes, at, fault.length);
      System.arraycopy(valid, at, bytes, at + fault.length, valid.length - at);
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> Utf8.decode(bytes));
      assertEquals(at, e.byteOffset(), () -> "fault " + Arrays.toString(fault) + " at " + at);
    }
  }

  @Test
  void wellFormedMostlyAsciiDecodesWholeAndInSlices() {
    for (long seed = 10; seed < 60; seed++) {
      String text = mostlyAscii(seed);
      byte[] bytes = text.getBytes(UTF_8);
      assertEquals(text, Utf8.decode(bytes));
      // A slice that starts after about 100 chars, in the caller's array, with bytes around it.
      int cut = Character.isHighSurrogate(text.charAt(99)) ? 101 : 100; // never between a pair's halves
      String tail = text.substring(cut);
      int offset = text.substring(0, cut).getBytes(UTF_8).length;
      assertEquals(tail, Utf8.decode(bytes, offset, bytes.length - offset));
    }
  }
}
