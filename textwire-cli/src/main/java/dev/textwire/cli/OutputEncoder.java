package dev.textwire.cli;

/** The writing side of an {@link Encoding}. */
interface OutputEncoder {
  /** The most bytes one char can take. */
  int maxBytesPerChar();

  /**
   * Encodes {@code text[from, to)} into {@code out} from index 0, which has room for
   * {@code maxBytesPerChar() * (to - from)} bytes, and returns the bytes written.
   *
   * @throws dev.textwire.MalformedTextException when strict and a char cannot be encoded, with its index
   *     in {@code text}
   */
  int encode(String text, int from, int to, byte[] out);
}
