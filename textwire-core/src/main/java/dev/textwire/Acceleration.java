package dev.textwire;

import dev.textwire.internal.StringInternals;
import dev.textwire.internal.VectorTier;

/**
 * The optional fast paths this JVM uses, each detected once and switched off silently when it is not
 * available. Results are the same in every mode; only speed differs.
 * <ul>
 *   <li><b>String internals</b>: a String's own Latin-1 bytes, read without a copy. On when the JVM was
 *       started with {@code --add-opens java.base/java.lang=ALL-UNNAMED}; off with
 *       {@code -Dtextwire.stringInternals=false}.
 *   <li><b>Vector tier</b>: SIMD kernels on the incubating Vector API for validating the UTF-8 family
 *       and the exact UTF-8 length, and from JDK 25 on for encoding and decoding UTF-8 too. On when the
 *       JVM was started with {@code --add-modules jdk.incubator.vector}; off with
 *       {@code -Dtextwire.vector=false}.
 * </ul>
 */
public final class Acceleration {
  private Acceleration() {}

  /** True when a String's own Latin-1 bytes are read without a copy. */
  public static boolean stringInternals() {
    return StringInternals.enabled();
  }

  /** True when the Vector API kernels are in use. */
  public static boolean vectorTier() {
    return VectorTier.enabled();
  }

  /**
   * One line for logs and version output, for example
   * {@code "String internals: off; vector tier: on (512-bit)"}.
   */
  public static String describe() {
    return "String internals: " + (StringInternals.enabled() ? "on" : "off") + "; vector tier: " + VectorTier.describe();
  }
}
