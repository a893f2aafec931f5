package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which short Strings the direct-buffer path takes, below the public API: the public tests
 * (DirectBufferShortTextTest) compare results, and would pass as well if this path were never taken.
 */
class DirectShortRouteTest {
  private static final String TEXT = "a\u00E9\u4E2D\uD83D\uDE00z"; // 1 + 2 + 3 + 4 + 1 bytes
  private static final byte[] BYTES = TEXT.getBytes(StandardCharsets.UTF_8);

  @TempDir Path dir;

  @Test
  void writableDirectBuffersOfEveryKindTakeIt() throws IOException {
    ByteBuffer whole = ByteBuffer.allocateDirect(64);
    try (FileChannel file =
        FileChannel.open(dir.resolve("mapped"), StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      MappedByteBuffer mapped = file.map(FileChannel.MapMode.READ_WRITE, 0, 64);
      List<ByteBuffer> buffers = List.of(whole, whole.duplicate(), whole.position(5).slice(), mapped);
      for (ByteBuffer buffer : buffers) {
        assertEquals(BYTES.length, Utf8Kernel.UTF_8.encodeShort(TEXT, 0, TEXT.length(), buffer, 2, 64 - 5), buffer::toString);
        byte[] written = new byte[BYTES.length];
        buffer.get(2, written);
        assertArrayEquals(BYTES, written, buffer::toString);
        assertEquals(3, new SingleByteKernel(CodePages.ISO_8859_1).encodeShort("\u00E9t\u00E9", 0, 3, buffer, 0, 3));
        assertEquals((byte) 0xE9, buffer.get(2), buffer::toString);
      }
    }
  }

  @Test
  void everythingElseIsLeftToTheGeneralPath() {
    ByteBuffer direct = ByteBuffer.allocateDirect(64);
    SingleByteKernel latin1 = new SingleByteKernel(CodePages.ISO_8859_1);
    // Other buffers, by their class.
    assertEquals(-1, Utf8Kernel.UTF_8.encodeShort(TEXT, 0, TEXT.length(), ByteBuffer.allocate(64), 0, 64));
    assertEquals(-1, latin1.encodeShort("abc", 0, 3, ByteBuffer.allocate(64), 0, 64));
    // Unpaired surrogates, and too little room, in UTF-8.
    assertEquals(-1, Utf8Kernel.UTF_8.encodeShort("ab\uD800", 0, 3, direct, 0, 64));
    assertEquals(-1, Utf8Kernel.UTF_8.encodeShort("\uDC00", 0, 1, direct, 0, 64));
    assertEquals(-1, Utf8Kernel.UTF_8.encodeShort(TEXT, 0, TEXT.length(), direct, 0, BYTES.length - 1));
    assertEquals(BYTES.length, Utf8Kernel.UTF_8.encodeShort(TEXT, 0, TEXT.length(), direct, 0, BYTES.length));
    // CESU-8 and modified UTF-8.
    assertEquals(-1, Utf8Kernel.CESU_8.encodeShort("abc", 0, 3, direct, 0, 64));
    assertEquals(-1, Utf8Kernel.MODIFIED_UTF_8.encodeShort("abc", 0, 3, direct, 0, 64));
    // A char a single-byte code page reads past Latin-1, and too little room.
    assertEquals(-1, latin1.encodeShort("a\u0100", 0, 2, direct, 0, 64));
    assertEquals(-1, latin1.encodeShort("abc", 0, 3, direct, 0, 2));
  }
}
