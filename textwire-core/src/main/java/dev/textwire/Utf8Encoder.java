package dev.textwire;

import dev.textwire.internal.ResumableEncoder;
import dev.textwire.internal.Utf8Variant;

/**
 * A resumable UTF-8 encoder: it writes as much of its input as fits into the window it is given, never
 * part of a character, and the next call goes on from there. Use it when the destination fills before the
 * text ends: a fixed request buffer to flush, a buffer to grow, a segment to move past.
 *
 * <pre>{@code
 * Utf8Encoder encoder = Utf8.newEncoder().reset(text);
 * while (encoder.hasRemaining()) {
 *   position += encoder.encode(window, position, window.length);
 *   if (encoder.hasRemaining()) { flush(window, position); position = 0; }
 * }
 * }</pre>
 *
 * <p>Input comes either as one text ({@link #reset(CharSequence)}) or as pieces of a stream
 * ({@link #feed}); a high surrogate at the end of a piece is kept until the next piece brings its low
 * half, so a caller can reuse its array as soon as the encoder has no input left.
 *
 * <p>Errors: under {@link ErrorPolicy#STRICT} an unpaired surrogate throws {@link MalformedTextException}.
 * Everything before it has been written and counted, and the encoder stands before the bad char, so
 * {@link #charIndex()}, {@link #charsConsumed()} and {@link #bytesWritten()} say where the good output
 * ends. Char indices in errors are indices in the text given to {@code reset}, or, for pieces given to
 * {@code feed}, the char's position in the whole stream since the last reset.
 *
 * <p>Reusable, allocation-free after construction (it owns about 12 KiB of working space), and not
 * thread-safe. Get one from {@link Utf8#newEncoder()} or {@link Utf8Codec#newEncoder()}.
 *
 * <p>The same class encodes CESU-8 and modified UTF-8 ({@link TextCodecs#CESU_8}, {@link
 * TextCodecs#MODIFIED_UTF_8}). In CESU-8 a supplementary character is two 3-byte sequences, 6 bytes that
 * are never split between windows. Modified UTF-8 encodes UTF-16 code units, every surrogate on its own
 * as {@code writeUTF} does, so there each char is a character: a window may end between the halves of a
 * pair, nothing is carried between pieces, every window is well-formed modified UTF-8 by itself, and it
 * never throws.
 */
public final class Utf8Encoder extends ResumableTextEncoder {
  Utf8Encoder(ErrorPolicy policy) {
    this(policy, Utf8Variant.UTF_8);
  }

  Utf8Encoder(ErrorPolicy policy, Utf8Variant variant) {
    super(new ResumableEncoder(variant), policy);
  }

  // The methods that return the encoder, narrowed for chaining; the rest are ResumableTextEncoder's.

  @Override
  public Utf8Encoder reset() {
    super.reset();
    return this;
  }

  @Override
  public Utf8Encoder reset(CharSequence text) {
    return reset(text, 0, text.length());
  }

  @Override
  public Utf8Encoder reset(CharSequence text, int beginIndex, int endIndex) {
    super.reset(text, beginIndex, endIndex);
    return this;
  }

  @Override
  public Utf8Encoder feed(CharSequence piece, int beginIndex, int endIndex, boolean endOfInput) {
    super.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  @Override
  public Utf8Encoder feed(char[] piece, int beginIndex, int endIndex, boolean endOfInput) {
    super.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }
}
