package dev.textwire;

import dev.textwire.internal.Errors;
import dev.textwire.internal.SingleByteEncoding;
import dev.textwire.internal.SingleByteTable;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A single-byte code page bound to one {@link ErrorPolicy}: ISO-8859-1, EBCDIC and any other table. One
 * byte per char, so {@link #encodedLength} is the char count less one per surrogate pair (a pair is one
 * unmappable character, written as one substitute, as the JDK does).
 */
final class CodePageCodec implements TextCodec {
  private final SingleByteTable table;
  private final ErrorPolicy policy;
  /** The same table under each policy, shared by all of them. */
  private final CodePageCodec[] byPolicy;

  private CodePageCodec(SingleByteTable table, ErrorPolicy policy, CodePageCodec[] byPolicy) {
    this.table = table;
    this.policy = policy;
    this.byPolicy = byPolicy;
  }

  /** The strict codec for {@code table}; {@link #withPolicy} gives the others. */
  static CodePageCodec of(SingleByteTable table) {
    CodePageCodec[] byPolicy = new CodePageCodec[ErrorPolicy.values().length];
    for (ErrorPolicy policy : ErrorPolicy.values()) {
      byPolicy[policy.ordinal()] = new CodePageCodec(table, policy, byPolicy);
    }
    return byPolicy[ErrorPolicy.STRICT.ordinal()];
  }

  @Override
  public String name() {
    return table.name();
  }

  @Override
  public ErrorPolicy policy() {
    return policy;
  }

  @Override
  public CodePageCodec withPolicy(ErrorPolicy policy) {
    return byPolicy[Objects.requireNonNull(policy, "policy").ordinal()];
  }

  @Override
  public int maxBytesPerChar() {
    return 1;
  }

  @Override
  public int encodedLength(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    return (int) SingleByteEncoding.encodedLength(text, beginIndex, endIndex, policy, table); // <= chars
  }

  /**
   * {@inheritDoc} One pass counts, a second encodes; if the text changed between them, this throws
   * {@link java.util.ConcurrentModificationException} rather than return an array that is not its encoding.
   */
  @Override
  public byte[] encode(CharSequence text) {
    int charCount = text.length();
    byte[] bytes = new byte[encodedLength(text, 0, charCount)];
    int written = SingleByteEncoding.encodeWithin(text, 0, charCount, bytes, 0, bytes.length, policy, null, table);
    if (written != bytes.length) {
      throw Errors.textChanged(table.name(), bytes.length, written);
    }
    return bytes;
  }

  /** {@inheritDoc} As {@link Utf8Codec#encode(CharSequence, int, int, byte[], int)} for a text that changes. */
  @Override
  public int encode(CharSequence text, int beginIndex, int endIndex, byte[] dst, int offset) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.checkFromToIndex(offset, dst.length, dst.length);
    try {
      return SingleByteEncoding.encode(text, beginIndex, endIndex, dst, offset, policy, table);
    } catch (BufferTooSmallException e) {
      throw Errors.checkTooSmall(e, table.name());
    }
  }

  /** {@inheritDoc} As {@link Utf8Codec#encode(CharSequence, int, int, ByteBuffer)} for a text that changes. */
  @Override
  public int encode(CharSequence text, int beginIndex, int endIndex, ByteBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    try {
      return SingleByteEncoding.encode(text, beginIndex, endIndex, dst, policy, table);
    } catch (BufferTooSmallException e) {
      throw Errors.checkTooSmall(e, table.name());
    }
  }

  @Override
  public TextEncoder newEncoder() {
    return new CodePageEncoder(table, policy);
  }

  @Override
  public String decode(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return SingleByteEncoding.decode(src, offset, offset + length, policy, 0, table);
  }

  @Override
  public String decode(ByteBuffer src) {
    return SingleByteEncoding.decode(src, policy, table);
  }

  @Override
  public int validUpTo(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return SingleByteEncoding.validUpTo(src, offset, offset + length, table);
  }

  @Override
  public boolean isValid(ByteBuffer src) {
    return SingleByteEncoding.validUpTo(src, table) == src.limit();
  }

  @Override
  public String toString() {
    return table.name() + " (" + policy + ")";
  }
}
