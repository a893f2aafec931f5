package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * CI runs the suite in both access modes; this test proves each run is in the mode it claims to be, so
 * a broken detection cannot silently run every test on the portable path twice.
 */
class StringInternalsModeTest {
  @Test
  void modeIsTheOneThisRunExpects() {
    String expected = System.getProperty("textwire.expectInternals");
    assumeTrue(expected != null, "no textwire.expectInternals given: mode not asserted in this run");
    assertEquals(Boolean.parseBoolean(expected), StringInternals.enabled(), "fast String access path");
  }

  @Test
  void latin1BytesAreTheStringsOwnOrNull() {
    byte[] latin1 = StringInternals.latin1Bytes("caf\u00e9");
    if (StringInternals.enabled()) {
      assertEquals(4, latin1.length);
      assertEquals((byte) 0xE9, latin1[3]);
      assertEquals(null, StringInternals.latin1Bytes("\u65e5\u672c"), "UTF-16 strings have no Latin-1 bytes");
    } else {
      assertEquals(null, latin1);
    }
  }
}
