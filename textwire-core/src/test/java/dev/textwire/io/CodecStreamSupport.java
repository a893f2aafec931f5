package dev.textwire.io;

import dev.textwire.ErrorPolicy;
import dev.textwire.TextCodec;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * For the tests that run {@link TextReader} and {@link TextWriter} over every codec: the codecs under
 * every policy, texts and bytes that meet each encoding's edges, the ways to cut a stream into pieces,
 * and a stream that hands out given pieces.
 */
final class CodecStreamSupport {
  private CodecStreamSupport() {}

  static final List<TextCodec> STRICT_CODECS = dev.textwire.TestSupport.ALL_CODECS;

  /** Every codec under every policy. */
  static List<TextCodec> allCodecs() {
    List<TextCodec> codecs = new ArrayList<>();
    for (TextCodec codec : STRICT_CODECS) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        codecs.add(codec.withPolicy(policy));
      }
    }
    return codecs;
  }

  /** Short texts at the edges of the encodings: NUL, pairs, lone halves, NEL and LF, chars no code page has. */
  static final List<String> EDGE_TEXTS =
      List.of(
          "",
          "a",
          "\u0000",
          "é",
          "ÿ",
          "€",
          "\uFFFF",
          "😀",
          "\uDBFF\uDFFF",
          "\uD800",
          "\uDC00",
          "a\uD83D\uDE00b",
          "x\uD800y",
          "\uDC00\uD800",
          "\uD83D",
          "\n\u0085\r",
          "ÿ\u0100z",
          "aé€😀\u0000",
          "😀😀é",
          "Ab\u00A0\u00FF\u0080");

  /**
   * A random text of about {@code length} chars: {@link StreamTestSupport#randomText} (every script, and
   * lone surrogates if asked), or, half of the time, mostly Latin-1 with a few other chars, which the code
   * pages can encode far enough to test.
   */
  static String randomText(SplittableRandom random, int length, boolean loneSurrogates) {
    if (random.nextBoolean()) {
      return StreamTestSupport.randomText(random, length, loneSurrogates);
    }
    StringBuilder sb = new StringBuilder(length + 1);
    while (sb.length() < length) {
      int kind = random.nextInt(40);
      if (kind == 0) {
        sb.appendCodePoint(0x10000 + random.nextInt(0x100000));
      } else if (kind == 1) {
        sb.append(StreamTestSupport.randomBmp(random));
      } else if (kind == 2 && loneSurrogates) {
        sb.append((char) (0xD800 + random.nextInt(0x800)));
      } else {
        sb.append((char) random.nextInt(0x100));
      }
    }
    return sb.toString();
  }

  /** Pieces that are ill-formed in some encoding of the UTF-8 family, or well-formed in one and not another. */
  private static final byte[][] ODD_PIECES = {
    {0x00}, // a raw NUL: ill-formed in modified UTF-8
    {(byte) 0xC0, (byte) 0x80}, // NUL in modified UTF-8, overlong elsewhere
    {(byte) 0x80},
    {(byte) 0xBF, (byte) 0x80},
    {(byte) 0xC0, (byte) 0xAF},
    {(byte) 0xE0, (byte) 0x80, (byte) 0xAF},
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a lone high surrogate
    {(byte) 0xED, (byte) 0xB0, (byte) 0x80}, // a lone low surrogate
    {(byte) 0xED, (byte) 0xA0, (byte) 0xBD, (byte) 0xED, (byte) 0xB8, (byte) 0x80}, // a CESU-8 pair
    {(byte) 0xED, (byte) 0xA0, (byte) 0xBD, (byte) 0xED}, // a CESU-8 pair cut short
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, // 4 bytes: UTF-8 only
    {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
    {(byte) 0xFF},
    {(byte) 0xC3},
    {(byte) 0xE2, (byte) 0x82},
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
  };

  /**
   * Bytes of about {@code length} for {@code codec}: its encoding of a random text (lone surrogates and
   * unmappable chars replaced), with, most of the time, odd pieces or random bytes inserted, and sometimes
   * a sequence cut short by the end.
   */
  static byte[] randomBytes(TextCodec codec, SplittableRandom random, int length) {
    if (random.nextInt(6) == 0) {
      byte[] noise = new byte[length];
      for (int i = 0; i < length; i++) {
        noise[i] = (byte) random.nextInt(256);
      }
      return noise;
    }
    byte[] valid = codec.withPolicy(ErrorPolicy.REPLACE).encode(randomText(random, Math.max(1, length / 2), true));
    if (random.nextInt(4) == 0) {
      return valid;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(valid.length + 16);
    int from = 0;
    for (int f = 1 + random.nextInt(3); f > 0; f--) {
      int cut = from + random.nextInt(valid.length - from + 1);
      out.write(valid, from, cut - from);
      from = cut;
      if (random.nextBoolean()) {
        byte[] odd = ODD_PIECES[random.nextInt(ODD_PIECES.length)];
        out.write(odd, 0, odd.length);
      } else {
        out.write(random.nextInt(256));
      }
    }
    out.write(valid, from, valid.length - from);
    if (random.nextInt(4) == 0) {
      byte[] odd = ODD_PIECES[ODD_PIECES.length - 1 - random.nextInt(4)]; // a cut sequence at the end
      out.write(odd, 0, odd.length);
    }
    return out.toByteArray();
  }

  /**
   * Every way to cut {@code length} items into pieces with at most two cuts: whole, every single cut, and
   * every pair of cuts. Each is the list of piece ends.
   */
  static List<int[]> cutsUpToTwo(int length) {
    List<int[]> all = new ArrayList<>();
    all.add(new int[] {length});
    for (int i = 1; i < length; i++) {
      all.add(new int[] {i, length});
      for (int j = i + 1; j < length; j++) {
        all.add(new int[] {i, j, length});
      }
    }
    return all;
  }

  /** One item per piece. */
  static int[] everyItemAlone(int length) {
    int[] ends = new int[length];
    for (int i = 0; i < length; i++) {
      ends[i] = i + 1;
    }
    return ends;
  }

  /** Piece ends of random sizes from 1 to {@code maxPiece}. */
  static int[] randomCuts(SplittableRandom random, int length, int maxPiece) {
    List<Integer> ends = new ArrayList<>();
    for (int end = 0; end < length; ) {
      end = Math.min(length, end + 1 + random.nextInt(maxPiece));
      ends.add(end);
    }
    return ends.stream().mapToInt(Integer::intValue).toArray();
  }

  /** An InputStream that gives its bytes in the pieces given: one read never goes past a piece's end. */
  static final class PieceInputStream extends InputStream {
    private final byte[] bytes;
    private final int[] ends;
    private int piece;
    private int position;

    PieceInputStream(byte[] bytes, int[] ends) {
      this.bytes = bytes;
      this.ends = ends;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      while (piece < ends.length && position == ends[piece]) {
        piece++;
      }
      if (piece == ends.length) {
        return -1;
      }
      int count = Math.min(len, ends[piece] - position);
      System.arraycopy(bytes, position, b, off, count);
      position += count;
      return count;
    }
  }
}
