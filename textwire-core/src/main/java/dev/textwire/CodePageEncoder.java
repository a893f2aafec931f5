package dev.textwire;

import dev.textwire.internal.ResumableEncoder;
import dev.textwire.internal.SingleByteTable;

/**
 * The resumable encoder of a single-byte code page: {@link Utf8Encoder}'s contract over the same state
 * machine, with one byte per char (one substitute per unmappable surrogate pair).
 */
final class CodePageEncoder extends ResumableTextEncoder {
  CodePageEncoder(SingleByteTable table, ErrorPolicy policy) {
    super(new ResumableEncoder(table), policy);
  }
}
