package dev.textwire.resp;

import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Turns a stream of reply bytes into {@link RespValue} trees: feed it chunks as they arrive, of any size,
 * and take the complete replies with {@link #poll()}. It keeps no reference to a chunk after
 * {@link #feed} returns. For replies without a tree (nothing allocated per reply but what the caller
 * keeps), use a {@link RespParser} with a {@link RespHandler} of your own.
 *
 * <p>Bulk strings are kept as bytes by default, decoded by {@link RespValue#asString()} with this reader's
 * codec. A reader made with {@link Bulk#TEXT} decodes them as they arrive instead, with a streaming
 * {@link dev.textwire.TextDecoder}, so a value split across chunks is never gathered as bytes; a value
 * that is not valid text under the codec's policy is still read, and throws its
 * {@link dev.textwire.MalformedTextException} when its text is asked for, so the stream stays in step.
 */
public final class RespReader {
  /** What a bulk string becomes in the tree. */
  public enum Bulk {
    /** Its bytes, binary-safe; decoded on demand. */
    BYTES,
    /** Its text, decoded while it is read. */
    TEXT
  }

  private static final int DIRECT_CHUNK = 8192;

  private final RespParser parser;
  private final RespValueBuilder builder;
  private byte[] directChunk;

  /** Default limits, UTF-8 strict, bulk strings kept as bytes. */
  public RespReader() {
    this(RespLimits.DEFAULT, TextCodecs.UTF_8, Bulk.BYTES);
  }

  /**
   * @param limits what a reply may declare; a bulk string longer than a Java array can hold (about 2 GiB)
   *     is refused as over the limit whatever {@code limits} allow, since the tree holds it in one array
   */
  public RespReader(RespLimits limits, TextCodec codec, Bulk bulk) {
    this.parser = new RespParser(limits.maxBulkBytes() > RespValueBuilder.MAX_ARRAY_LENGTH
        ? limits.withMaxBulkBytes(RespValueBuilder.MAX_ARRAY_LENGTH) : limits);
    this.builder = new RespValueBuilder(Objects.requireNonNull(codec, "codec"), bulk == Bulk.TEXT);
  }

  /**
   * Parses {@code src[offset, offset + length)}; the replies it completes wait for {@link #poll()}.
   *
   * @throws RespProtocolException for bytes that are not RESP or break a limit: the replies completed
   *     before them can still be polled, and the reader refuses more input until {@link #reset()}
   */
  public void feed(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    int end = offset + length;
    while (offset < end) offset += parser.parse(src, offset, end - offset, builder);
  }

  /** Parses {@code src}'s remaining bytes and moves its position to its limit. */
  public void feed(ByteBuffer src) {
    if (src.hasArray()) {
      feed(src.array(), src.arrayOffset() + src.position(), src.remaining());
      src.position(src.limit());
      return;
    }
    if (directChunk == null) directChunk = new byte[DIRECT_CHUNK];
    while (src.hasRemaining()) {
      int n = Math.min(src.remaining(), directChunk.length);
      src.get(directChunk, 0, n);
      feed(directChunk, 0, n);
    }
  }

  /** The next complete reply, or {@code null} if none is complete yet. */
  public RespValue poll() {
    return builder.poll();
  }

  /** How many complete replies wait to be polled. */
  public int available() {
    return builder.available();
  }

  /** Whether no reply is half read: every byte fed so far belongs to a complete reply. */
  public boolean atReplyBoundary() {
    return parser.atReplyBoundary();
  }

  /** Bytes parsed since the reader was made or reset. */
  public long bytesConsumed() {
    return parser.bytesConsumed();
  }

  /** Forgets everything, replies not yet polled and a failure included, to read a new stream. */
  public void reset() {
    parser.reset();
    builder.reset();
  }
}
