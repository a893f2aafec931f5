package dev.textwire.cli;

import dev.textwire.TextCodec;

/** {@link OutputEncoder} over one of the core's codecs. */
final class CodecEncoder implements OutputEncoder {
  private final TextCodec codec;

  CodecEncoder(TextCodec codec) {
    this.codec = codec;
  }

  @Override
  public int maxBytesPerChar() {
    return codec.maxBytesPerChar();
  }

  @Override
  public int encode(String text, int from, int to, byte[] out) {
    return codec.encode(text, from, to, out, 0);
  }
}
