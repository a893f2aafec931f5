package dev.textwire.internal;

import java.util.Optional;

/**
 * The opt-in SIMD tier: Vector API kernels, used when the JVM was started with
 * {@code --add-modules jdk.incubator.vector}. Detected once, at class initialisation: the module must be
 * in the boot layer, {@code -Dtextwire.vector=false} must not be set, and the kernels must load and pass
 * a self-test against known answers. Anything else leaves {@link #KERNELS} null, silently, and the scalar
 * kernels run as they do without the module. Nothing in core outside {@code dev.textwire.internal.vector}
 * links against the incubating module, so a JVM without it never loads a class that names it.
 */
public final class VectorTier {
  private VectorTier() {}

  /** The system property that switches the tier off when set to {@code false}. */
  public static final String PROPERTY = "textwire.vector";

  /** The module the tier needs. */
  public static final String MODULE = "jdk.incubator.vector";

  private static final String IMPLEMENTATION = "dev.textwire.internal.vector.IncubatorKernels";

  /**
   * Inputs shorter than this stay scalar: a vector kernel's setup (a few vector constants, a tail the
   * scalar loop finishes) only pays over a few vectors.
   */
  public static final int MIN_ELEMENTS = 64;

  /**
   * Progress, in chars or bytes, below which a call to a kernel did not pay for itself. Measured on the
   * Chinese Wikipedia article (CJK runs of 5 chars in ASCII markup, which the decoder leaves to the
   * scalar loop): 130 µs to decode with any progress counting as paid, 113-114 with this threshold,
   * 105 without the tier (JMH, JDK 25).
   */
  private static final int WORTHWHILE = 32;

  /** The longest stretch the scalar loops take before asking the tier again. */
  private static final int MAX_STRETCH = 1024;

  /**
   * The stretch the scalar loop takes before asking the tier again, after a call that did {@code done}
   * chars or bytes: half the last {@code stretch} (not below {@code minimum}) when the call paid, twice
   * it when it did not. So text the tier does not cover pays for few calls, and text it does gets back
   * to it soon. One policy for every caller of the encoding, decoding and validation kernels.
   */
  public static int nextStretch(int done, int stretch, int minimum) {
    return done >= WORTHWHILE ? Math.max(stretch >> 1, minimum) : Math.min(stretch << 1, MAX_STRETCH);
  }

  /** The kernels, or null when the tier is off. A static final, so the JIT folds the null test away. */
  public static final VectorKernels KERNELS;

  /**
   * The first JDK on which the encoding and decoding kernels are used. They shuffle bytes and change lane
   * widths, which JDK 17's C2 does not compile to vector instructions: there its 128-bit char loads fell
   * back to Java code that allocates (JMH -prof gc and async-profiler's allocation mode: 4 KB for 512
   * CJK chars) and ran slower than the scalar kernels. JDK 25 compiles them (0 B/op, 3x the scalar
   * kernel). The releases between were not measured, so they keep the scalar kernels.
   */
  public static final int CODING_FROM_FEATURE = 25;

  /**
   * The kernels for encoding and decoding: {@link #KERNELS} from {@link #CODING_FROM_FEATURE} on, else
   * null. Exact length and validation use {@link #KERNELS} on every JDK.
   */
  public static final VectorKernels CODING_KERNELS;

  /**
   * The kernels that encode or decode an input of {@code elementCount} chars or bytes: {@link
   * #CODING_KERNELS} from {@link #MIN_ELEMENTS} on, else null (the scalar kernels alone).
   */
  public static VectorKernels codingKernelsFor(int elementCount) {
    return elementCount >= MIN_ELEMENTS ? CODING_KERNELS : null;
  }

  /**
   * The kernels that count the exact length of, or validate, an input of {@code elementCount} chars or
   * bytes: {@link #KERNELS} from {@link #MIN_ELEMENTS} on, else null (the scalar kernels alone).
   */
  public static VectorKernels scanKernelsFor(int elementCount) {
    return elementCount >= MIN_ELEMENTS ? KERNELS : null;
  }

  /** Why the tier is on or off, for {@link #describe()}. */
  private static final String STATE;

  static {
    VectorKernels kernels = null;
    String state;
    if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"))) {
      state = "off (-D" + PROPERTY + "=false)";
    } else {
      Optional<Module> module = ModuleLayer.boot().findModule(MODULE);
      if (module.isEmpty()) {
        state = "off (start the JVM with --add-modules " + MODULE + " to use it)";
      } else {
        try {
          // On the module path core is a named module, which reads only what it requires; core cannot
          // require an incubating module, so the read edge is added here, when the module is present.
          VectorTier.class.getModule().addReads(module.get());
          Class<?> type = Class.forName(IMPLEMENTATION, true, VectorTier.class.getClassLoader());
          VectorKernels loaded = (VectorKernels) type.getDeclaredConstructor().newInstance();
          if (SelfTest.passes(loaded)) {
            kernels = loaded;
            state = "on (" + loaded.shape() + (Runtime.version().feature() >= CODING_FROM_FEATURE
                ? ")" : "; length and validation, not encoding and decoding before JDK " + CODING_FROM_FEATURE + ")");
          } else {
            state = "off (self-test failed)";
          }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
          // A JVM whose vector shape is too narrow, an API that changed, a class missing from a
          // repackaged jar: the scalar kernels do the work.
          state = "off (" + unavailable.getClass().getSimpleName() + ")";
        }
      }
    }
    KERNELS = kernels;
    CODING_KERNELS = Runtime.version().feature() >= CODING_FROM_FEATURE ? kernels : null;
    STATE = state;
  }

  /** True when the vector kernels are in use in this JVM. */
  public static boolean enabled() {
    return KERNELS != null;
  }

  /** For example {@code "on (512-bit)"} or {@code "off (-Dtextwire.vector=false)"}. */
  public static String describe() {
    return STATE;
  }

  /** Known answers the kernels must give before they are trusted. */
  private static final class SelfTest {
    static boolean passes(VectorKernels kernels) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 40; i++) {
        text.append("a\u00e9\u4e2d\ud83d\ude00");
      }
      char[] chars = text.toString().toCharArray();
      long step = kernels.utf8Length(chars, 0, chars.length);
      int stopped = IndexPair.source(step);
      // Up to where it stopped, the length must be the scalar one.
      long expected = stopped + scalarExtra(chars, stopped);
      if (stopped <= 0 || stopped > chars.length || stopped + IndexPair.destination(step) != expected) {
        return false;
      }
      chars[chars.length / 2] = '\ud800'; // unpaired: the kernel must stop at or before it
      if (IndexPair.source(kernels.utf8Length(chars, 0, chars.length)) > chars.length / 2) {
        return false;
      }
      byte[] utf8 = text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      // From byte 3, after "a\u00e9": the kernel reads the three bytes before where it starts.
      int valid = kernels.validUtf8Prefix(utf8, 3, utf8.length);
      if (valid <= 3 || valid > utf8.length) {
        return false;
      }
      utf8[utf8.length / 2] = (byte) 0xFF;
      if (kernels.validUtf8Prefix(utf8, 3, utf8.length) > utf8.length / 2) {
        return false;
      }
      // Encoding: a run of each kind of block the kernel covers, in an order where it stops at none, to
      // the JDK's bytes.
      String runs = "\ud83d\ude00".repeat(12) + "Ab \u0416\u044f.".repeat(8) + "\u4e2d\u6587".repeat(12) + "tail".repeat(8);
      char[] source = runs.toCharArray();
      byte[] expectedBytes = runs.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      byte[] encoded = new byte[expectedBytes.length];
      long encodedStep = kernels.encodeUtf8(source, 0, source.length, encoded, 0, encoded.length);
      int charsDone = IndexPair.source(encodedStep);
      int bytesDone = IndexPair.destination(encodedStep);
      byte[] prefix = runs.substring(0, charsDone).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      if (charsDone != runs.length()
          || bytesDone != prefix.length
          || !java.util.Arrays.equals(prefix, 0, prefix.length, encoded, 0, bytesDone)) {
        return false;
      }
      // Decoding: ASCII and 2-byte text, to the JDK's chars, some of it at least.
      byte[] twoByte = "Ab \u0416\u044f.".repeat(24).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      char[] decoded = new char[twoByte.length];
      long decodedStep = kernels.decodeUtf8(twoByte, 0, twoByte.length, decoded, 0, decoded.length);
      int bytesRead = IndexPair.source(decodedStep);
      String decodedPrefix = new String(twoByte, 0, bytesRead, java.nio.charset.StandardCharsets.UTF_8);
      return bytesRead > 0 && decodedPrefix.equals(new String(decoded, 0, IndexPair.destination(decodedStep)));
    }

    private static long scalarExtra(char[] chars, int end) {
      long extra = 0;
      for (int i = 0; i < end; i++) {
        char c = chars[i];
        extra += c >= 0x800 ? (Character.isSurrogate(c) ? 1 : 2) : c >= 0x80 ? 1 : 0;
      }
      return extra;
    }
  }
}
