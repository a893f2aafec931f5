package dev.textwire;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Shared helpers for the UTF-8 tests: hex, seeds, test resources and the JDK's strict decoder as an oracle. */
public final class TestSupport {
  /** Every codec in {@link TextCodecs}, strict: the UTF-8 family and the code pages. */
  public static final java.util.List<TextCodec> ALL_CODECS =
      java.util.List.of(
          TextCodecs.UTF_8,
          TextCodecs.CESU_8,
          TextCodecs.MODIFIED_UTF_8,
          TextCodecs.ISO_8859_1,
          TextCodecs.IBM500,
          TextCodecs.IBM500_DERBY,
          TextCodecs.IBM1047);

  private TestSupport() {}

  /** Corpus directories below {@code /corpus} on the test classpath (copied from the repository root). */
  public static final String[] CORPUS_DIRS = {"lipsum", "wikipedia_mars"};

  // ---------------------------------------------------------------------------------------------
  // Seeds

  /**
   * The seed of a randomized test. Fixed by default so a build is reproducible; {@code
   * -Dtextwire.test.seed=<number>} replays a reported seed and {@code -Dtextwire.test.seed=random} draws a
   * fresh one. Every assertion message of a randomized test names the seed.
   */
  public static long seed(long defaultSeed) {
    String property = System.getProperty("textwire.test.seed");
    if (property == null || property.isBlank()) {
      return defaultSeed;
    }
    if (property.equalsIgnoreCase("random")) {
      return System.nanoTime() ^ Double.doubleToLongBits(Math.random());
    }
    return Long.decode(property.trim());
  }

  public static String seedMessage(long seed) {
    return "seed=" + seed + " (replay with -Dtextwire.test.seed=" + seed + ")";
  }

  // ---------------------------------------------------------------------------------------------
  // Enumeration

  /**
   * Calls {@code action} with every String of 0 to {@code maxLength} chars over {@code alphabet}, shortest
   * first: every way of arranging those chars, for tests that must meet each arrangement of, say, the
   * halves of a pair.
   */
  public static void everyString(char[] alphabet, int maxLength, Consumer<String> action) {
    char[] chars = new char[maxLength];
    for (int length = 0; length <= maxLength; length++) {
      int[] digits = new int[length];
      while (true) {
        for (int i = 0; i < length; i++) {
          chars[i] = alphabet[digits[i]];
        }
        action.accept(new String(chars, 0, length));
        int i = length - 1;
        while (i >= 0 && ++digits[i] == alphabet.length) {
          digits[i--] = 0;
        }
        if (i < 0) {
          break;
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Hex

  /** "E0 80 41": two-digit uppercase hex, separated by spaces. */
  public static String hex(byte[] bytes, int offset, int length) {
    // By hand, not String.format per byte: the suite builds messages and expected strings from this in
    // loops, where the formatter was about a seventh of textwire-core's test samples (stop 55, JFR).
    StringBuilder sb = new StringBuilder(length * 3);
    for (int i = offset; i < offset + length; i++) {
      if (i > offset) {
        sb.append(' ');
      }
      sb.append(HEX_DIGITS[(bytes[i] >> 4) & 0xF]).append(HEX_DIGITS[bytes[i] & 0xF]);
    }
    return sb.toString();
  }

  private static final char[] HEX_DIGITS = "0123456789ABCDEF".toCharArray();

  public static String hex(byte[] bytes) {
    return hex(bytes, 0, bytes.length);
  }

  /** Shortened hex for assertion messages about long inputs: the bytes around {@code center}. */
  public static String hexAround(byte[] bytes, int from, int to, int center) {
    int a = Math.max(from, center - 12);
    int b = Math.min(to, center + 12);
    return "[" + from + "," + to + ") ..." + a + ": " + hex(bytes, a, b - a) + "...";
  }

  /** Parses "E0 80 41" (spaces optional) into bytes. */
  public static byte[] bytes(String hex) {
    String digits = hex.replace(" ", "");
    byte[] out = new byte[digits.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  public static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  /** "U+0041 U+FFFD ...", for messages comparing strings with invisible differences. */
  public static String codePoints(String s) {
    StringBuilder sb = new StringBuilder();
    s.codePoints().limit(64).forEach(cp -> {
      String digits = Integer.toHexString(cp).toUpperCase(Locale.ROOT);
      sb.append("U+").append("000", 0, Math.max(0, 4 - digits.length())).append(digits).append(' ');
    });
    if (s.codePointCount(0, s.length()) > 64) {
      sb.append("...");
    }
    return sb.toString().trim();
  }

  // ---------------------------------------------------------------------------------------------
  // Test resources

  public static Path resourcePath(String name) {
    URL url = TestSupport.class.getResource(name);
    if (url == null) {
      throw new IllegalStateException("test resource " + name + " is not on the classpath");
    }
    try {
      return Paths.get(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static byte[] readResource(String name) {
    try {
      return Files.readAllBytes(resourcePath(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every {@code *.txt} file of the UTF-8 corpus, sorted by path. */
  public static List<Path> corpusFiles() {
    List<Path> files = new ArrayList<>();
    for (String dir : CORPUS_DIRS) {
      Path directory = resourcePath("/corpus/" + dir);
      try (Stream<Path> list = Files.list(directory)) {
        list.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().forEach(files::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (files.size() < 20) {
      throw new IllegalStateException("expected the whole corpus on the classpath, found " + files);
    }
    return files;
  }

  public static String corpusName(Path file) {
    return file.getParent().getFileName() + "/" + file.getFileName();
  }

  public static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // CharSequence implementations

  /** A CharSequence with a name for messages. */
  public record NamedText(String kind, CharSequence text) {
    @Override
    public String toString() {
      return kind;
    }
  }

  /**
   * The same text as every kind of CharSequence the library may special-case: String, StringBuilder,
   * StringBuffer, CharBuffer.wrap(String) (read-only, no array), CharBuffer.wrap(char[]) (array-backed), CharBuffers
   * into a larger array (array offset not 0; position not 0) and a CharSequence the library cannot know.
   */
  public static List<NamedText> charSequences(String s) {
    char[] padded = ("<<<" + s + ">>").toCharArray();
    CharBuffer window = CharBuffer.wrap(padded, 3, s.length()).slice();
    return List.of(
        new NamedText("String", s),
        new NamedText("StringBuilder", new StringBuilder(s)),
        new NamedText("StringBuffer", new StringBuffer(s)),
        new NamedText("CharBuffer.wrap(String)", CharBuffer.wrap(s)),
        new NamedText("CharBuffer.wrap(char[])", CharBuffer.wrap(s.toCharArray())),
        new NamedText("CharBuffer slice of char[]", window),
        new NamedText("CharBuffer at position 3", CharBuffer.wrap(padded).position(3).limit(3 + s.length())),
        new NamedText("PlainCharSequence", new PlainCharSequence(s.toCharArray())));
  }

  /** A CharSequence that is none of the JDK's: only charAt and length. */
  public static final class PlainCharSequence implements CharSequence {
    private final char[] chars;

    PlainCharSequence(char[] chars) {
      this.chars = chars;
    }

    @Override
    public int length() {
      return chars.length;
    }

    @Override
    public char charAt(int index) {
      return chars[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new PlainCharSequence(java.util.Arrays.copyOfRange(chars, start, end));
    }

    @Override
    public String toString() {
      return new String(chars);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The JDK as the oracle for strict validity

  /**
   * The JDK's UTF-8 {@link CharsetDecoder} with {@link CodingErrorAction#REPORT}: it conforms to Unicode
   * table 3-7, so the place where it first reports malformed input (or input left over at the end) is
   * where the longest well-formed prefix ends. Its malformed <em>lengths</em> are not maximal subparts
   * (e.g. {@code ED A0 80} is one error of 3 bytes for the JDK), so only the position is used. Reuses its
   * buffers; not thread-safe: one per thread.
   */
  public static final class JdkStrict {
    private final CharsetDecoder decoder =
        UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private CharBuffer out = CharBuffer.allocate(64);
    private byte[] wrapped;
    private ByteBuffer in;

    /** Array index of the first ill-formed byte of {@code src[offset, offset + length)}, or -1 if valid. */
    int firstError(byte[] src, int offset, int length) {
      if (src != wrapped) {
        wrapped = src;
        in = ByteBuffer.wrap(src);
      }
      in.limit(offset + length).position(offset);
      if (out.capacity() < length + 1) {
        out = CharBuffer.allocate(length + 1);
      }
      out.clear();
      decoder.reset();
      CoderResult result = decoder.decode(in, out, true);
      if (result.isError()) {
        return in.position();
      }
      if (result.isOverflow()) {
        throw new AssertionError("output buffer too small");
      }
      result = decoder.flush(out);
      if (result.isError()) {
        return in.position();
      }
      if (in.hasRemaining()) {
        throw new AssertionError("JDK decoder left input without an error");
      }
      return -1;
    }

    /** The decoded text of a valid input (call only when {@link #firstError} returned -1). */
    String lastOutput() {
      return out.flip().toString();
    }
  }
}
