package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * The state behind a resumable encoder, for any {@link EncodeKernel}: the input (one text, or pieces of a stream), how far it has
 * been encoded, and a high surrogate carried from the end of one piece to the start of the next. Each
 * {@link #encode} call writes as much as fits in the window it is given, never part of a character, and
 * the next call goes on from there.
 *
 * <p>It owns its working space, so it allocates nothing after construction, and it is not thread-safe.
 * The input is read a chunk at a time, only while {@code encode} runs: a caller may reuse its array once
 * it has drained the encoder. A String's own Latin-1 bytes are read in place when the fast path is on.
 */
public final class ResumableEncoder {
  private final Scratch scratch = new Scratch();
  private ErrorPolicy policy = ErrorPolicy.STRICT;
  private final EncodeKernel kernel;

  public ResumableEncoder(EncodeKernel kernel) {
    this.kernel = kernel;
  }

  /** The encoding's name. */
  public String encodingName() {
    return kernel.encodingName();
  }

  // The current input: exactly one of text, array and latin1 while there is one.
  private CharSequence text;
  private char[] array;
  private byte[] latin1;
  private int inputBegin;
  /** Next input index not yet copied into the chunk (the next to encode, for latin1). */
  private int next;
  private int end;
  private boolean endOfInput = true;
  /** Added to an input index to give the char index reported in errors. */
  private long charIndexBias;

  // scratch.chars[chunkPos, chunkEnd) is input not yet encoded; chars[0] is input index chunkBase.
  private int chunkBase;
  private int chunkPos;
  private int chunkEnd;

  /** A high surrogate from the end of the previous piece, waiting for its low half; 0 if none. */
  private char carried;
  private long carriedIndex;

  private long charsFed;
  private long charsBeforeInput;
  private long bytesWritten;

  /** Forgets the input, a carried surrogate and the counts. */
  public void reset(ErrorPolicy policy) {
    this.policy = policy;
    release();
    inputBegin = next = end = 0;
    chunkBase = chunkPos = chunkEnd = 0;
    endOfInput = true;
    charIndexBias = 0;
    carried = 0;
    charsFed = charsBeforeInput = bytesWritten = 0;
  }

  /** Starts on one complete text; errors report indices in {@code text}. */
  public void reset(CharSequence text, int begin, int end, ErrorPolicy policy) {
    reset(policy);
    setInput(text, null, begin, end, true);
    charIndexBias = 0;
  }

  /** The next piece of a stream of text; errors report the char's index in the stream. */
  public void feed(CharSequence piece, int begin, int end, boolean endOfInput) {
    checkDrained();
    setInput(piece, null, begin, end, endOfInput);
  }

  public void feed(char[] piece, int begin, int end, boolean endOfInput) {
    checkDrained();
    setInput(null, piece, begin, end, endOfInput);
  }

  private void checkDrained() {
    int left = end - inputIndex();
    if (left > 0) {
      throw new IllegalStateException(
          "the previous input still has " + left + " chars to encode; call encode until hasRemaining() is false");
    }
  }

  private void setInput(CharSequence text, char[] array, int begin, int end, boolean endOfInput) {
    this.text = text;
    this.array = array;
    this.latin1 =
        text instanceof String && kernel.encodesLatin1() ? StringInternals.latin1Bytes((String) text) : null;
    if (latin1 != null) {
      this.text = null;
    }
    this.inputBegin = begin;
    this.next = begin;
    this.end = end;
    this.endOfInput = endOfInput;
    this.chunkBase = begin;
    this.chunkPos = this.chunkEnd = 0;
    this.charsBeforeInput = charsFed;
    this.charIndexBias = charsFed - begin;
    this.charsFed += end - begin;
  }

  private void release() {
    text = null;
    array = null;
    latin1 = null;
  }

  /** Input index of the next char to encode. */
  public int inputIndex() {
    if (latin1 == null && chunkPos < chunkEnd) {
      return chunkBase + chunkPos;
    }
    return next;
  }

  /** Whether {@link #encode} has more to write from the input given so far. */
  public boolean hasRemaining() {
    return inputIndex() < end || (carried != 0 && endOfInput);
  }

  public boolean isCarrying() {
    return carried != 0;
  }

  public long charsConsumed() {
    return charsBeforeInput + (inputIndex() - inputBegin);
  }

  public long bytesWritten() {
    return bytesWritten;
  }

  public ErrorPolicy policy() {
    return policy;
  }

  /**
   * Encodes into {@code dst[dp, dl)} as much of the input as fits whole.
   *
   * @return the bytes written; 0 when nothing remains or the next character does not fit
   */
  public int encode(byte[] dst, int dp, int dl) {
    return encode(dst, dp, dl, null);
  }

  private int encode(byte[] dst, int dp, int dl, ByteBuffer dstView) {
    int start = dp;
    destinationAtError = dp;
    try {
      if (carried != 0) {
        dp = resolveCarried(dst, dp, dl);
        if (carried != 0) {
          return dp - start;
        }
        destinationAtError = dp;
      }
      if (latin1 != null) {
        long progress = kernel.encodeLatin1(latin1, next, end, dst, dp, dl);
        next = IndexPair.source(progress);
        dp = IndexPair.destination(progress);
      } else {
        dp = encodeChunks(dst, dp, dl, dstView);
      }
      if (inputIndex() == end) {
        release(); // hold no reference to a caller's text or array once it is consumed
      }
      return dp - start;
    } catch (MalformedTextException e) {
      dp = destinationAtError;
      throw e;
    } finally {
      bytesWritten += dp - start;
    }
  }

  /** Where the output stood when a strict error stopped {@link #encodeChunks}. */
  private int destinationAtError;

  private int encodeChunks(byte[] dst, int dp, int dl, ByteBuffer dstView) {
    while (dp < dl) {
      if (chunkPos == chunkEnd) {
        if (next == end) {
          break;
        }
        fillChunk();
      }
      boolean reachesEnd = chunkBase + chunkEnd == end;
      long progress;
      try {
        progress =
            kernel.encodeChunk(
                scratch,
                chunkPos,
                chunkEnd,
                dst,
                dp,
                dl,
                !reachesEnd || endOfInput,
                policy,
                charIndexBias + chunkBase,
                dstView);
      } catch (MalformedTextException e) {
        // Strict, at an unpaired surrogate: every char before it was written. Stand before it, so the
        // counts say how far the output is good.
        int bad = (int) (e.charIndex() - charIndexBias - chunkBase);
        destinationAtError = dp + (int) kernel.chunkLength(scratch.chars, chunkPos, bad, policy, 0);
        chunkPos = bad;
        throw e;
      }
      chunkPos = IndexPair.source(progress);
      dp = IndexPair.destination(progress);
      if (chunkPos < chunkEnd) {
        if (reachesEnd && !endOfInput && chunkPos == chunkEnd - 1
            && Character.isHighSurrogate(scratch.chars[chunkPos]) && kernel.carriesHighSurrogate()) {
          // A high surrogate ends this piece: keep it, so the caller may reuse its array. The kernel may
          // have stopped for room rather than to wait, which is the same for an encoding that pairs
          // across pieces; one that writes each surrogate on its own (modified UTF-8) must not carry it,
          // or a window with room for it would wait for a pair's 6 bytes.
          carried = scratch.chars[chunkPos];
          carriedIndex = charIndexBias + chunkBase + chunkPos;
          chunkPos = chunkEnd;
        }
        break;
      }
    }
    return dp;
  }

  private void fillChunk() {
    int count =
        text != null
            ? CharAccess.fill(text, next, end, scratch.chars)
            : CharAccess.fill(array, next, end, scratch.chars);
    chunkBase = next;
    chunkPos = 0;
    chunkEnd = count;
    next += count;
  }

  /** Pairs the carried high surrogate with the next char, or deals with it as unpaired. */
  private int resolveCarried(byte[] dst, int dp, int dl) {
    int following = peek();
    if (following < 0 && !endOfInput) {
      return dp; // the low half may come with the next piece
    }
    if (following >= 0 && Character.isLowSurrogate((char) following)) {
      if (dl - dp < kernel.pairLength()) {
        return dp;
      }
      dp = kernel.putPair(carried, (char) following, dst, dp, policy, carriedIndex);
      chunkPos++; // a low surrogate is never in Latin-1 input, so it came from the chunk
      carried = 0;
      return dp;
    }
    int length = kernel.unpairedLength(policy, carried, carriedIndex);
    if (dl - dp < length) {
      return dp;
    }
    char unpaired = carried;
    carried = 0;
    return kernel.putUnpaired(unpaired, length, dst, dp, policy);
  }

  /** The next input char without consuming it, or -1 if the input is used up. */
  private int peek() {
    if (latin1 != null) {
      return next < end ? latin1[next] & 0xFF : -1;
    }
    if (chunkPos == chunkEnd) {
      if (next == end) {
        return -1;
      }
      fillChunk();
    }
    return scratch.chars[chunkPos];
  }

  /**
   * Encodes at the buffer's position and advances it by the bytes written, also when a strict error
   * stops it: the bytes before the bad char are in the buffer and counted.
   */
  public int encode(ByteBuffer dst) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    long before = bytesWritten;
    if (dst.hasArray()) {
      int base = dst.arrayOffset();
      try {
        int written = encode(dst.array(), base + position, base + dst.limit(), dst);
        dst.position(position + written);
        return written;
      } catch (MalformedTextException e) {
        dst.position(position + (int) (bytesWritten - before));
        throw e;
      }
    }
    // Direct: through the scratch window, one bulk copy per round.
    byte[] window = scratch.encoded;
    int total = 0;
    while (dst.hasRemaining()) {
      long roundStart = bytesWritten;
      int written;
      try {
        written = encode(window, 0, Math.min(dst.remaining(), window.length), scratch.encodedView);
      } catch (MalformedTextException e) {
        dst.put(window, 0, (int) (bytesWritten - roundStart));
        throw e;
      }
      if (written == 0) {
        break;
      }
      dst.put(window, 0, written);
      total += written;
    }
    return total;
  }
}
