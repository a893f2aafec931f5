package dev.textwire.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Helpers shared by the resumable-encoder and stream-adapter tests: seeded random text and bytes, an
 * input stream that returns short reads, and an output stream that records what reached it.
 */
public final class StreamTestSupport {
  private StreamTestSupport() {}

  // ---------------------------------------------------------------------------------------------
  // Random text

  /**
   * About {@code length} chars in runs of one kind each (ASCII, Latin-1, other BMP, CJK, supplementary
   * pairs and, if {@code loneSurrogates}, unpaired high and low surrogates). Runs, not independent chars,
   * because the encoder has fast paths that only start after dozens of ASCII or Latin-1 chars in a row.
   */
  public static String randomText(SplittableRandom random, int length, boolean loneSurrogates) {
    StringBuilder sb = new StringBuilder(length + 2);
    while (sb.length() < length) {
      int kind = random.nextInt(loneSurrogates ? 7 : 5);
      int run = random.nextInt(4) == 0 ? 1 + random.nextInt(120) : 1 + random.nextInt(6);
      for (int i = 0; i < run && sb.length() < length; i++) {
        switch (kind) {
          case 0:
            sb.append((char) (0x20 + random.nextInt(0x5F)));
            break;
          case 1:
            sb.append((char) (0x80 + random.nextInt(0x80)));
            break;
          case 2:
            sb.append(randomBmp(random));
            break;
          case 3:
            sb.append((char) (0x4E00 + random.nextInt(0x5000)));
            break;
          case 4:
            sb.appendCodePoint(0x10000 + random.nextInt(0x100000));
            break;
          case 5:
            sb.append((char) (0xD800 + random.nextInt(0x400))); // high: unpaired unless a low follows
            break;
          default:
            sb.append((char) (0xDC00 + random.nextInt(0x400))); // low: unpaired unless a high precedes
            break;
        }
      }
    }
    return sb.toString();
  }

  /** A BMP char that is not a surrogate, from U+0100 up (2- and 3-byte UTF-8). */
  static char randomBmp(SplittableRandom random) {
    while (true) {
      char c = (char) (0x100 + random.nextInt(0x10000 - 0x100));
      if (!Character.isSurrogate(c)) {
        return c;
      }
    }
  }

  /** Whether {@code text} has no unpaired surrogate. */
  public static boolean isWellFormed(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // Random ill-formed bytes

  /** Ill-formed pieces to insert into valid UTF-8, one of each kind the decoder must recognise. */
  private static final byte[][] BAD_PIECES = {
    {(byte) 0x80}, // stray continuation
    {(byte) 0xBF, (byte) 0x80}, // two stray continuations
    {(byte) 0xC0, (byte) 0xAF}, // overlong '/'
    {(byte) 0xC1, (byte) 0xBF}, // overlong
    {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, // overlong 3-byte
    {(byte) 0xE0, (byte) 0x9F, (byte) 0xBF}, // overlong 3-byte
    {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0xAF}, // overlong 4-byte
    {(byte) 0xF0, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF}, // overlong 4-byte
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // encoded high surrogate U+D800
    {(byte) 0xED, (byte) 0xBF, (byte) 0xBF}, // encoded low surrogate U+DFFF
    {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
    {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, // never-valid lead
    {(byte) 0xFF},
    {(byte) 0xFE},
    {(byte) 0xC3}, // truncated 2-byte (when not followed by a continuation)
    {(byte) 0xE2, (byte) 0x82}, // truncated 3-byte
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98}, // truncated 4-byte
    {(byte) 0xF4, (byte) 0x8F}, // truncated 4-byte at the top of the range
  };

  /** Incomplete sequences: ill-formed when the stream ends right after them. */
  private static final byte[][] TRUNCATED_TAILS = {
    {(byte) 0xC3},
    {(byte) 0xE0, (byte) 0xA0},
    {(byte) 0xE2},
    {(byte) 0xED, (byte) 0x9F},
    {(byte) 0xF0},
    {(byte) 0xF0, (byte) 0x9F},
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98},
    {(byte) 0xF4, (byte) 0x8F, (byte) 0xBF},
  };

  /**
   * Bytes, mostly ill-formed, of several shapes: uniform random bytes; valid text with pieces cut out of
   * its multi-byte sequences; valid text with bad pieces inserted; valid text ending inside a sequence.
   */
  public static byte[] randomIllFormedBytes(SplittableRandom random, int length) {
    int shape = random.nextInt(5);
    if (shape == 0) {
      byte[] bytes = new byte[length];
      for (int i = 0; i < length; i++) {
        bytes[i] = (byte) random.nextInt(256);
      }
      return bytes;
    }
    byte[] valid = randomText(random, Math.max(1, length / 2), false).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream(valid.length + 16);
    int faults = 1 + random.nextInt(4);
    int from = 0;
    int[] cuts = new int[faults];
    for (int f = 0; f < faults; f++) {
      cuts[f] = random.nextInt(valid.length + 1);
    }
    Arrays.sort(cuts);
    for (int cut : cuts) {
      cut = Math.max(cut, from); // the previous fault may have skipped past this cut
      out.write(valid, from, cut - from);
      from = cut;
      if (shape == 1) {
        // Drop the rest of the multi-byte sequence under way (if any): truncated sequences mid-stream.
        int skip = 0;
        while (from + skip < valid.length && (valid[from + skip] & 0xC0) == 0x80) {
          skip++;
        }
        from += skip == 0 ? Math.min(1, valid.length - from) : skip;
      } else {
        byte[] bad = BAD_PIECES[random.nextInt(BAD_PIECES.length)];
        out.write(bad, 0, bad.length);
      }
    }
    out.write(valid, from, valid.length - from);
    if (shape == 4 || random.nextInt(4) == 0) {
      byte[] tail = TRUNCATED_TAILS[random.nextInt(TRUNCATED_TAILS.length)];
      out.write(tail, 0, tail.length); // cut short by the end of the stream
    }
    return out.toByteArray();
  }

  // ---------------------------------------------------------------------------------------------
  // Streams

  /** An InputStream over an array that returns at most {@code maxRead} bytes per read, a random count. */
  public static final class TricklingInputStream extends InputStream {
    private final byte[] bytes;
    private final SplittableRandom random;
    private final int maxRead;
    private int position;
    private boolean closed;

    public TricklingInputStream(byte[] bytes, SplittableRandom random, int maxRead) {
      this.bytes = bytes;
      this.random = random;
      this.maxRead = maxRead;
    }

    @Override
    public int read() {
      return position < bytes.length ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      java.util.Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (position == bytes.length) {
        return -1;
      }
      int count = Math.min(Math.min(len, bytes.length - position), 1 + random.nextInt(maxRead));
      System.arraycopy(bytes, position, b, off, count);
      position += count;
      return count;
    }

    /** Says nothing is available, as a socket might: a reader must not rely on it. */
    @Override
    public int available() {
      return 0;
    }

    @Override
    public void close() {
      closed = true;
    }

    public boolean isClosed() {
      return closed;
    }
  }

  /** An OutputStream that keeps what it receives and counts flushes and closes. */
  public static final class RecordingOutputStream extends OutputStream {
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private int flushes;
    private int closes;

    @Override
    public void write(int b) throws IOException {
      checkOpen();
      received.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      checkOpen();
      received.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      checkOpen();
      flushes++;
    }

    @Override
    public void close() {
      closes++;
    }

    private void checkOpen() throws IOException {
      if (closes > 0) {
        throw new IOException("stream closed");
      }
    }

    public byte[] received() {
      return received.toByteArray();
    }

    public int flushes() {
      return flushes;
    }

    public int closes() {
      return closes;
    }
  }
}
