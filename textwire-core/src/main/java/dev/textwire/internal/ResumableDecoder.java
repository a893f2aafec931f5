package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import java.nio.ByteBuffer;

/**
 * The state behind a resumable decoder, for any {@link DecodeKernel}: the current piece of input (an
 * array, a heap buffer read in place, or a direct buffer read through a window), the bytes of a sequence
 * cut by the end of the previous piece, and a low surrogate held back when the destination had room for
 * one char and the next character is a pair. Each {@link #decode} call writes as many whole characters as
 * fit and the next call goes on from there.
 *
 * <p>Offsets are stream offsets: bytes since the last reset. {@link #bytesConsumed} counts the bytes
 * whose chars have all been written (a held-back low surrogate's sequence is counted with its high half);
 * carried bytes count once they are decoded.
 *
 * <p>Not thread-safe; allocates nothing after construction, except a window the first time it is given a
 * direct buffer.
 */
public final class ResumableDecoder {
  private static final int WINDOW_BYTES = 2048;

  private final DecodeKernel kernel;
  private ErrorPolicy policy = ErrorPolicy.STRICT;

  // The current piece: input[inputPos, inputEnd), and for a buffer the buffer itself, whose position is
  // kept at the next byte not yet taken.
  private byte[] input;
  private int inputPos;
  private int inputEnd;
  /** Stream offset of input[inputPos]. */
  private long inputOffset;
  private ByteBuffer buffer;
  /** Heap buffer: array index of position 0. Direct buffer: buffer position of window[0]. */
  private int bufferBase;
  private boolean direct;
  private boolean endOfInput = true;

  /** The bytes of a sequence cut by the end of the previous piece; room to top it up to any sequence. */
  private final byte[] carry = new byte[8];
  private int carryCount;
  /** Stream offset of carry[0]. */
  private long carryOffset;

  /** A low surrogate decoded with its high half but not yet written; 0 if none. */
  private char heldLow;
  private final char[] pair = new char[2];
  private byte[] window;

  private long bytesConsumed;
  private long charsDecoded;
  /** A strict error found by {@link #run}, thrown once the progress before it is recorded. */
  private MalformedTextException error;

  public ResumableDecoder(DecodeKernel kernel) {
    this.kernel = kernel;
  }

  public String encodingName() {
    return kernel.encodingName();
  }

  /** Forgets the input, carried bytes, a held-back char and the counts. */
  public void reset(ErrorPolicy policy) {
    this.policy = policy;
    input = null;
    buffer = null;
    direct = false;
    inputPos = inputEnd = 0;
    inputOffset = 0;
    endOfInput = true;
    carryCount = 0;
    carryOffset = 0;
    heldLow = 0;
    bytesConsumed = charsDecoded = 0;
    error = null;
  }

  /** The next piece, {@code piece[begin, end)}, read only while decoding. */
  public void feed(byte[] piece, int begin, int end, boolean endOfInput) {
    checkTaken();
    long offset = streamOffsetOfNextPiece();
    this.input = piece;
    this.buffer = null;
    this.direct = false;
    this.inputPos = begin;
    this.inputEnd = end;
    this.inputOffset = offset;
    this.endOfInput = endOfInput;
  }

  /** The next piece, from the buffer's position to its limit; the position advances as bytes are taken. */
  public void feed(ByteBuffer piece, boolean endOfInput) {
    checkTaken();
    long offset = streamOffsetOfNextPiece();
    this.buffer = piece;
    this.inputOffset = offset;
    this.endOfInput = endOfInput;
    this.direct = !piece.hasArray();
    if (direct) {
      if (window == null) {
        window = new byte[WINDOW_BYTES];
      }
      input = window;
      inputPos = inputEnd = 0;
      bufferBase = piece.position();
    } else {
      input = piece.array();
      bufferBase = piece.arrayOffset();
      inputPos = bufferBase + piece.position();
      inputEnd = bufferBase + piece.limit();
    }
  }

  private long streamOffsetOfNextPiece() {
    return carryCount > 0 ? carryOffset + carryCount : inputOffset;
  }

  private void checkTaken() {
    long left = untakenBytes();
    if (left > 0) {
      throw new IllegalStateException(
          "the previous piece still has " + left + " bytes to decode; call decode until hasRemaining() is false");
    }
  }

  /** Bytes of the current piece not yet decoded or carried. */
  private long untakenBytes() {
    long left = inputEnd - inputPos;
    if (direct && buffer != null) {
      left += buffer.limit() - (bufferBase + inputEnd);
    }
    return left;
  }

  /** Whether {@link #decode} has more to write from the input given so far. */
  public boolean hasRemaining() {
    return untakenBytes() > 0 || heldLow != 0 || (carryCount > 0 && endOfInput);
  }

  public boolean hasCarriedBytes() {
    return carryCount > 0;
  }

  public boolean hasHeldLowSurrogate() {
    return heldLow != 0;
  }

  /** Index in the current piece (array index, or buffer position) of the next byte not yet taken. */
  public int inputIndex() {
    if (buffer == null) {
      return inputPos;
    }
    return direct ? bufferBase + inputPos : inputPos - bufferBase;
  }

  public long bytesConsumed() {
    return bytesConsumed;
  }

  public long charsDecoded() {
    return charsDecoded;
  }

  /**
   * Decodes into {@code dst[dp, dl)} as many whole characters as fit; a pair whose high half is the last
   * char that fits is split, and its low half is written first by the next call.
   *
   * @return chars written; 0 when nothing remains, or when more input is needed
   * @throws MalformedTextException under STRICT, at an ill-formed sequence, with its stream offset; the
   *     chars before it have been written and counted, and the decoder stands before it
   */
  public int decode(char[] dst, int dp, int dl) {
    int start = dp;
    if (heldLow != 0 && dp < dl) {
      dst[dp++] = heldLow;
      heldLow = 0;
      charsDecoded++;
    }
    dp = fill(dst, dp, dl);
    if (dl - dp == 1 && hasRemaining()) {
      // Room for one char, and the next character is a pair (a BMP char would have been written, and a
      // cut sequence gives nothing here either): decode it whole into our own space, write its high
      // half and hold back its low half.
      long before = charsDecoded;
      try {
        dp = deliverPair(fill(pair, 0, 2), dst, dp);
      } catch (MalformedTextException e) {
        deliverPair((int) (charsDecoded - before), dst, dp); // a pair decoded before the error
        throw e;
      }
    }
    return dp - start;
  }

  private int deliverPair(int written, char[] dst, int dp) {
    if (written == 2) {
      heldLow = pair[1];
      charsDecoded--; // counted when it is written
    }
    if (written > 0) {
      dst[dp++] = pair[0];
    }
    return dp;
  }

  /** Decodes into {@code dst[dp, dl)}, carried bytes first; returns the index after the chars written. */
  private int fill(char[] dst, int dp, int dl) {
    while (dp < dl) {
      int before = dp;
      if (carryCount > 0) {
        dp = decodeCarried(dst, dp, dl);
      } else {
        if (inputPos == inputEnd && !refillWindow()) {
          break;
        }
        dp = decodeInput(dst, dp, dl);
      }
      if (dp == before && !madeRoomForMore()) {
        break;
      }
    }
    return dp;
  }

  /** Set by the two decode steps when they took bytes without writing a char (into the carry). */
  private boolean tookBytes;

  private boolean madeRoomForMore() {
    boolean took = tookBytes;
    tookBytes = false;
    return took;
  }

  private int decodeInput(char[] dst, int dp, int dl) {
    boolean last = endOfInput && atEndOfPiece();
    long progress = run(input, inputPos, inputEnd, dst, dp, dl, last, inputOffset - inputPos);
    int used = IndexPair.source(progress) - inputPos;
    inputPos += used;
    inputOffset += used;
    bytesConsumed += used;
    syncBuffer();
    int next = IndexPair.destination(progress);
    charsDecoded += next - dp;
    throwPendingError();
    if (!last && cutShort(input, inputPos, inputEnd)) {
      // Stopped before a sequence cut by the end of what we hold (not for want of room).
      if (atEndOfPiece()) {
        carryOut();
      } else {
        refillWindow(); // a direct buffer's window: read on from the cut
      }
      tookBytes = true;
    }
    return next;
  }

  /** Moves the rest of the piece, a cut sequence, into the carry, so the caller may reuse the piece. */
  private void carryOut() {
    int count = inputEnd - inputPos;
    System.arraycopy(input, inputPos, carry, 0, count);
    carryCount = count;
    carryOffset = inputOffset;
    inputPos = inputEnd;
    inputOffset += count;
    syncBuffer();
  }

  /** Decodes from the carried bytes, topped up from the piece, which they precede. */
  private int decodeCarried(char[] dst, int dp, int dl) {
    if (inputPos == inputEnd) {
      refillWindow();
    }
    int take = Math.min(carry.length - carryCount, inputEnd - inputPos);
    System.arraycopy(input, inputPos, carry, carryCount, take);
    int filled = carryCount + take;
    boolean last = endOfInput && inputPos + take == inputEnd && atEndOfPiece();
    long progress = run(carry, 0, filled, dst, dp, dl, last, carryOffset);
    int used = IndexPair.source(progress);
    int next = IndexPair.destination(progress);
    charsDecoded += next - dp;
    if (used == 0) {
      if (error == null && take > 0 && cutShort(carry, 0, filled)) {
        // Still cut short: keep what the piece gave too.
        carryCount = filled;
        inputPos += take;
        inputOffset += take;
        syncBuffer();
        tookBytes = true;
      }
      throwPendingError();
      return next;
    }
    bytesConsumed += used;
    if (used >= carryCount) {
      int fromPiece = used - carryCount;
      inputPos += fromPiece;
      inputOffset += fromPiece;
      carryCount = 0;
      syncBuffer();
    } else {
      System.arraycopy(carry, used, carry, 0, carryCount - used);
      carryCount -= used;
      carryOffset += used;
    }
    throwPendingError();
    return next;
  }

  /**
   * Whether {@code src[from, to)} is the start of a sequence that only more bytes can complete: what is
   * carried, or read again with the next window. Room has nothing to do with it: a character that did not
   * fit is whole, and is not carried.
   */
  private boolean cutShort(byte[] src, int from, int to) {
    return from < to && to - from <= kernel.maxCarriedBytes() && kernel.errorLength(src, from, to) == 0;
  }

  /**
   * One kernel call. A strict error is kept in {@link #error}, and the progress returned is that of the
   * well-formed chars before it, so the caller records them before throwing.
   */
  private long run(byte[] src, int sp, int sl, char[] dst, int dp, int dl, boolean last, long offsetBias) {
    try {
      return kernel.decode(src, sp, sl, dst, dp, dl, last, policy, offsetBias);
    } catch (MalformedTextException e) {
      int bad = (int) (e.byteOffset() - offsetBias);
      error = e;
      return kernel.decode(src, sp, bad, dst, dp, dl, false, policy, offsetBias); // whole chars only
    }
  }

  private void throwPendingError() {
    MalformedTextException e = error;
    if (e != null) {
      error = null;
      throw e;
    }
  }

  /** Whether the bytes held in {@code input} reach the end of the piece. */
  private boolean atEndOfPiece() {
    return !direct || buffer == null || bufferBase + inputEnd == buffer.limit();
  }

  /** A direct buffer: the next window's worth from the buffer's position. False if there is none. */
  private boolean refillWindow() {
    if (!direct || buffer == null) {
      return false;
    }
    int position = bufferBase + inputPos;
    int count = Math.min(window.length, buffer.limit() - position);
    if (count <= 0) {
      return false;
    }
    buffer.get(position, window, 0, count);
    bufferBase = position;
    inputPos = 0;
    inputEnd = count;
    return true;
  }

  private void syncBuffer() {
    if (buffer != null) {
      buffer.position(direct ? bufferBase + inputPos : inputPos - bufferBase);
    }
  }
}
