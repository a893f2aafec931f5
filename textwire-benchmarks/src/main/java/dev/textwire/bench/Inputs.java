package dev.textwire.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One benchmark input: the text as a {@code String}, as a {@code char[]} and as its UTF-8 bytes. Immutable;
 * a benchmark's {@code @Setup} builds one from its {@code @Param}s and keeps it in its state.
 *
 * <p>Synthetic kinds ({@link #synthetic}) are generated deterministically (a fixed seed per kind, so
 * the 16-char text is a prefix of the 512-char one) at exactly the asked number of chars; a surrogate pair
 * is never split at the end. Corpus inputs ({@link #corpus}) are whole files from the repository's
 * {@code corpus/} directory, packed into the benchmark jar as classpath resources.
 */
public final class Inputs {
  /** Synthetic kinds: see {@link #synthetic}. */
  public static final List<String> SYNTHETIC_KINDS =
      List.of("ascii", "latin1", "cjk", "emoji", "mostly_ascii");

  /** Corpus inputs, by short name: see {@link #corpus}. */
  public static final Map<String, String> CORPUS_FILES =
      Map.ofEntries(
          Map.entry("en", "/corpus/wikipedia_mars/english.utf8.txt"),
          Map.entry("fr", "/corpus/wikipedia_mars/french.utf8.txt"),
          Map.entry("ru", "/corpus/wikipedia_mars/russian.utf8.txt"),
          Map.entry("ar", "/corpus/wikipedia_mars/arabic.utf8.txt"),
          Map.entry("zh", "/corpus/wikipedia_mars/chinese.utf8.txt"),
          Map.entry("ja", "/corpus/wikipedia_mars/japanese.utf8.txt"),
          // The lipsum files start with a byte order mark (EF BB BF), kept: U+FEFF is an ordinary char to
          // UTF-8. They are the files simdutf's projects publish validation speeds for.
          Map.entry("emoji_lipsum", "/corpus/lipsum/Emoji-Lipsum.utf8.txt"),
          Map.entry("ru_lipsum", "/corpus/lipsum/Russian-Lipsum.utf8.txt"),
          Map.entry("ar_lipsum", "/corpus/lipsum/Arabic-Lipsum.utf8.txt"),
          Map.entry("zh_lipsum", "/corpus/lipsum/Chinese-Lipsum.utf8.txt"),
          Map.entry("latin_lipsum", "/corpus/lipsum/Latin-Lipsum.utf8.txt"));

  private static final long SEED = 0x7e37_317eL;

  private final String name;
  private final String text;
  private final byte[] utf8;

  private Inputs(String name, String text, byte[] utf8) {
    this.name = name;
    this.text = text;
    this.utf8 = utf8;
  }

  /** A synthetic kind and length ({@code "cjk/512"}) or a corpus name ({@code "ru_lipsum"}). */
  public static Inputs parse(String source) {
    int slash = source.indexOf('/');
    return slash < 0
        ? corpus(source)
        : synthetic(source.substring(0, slash), Integer.parseInt(source.substring(slash + 1)));
  }

  /** Synthetic {@code kind} (one of {@link #SYNTHETIC_KINDS}) or corpus name; {@code length} only for synthetic. */
  public static Inputs of(String kindOrCorpus, int length) {
    return CORPUS_FILES.containsKey(kindOrCorpus) ? corpus(kindOrCorpus) : synthetic(kindOrCorpus, length);
  }

  /**
   * Generated text of exactly {@code length} chars.
   *
   * <ul>
   *   <li>{@code ascii}: English-like words, spaces, punctuation and line breaks; 1 byte per char.
   *   <li>{@code latin1}: French and German words, a few accented letters per line (é, ü, ß, ç...), all
   *       below U+0100; 1 or 2 bytes per char.
   *   <li>{@code cjk}: CJK ideographs with some kana and full-width punctuation; all 3 bytes per char.
   *   <li>{@code emoji}: emoji outside the BMP only; every code point is a surrogate pair and 4 bytes.
   *   <li>{@code mostly_ascii}: the ascii text with about 5% of its code points replaced by 2-, 3- and
   *       4-byte characters in equal shares, scattered.
   *   <li>{@code cjk_paragraphs}: a line of English words (63 chars and a line break), then a paragraph of
   *       399 cjk chars and a line break, over and over: a Chinese document with English headings or
   *       markup, where a long ASCII stretch is followed by a long run of wider chars. Not among
   *       {@link #SYNTHETIC_KINDS} (the rows every run has): asked for by name.
   * </ul>
   */
  public static Inputs synthetic(String kind, int length) {
    if (length < 0) {
      throw new IllegalArgumentException("length " + length);
    }
    SplittableRandom rnd = new SplittableRandom(SEED ^ kind.hashCode());
    CodePoints source;
    switch (kind) {
      case "ascii":
        source = new Words(ENGLISH, ENGLISH, 0, rnd);
        break;
      case "latin1":
        source = new Words(EUROPEAN_PLAIN, EUROPEAN_ACCENTED, 0.12, rnd);
        break;
      case "cjk":
        source = () -> cjk(rnd);
        break;
      case "emoji":
        source = () -> emoji(rnd);
        break;
      case "mostly_ascii":
        Words words = new Words(ENGLISH, ENGLISH, 0, rnd);
        source = () -> rnd.nextInt(100) < 5 ? scattered(rnd) : words.next();
        break;
      case "cjk_paragraphs":
        Words heading = new Words(ENGLISH, ENGLISH, 0, rnd);
        int[] position = {0};
        source = () -> {
          int at = position[0]++ % 464;
          return at == 63 || at == 463 ? '\n' : at < 63 ? heading.next() : cjk(rnd);
        };
        break;
      default:
        throw new IllegalArgumentException(
            "unknown kind '" + kind + "': expected one of " + SYNTHETIC_KINDS + " or " + CORPUS_FILES.keySet());
    }
    StringBuilder sb = new StringBuilder(length);
    while (sb.length() < length) {
      int cp = source.next();
      if (Character.charCount(cp) > length - sb.length()) {
        // One char left and a surrogate pair next: end on a BMP char of the same width class instead.
        cp = kind.equals("emoji") || kind.equals("cjk") ? '\u2764' : 'x';
      }
      sb.appendCodePoint(cp);
    }
    String text = sb.toString();
    return new Inputs(kind + "/" + length, text, text.getBytes(StandardCharsets.UTF_8));
  }

  /** The whole corpus file {@code name} (one of {@link #CORPUS_FILES}), checked to be well-formed UTF-8. */
  public static Inputs corpus(String name) {
    String resource = CORPUS_FILES.get(name);
    if (resource == null) {
      throw new IllegalArgumentException(
          "unknown corpus '" + name + "': expected one of " + CORPUS_FILES.keySet());
    }
    byte[] bytes;
    try (InputStream in = Inputs.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            "resource " + resource + " is not on the classpath: run from textwire-benchmarks.jar");
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new IllegalStateException(resource + " is not well-formed UTF-8", e);
    }
    return new Inputs(name, text, bytes);
  }

  /** Short label: {@code kind/length} or the corpus name. */
  public String name() {
    return name;
  }

  /** The text. */
  public String text() {
    return text;
  }

  /** A fresh copy of the text's chars. */
  public char[] chars() {
    return text.toCharArray();
  }

  /** The text's UTF-8 bytes: shared, do not modify. */
  public byte[] utf8() {
    return utf8;
  }

  /** A fresh copy of the UTF-8 bytes. */
  public byte[] utf8Copy() {
    return utf8.clone();
  }

  /** Number of chars (UTF-16 code units). */
  public int length() {
    return text.length();
  }

  /** Number of UTF-8 bytes. */
  public int byteLength() {
    return utf8.length;
  }

  @Override
  public String toString() {
    return name + " (" + text.length() + " chars, " + utf8.length + " bytes)";
  }

  // ---------------------------------------------------------------------------------------------------
  // Generators.

  private interface CodePoints {
    int next();
  }

  private static final String[] ENGLISH = (
      "the of and to in is was for on that with as by at from his it an were are which this be or has "
          + "had not but have first one their its new after who they two her she been other when time "
          + "year people way day man thing woman life child world school state family student group "
          + "country problem hand part place case week company system program question work number "
          + "night point home water room mother area money story fact month lot right study book eye "
          + "job word business issue side kind head house service friend father power hour game line "
          + "end member law car city community name president team minute idea body information back "
          + "parent face level office door health person art war history party result change morning "
          + "reason research girl moment air teacher force education planet surface orbit mission")
      .split(" ");

  private static final String[] EUROPEAN_PLAIN = (
      "le la les et de un une est pour dans avec nous vous ils sur pas plus par mais comme tout "
          + "der die das und ist nicht mit auf den dem ein eine sich auch als noch wie nach bei aus "
          + "maison temps jour homme monde ville pays travail Haus Zeit Tag Mann Welt Stadt Land Arbeit "
          + "Wasser eau livre Buch Freund ami soir Abend matin Morgen")
      .split(" ");

  private static final String[] EUROPEAN_ACCENTED = (
      "été café déjà élève français garçon naïve où très fenêtre hôtel Noël crème brûlée à là "
          + "première après être pièce fiancée über schön Mädchen Straße Grüße Bücher müssen Käse "
          + "größer Fußball für Tür Öl Äpfel hören")
      .split(" ");

  /** Words separated by spaces, sentences by ". ", lines of about 70 chars. */
  private static final class Words implements CodePoints {
    private final String[] plain;
    private final String[] marked;
    private final double markedShare;
    private final SplittableRandom rnd;
    private String pending = "";
    private int pos;
    private int column;
    private boolean sentenceStart = true;
    private boolean first = true;

    Words(String[] plain, String[] marked, double markedShare, SplittableRandom rnd) {
      this.plain = plain;
      this.marked = marked;
      this.markedShare = markedShare;
      this.rnd = rnd;
    }

    @Override
    public int next() {
      if (pos == pending.length()) {
        // With any marked words at all, the text starts with one, so that even 16 chars have some.
        String[] from = rnd.nextDouble() < markedShare || (first && markedShare > 0) ? marked : plain;
        first = false;
        String word = from[rnd.nextInt(from.length)];
        if (sentenceStart) {
          word = Character.toUpperCase(word.charAt(0)) + word.substring(1);
        }
        sentenceStart = rnd.nextInt(10) == 0;
        String punctuation = sentenceStart ? "." : rnd.nextInt(12) == 0 ? "," : "";
        column += word.length() + punctuation.length() + 1;
        String separator = column > 70 ? "\n" : " ";
        if (column > 70) {
          column = 0;
        }
        pending = word + punctuation + separator;
        pos = 0;
      }
      return pending.charAt(pos++);
    }
  }

  private static int cjk(SplittableRandom rnd) {
    int r = rnd.nextInt(100);
    if (r < 80) {
      return 0x4E00 + rnd.nextInt(0x9FA5 - 0x4E00 + 1); // CJK unified ideographs
    } else if (r < 92) {
      return 0x3041 + rnd.nextInt(0x3093 - 0x3041 + 1); // hiragana
    } else {
      return "\u3002\u3001\uFF0C\u300C\u300D\uFF1A".charAt(rnd.nextInt(6)); // 。、，「」：
    }
  }

  private static int emoji(SplittableRandom rnd) {
    int r = rnd.nextInt(3);
    if (r == 0) {
      return 0x1F600 + rnd.nextInt(0x50); // emoticons
    } else if (r == 1) {
      return 0x1F300 + rnd.nextInt(0x300); // miscellaneous symbols and pictographs
    } else {
      return 0x1F680 + rnd.nextInt(0x46); // transport and map symbols
    }
  }

  private static final int[] TWO_BYTES = "éüñßçøåΩπЖдשع".codePoints().toArray();
  private static final int[] THREE_BYTES = "€—“”…✓中文日本₹".codePoints().toArray();
  private static final int[] FOUR_BYTES = "😀🚀🎉👍𝄞🤔".codePoints().toArray();

  private static int scattered(SplittableRandom rnd) {
    int[] pool;
    switch (rnd.nextInt(3)) {
      case 0:
        pool = TWO_BYTES;
        break;
      case 1:
        pool = THREE_BYTES;
        break;
      default:
        pool = FOUR_BYTES;
        break;
    }
    return pool[rnd.nextInt(pool.length)];
  }
}
