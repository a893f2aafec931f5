package dev.textwire;

import dev.textwire.internal.ResumableEncoder;
import dev.textwire.internal.SingleByteTable;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The resumable encoder of a single-byte code page: {@link Utf8Encoder}'s contract over the same state
 * machine, with one byte per char (one substitute per unmappable surrogate pair).
 */
final class CodePageEncoder implements TextEncoder {
  private final ResumableEncoder state;
  private final ErrorPolicy policy;

  CodePageEncoder(SingleByteTable table, ErrorPolicy policy) {
    this.state = new ResumableEncoder(table);
    this.policy = policy;
    state.reset(policy);
  }

  @Override
  public String name() {
    return state.encodingName();
  }

  @Override
  public ErrorPolicy policy() {
    return policy;
  }

  @Override
  public CodePageEncoder reset() {
    state.reset(policy);
    return this;
  }

  @Override
  public CodePageEncoder reset(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    state.reset(text, beginIndex, endIndex, policy);
    return this;
  }

  @Override
  public CodePageEncoder feed(CharSequence piece, int beginIndex, int endIndex, boolean endOfInput) {
    Objects.checkFromToIndex(beginIndex, endIndex, piece.length());
    state.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  @Override
  public CodePageEncoder feed(char[] piece, int beginIndex, int endIndex, boolean endOfInput) {
    Objects.checkFromToIndex(beginIndex, endIndex, piece.length);
    state.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  @Override
  public int encode(byte[] dst, int offset, int limit) {
    Objects.checkFromToIndex(offset, limit, dst.length);
    return state.encode(dst, offset, limit);
  }

  @Override
  public int encode(ByteBuffer dst) {
    return state.encode(dst);
  }

  @Override
  public boolean hasRemaining() {
    return state.hasRemaining();
  }

  @Override
  public boolean hasCarriedSurrogate() {
    return state.isCarrying();
  }

  @Override
  public int charIndex() {
    return state.inputIndex();
  }

  @Override
  public long charsConsumed() {
    return state.charsConsumed();
  }

  @Override
  public long bytesWritten() {
    return state.bytesWritten();
  }
}
