package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A long modified UTF-8 string whose declared length may or may not fit in a String (2^31 to 4 GiB) is
 * refused as soon as what is decoded, plus the fewest chars the rest can give, passes the longest String:
 * here with a small stand-in for that limit, since the real one needs gigabytes.
 */
class DataUtfLongReadTest {
  private static final int MAX_CHARS = 12_000;

  @Test
  void asciiLongerThanAStringStopsEarlyWithAClearError() {
    byte[] body = "a".repeat(30_000).getBytes(StandardCharsets.US_ASCII);
    ByteArrayInputStream source = new ByteArrayInputStream(body);
    UTFDataFormatException e =
        assertThrows(UTFDataFormatException.class, () -> read(source, body.length));
    assertTrue(e.getMessage().contains("too long for a String: its length says 30000 bytes"), e.getMessage());
    assertTrue(source.available() > 0, "refused before reading the whole body");
  }

  @Test
  void wideCharsHalveTheLimit() {
    byte[] body = "日".repeat(7_000).getBytes(StandardCharsets.UTF_8); // 7,000 chars > 12,000 / 2
    UTFDataFormatException e =
        assertThrows(UTFDataFormatException.class, () -> read(new ByteArrayInputStream(body), body.length));
    assertTrue(e.getMessage().contains("more than a String holds (6000)"), e.getMessage());
  }

  @Test
  void textThatFitsIsRead() throws IOException {
    String latin = "é".repeat(11_000); // 22,000 bytes for 11,000 chars: more bytes than the limit, still fits
    byte[] latinBody = latin.getBytes(StandardCharsets.UTF_8);
    assertEquals(latin, read(new ByteArrayInputStream(latinBody), latinBody.length));
    String wide = "日".repeat(6_000);
    byte[] wideBody = wide.getBytes(StandardCharsets.UTF_8);
    assertEquals(wide, read(new ByteArrayInputStream(wideBody), wideBody.length));
  }

  private static String read(ByteArrayInputStream source, long byteCount) throws IOException {
    return DataUtf.readLong(new DataInputStream(source), byteCount, new DataUtf(), MAX_CHARS);
  }
}
