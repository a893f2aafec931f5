package dev.textwire.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The fast access path: a String's own compact Latin-1 bytes, read through a {@link VarHandle}, so text
 * that is all Latin-1 reaches the kernels without being copied. Public API only, and only when the JVM
 * was started with {@code --add-opens java.base/java.lang=ALL-UNNAMED} (or {@code =dev.textwire} on the
 * module path). Detected once at class initialisation; {@code -Dtextwire.stringInternals=false} switches
 * it off; any failure falls back silently to the portable path and prints nothing.
 *
 * <p>The bytes are only ever read. Never write to the array this class returns: it is the String's.
 */
public final class StringInternals {
  private StringInternals() {}

  /** The system property that switches the fast path off when set to {@code false}. */
  public static final String PROPERTY = "textwire.stringInternals";

  private static final byte LATIN1 = 0;
  private static final VarHandle VALUE;
  private static final VarHandle CODER;

  static {
    VarHandle value = null;
    VarHandle coder = null;
    if (!"false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"))) {
      try {
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup());
        value = lookup.findVarHandle(String.class, "value", byte[].class);
        coder = lookup.findVarHandle(String.class, "coder", byte.class);
        if (!worksAsExpected(value, coder)) {
          value = null;
          coder = null;
        }
      } catch (ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
        // Not opened, a JDK with another String layout, or a security manager: use the portable path.
        value = null;
        coder = null;
      }
    }
    VALUE = value;
    CODER = coder;
  }

  /** Checks the layout we rely on against strings whose content we know. */
  private static boolean worksAsExpected(VarHandle value, VarHandle coder) {
    String latin1 = new String(new char[] {'a', '\u00e9'});
    byte[] bytes = (byte[]) value.get(latin1);
    return (byte) coder.get(latin1) == LATIN1
        && bytes.length == 2
        && bytes[0] == 'a'
        && bytes[1] == (byte) 0xE9
        && (byte) coder.get(new String(new char[] {'\u0100'})) != LATIN1;
  }

  /** True when the fast path is on in this JVM. */
  public static boolean enabled() {
    return VALUE != null;
  }

  /**
   * The string's own Latin-1 bytes, one per char, or {@code null} if it is stored as UTF-16 or the fast
   * path is off. Read only.
   */
  static byte[] latin1Bytes(String text) {
    if (VALUE == null || (byte) CODER.get(text) != LATIN1) {
      return null;
    }
    return (byte[]) VALUE.get(text);
  }
}
