/**
 * Text codecs: exact lengths, encoding straight into arrays and buffers with no garbage, strict decoding
 * that says where and what, resumable encoding and decoding, and validation, for UTF-8, CESU-8, Java's
 * modified UTF-8, ISO-8859-1 and EBCDIC.
 *
 * <h2>One model</h2>
 * A {@link dev.textwire.TextCodec} is an encoding bound to an {@link dev.textwire.ErrorPolicy}; every API
 * that reads or writes text takes one ({@code LengthPrefix}, {@code SegmentedBuffer}, the
 * {@code TextReader} and {@code TextWriter}), and where it is left out the codec is
 * {@link dev.textwire.TextCodecs#UTF_8}, strict. {@link dev.textwire.Utf8}'s static methods are that codec
 * by a shorter name. A codec gives a resumable {@link dev.textwire.TextEncoder} and
 * {@link dev.textwire.TextDecoder} for text that arrives or leaves in pieces.
 *
 * <h2>Ranges, indices and lengths: one rule everywhere</h2>
 * <ul>
 *   <li>A range of a {@code CharSequence} is {@code (beginIndex, endIndex)}, half-open, as
 *       {@code String.substring} and {@code Appendable.append} take it.
 *   <li>A range of an array, {@code byte[]} or {@code char[]}, is {@code (offset, length)}, as
 *       {@code new String(bytes, offset, length)} and {@code OutputStream.write} take it.
 *   <li>A {@code ByteBuffer} or {@code CharBuffer} is read or written from its position to its limit;
 *       the position moves past what was read or written, and indices reported for it (in
 *       {@link dev.textwire.TextValidation}, in errors) are buffer indices.
 *   <li>A byte length that sizes an array is an {@code int} ({@code encodedLength} throws
 *       {@code IllegalArgumentException} past {@code Integer.MAX_VALUE}); counts over a stream of any size
 *       ({@code bytesWritten}, {@code bytesConsumed}, {@code charsDecoded}, a
 *       {@code SegmentedBuffer}'s size, offsets in stream errors) are {@code long}.
 *   <li>Positions in errors are the caller's: a char index in the caller's text, a byte offset in the
 *       caller's array or buffer, or, for resumable coders and streams, the offset since the last reset.
 * </ul>
 */
package dev.textwire;
