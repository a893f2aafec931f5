package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.buffer.LengthPrefix;
import dev.textwire.buffer.SegmentedBuffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Once warm, the into-buffer paths allocate nothing, for every codec: exact length, encoding into an
 * array, a heap and a direct buffer, resumable encoding and decoding into the caller's space, validation
 * of arrays and buffers, length-prefixed frames into arrays, buffers and a segmented buffer. Counted with
 * {@code ThreadMXBean.getThreadAllocatedBytes} on this thread around a batch of calls that were already
 * run; skipped where the JVM does not count. This does not need the JIT: nothing on these paths relies
 * on escape analysis, so even interpreted calls allocate nothing.
 */
// Alone: what it measures (allocation, the heap) must not depend on the tests running beside it.
@Isolated
class WarmAllocationTest {
  private static final TextCodec[] CODECS = {
    TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8, TextCodecs.ISO_8859_1, TextCodecs.IBM500,
    TextCodecs.IBM1047
  };

  private interface Call {
    void run();
  }

  /** Texts each codec encodes without error: short and long, ASCII, Latin-1, and, for the UTF-8 family, wider. */
  private static List<String> texts(TextCodec codec) {
    List<String> texts = new ArrayList<>();
    texts.add("short ascii");
    texts.add("ascii ".repeat(2000));
    texts.add("Grüße, café ".repeat(700));
    if (codec.maxBytesPerChar() > 1) {
      texts.add("日本語 😀 Привет ".repeat(500));
      texts.add("mixed 日本 ok");
    }
    return texts;
  }

  /**
   * Bytes allocated by five calls, less what reading the counter costs. The cost is the least of three
   * back-to-back pairs of reads: a single pair may catch the counter's own method handle spinning a
   * class (once, early), and a round measured against that inflated cost comes out negative.
   */
  private static long allocatedBy(Call call) {
    long id = Thread.currentThread().getId();
    long overhead = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      overhead = Math.min(overhead, -Management.threadAllocatedBytes(id) + Management.threadAllocatedBytes(id));
    }
    long start = Management.threadAllocatedBytes(id);
    for (int i = 0; i < 5; i++) {
      call.run();
    }
    return Management.threadAllocatedBytes(id) - start - overhead;
  }

  /**
   * With the vector tier on, its kernels allocate a box per vector until C2 has compiled them (the
   * Vector API is allocation-free only once intrinsified), and C2 compiles in the background, in its own
   * time: so there, warm means calling until a round allocates nothing, for at most this long.
   */
  private static final long VECTOR_WARM_NANOS = 30_000_000_000L;

  private static void assertNoAllocation(String what, Call call) {
    for (int i = 0; i < 20; i++) {
      call.run(); // warm: lent scratch, cached views, the encoders' own space
    }
    if (Acceleration.vectorTier()) {
      long deadline = System.nanoTime() + VECTOR_WARM_NANOS;
      while (allocatedBy(call) > 0 && System.nanoTime() < deadline) {
        for (int i = 0; i < 200; i++) {
          call.run();
        }
      }
    }
    // The counter is read through a MethodHandle, whose first few hundred calls may spin classes of its
    // own on this thread; a path that allocates does so in every round, so the least of the rounds
    // counts. A negative round means the counter's reading allocated between the calls' two reads and
    // says nothing about the calls: it is measured again rather than taken as the least (CI once failed
    // on "allocated -896 bytes", which no path can do).
    long least = Long.MAX_VALUE;
    int disturbed = 0;
    for (int round = 0; round < 3 + disturbed && disturbed < 10 && least > 0; round++) {
      long bytes = allocatedBy(call);
      if (bytes < 0) {
        disturbed++;
      } else {
        least = Math.min(least, bytes);
      }
    }
    assertTrue(least != Long.MAX_VALUE, what + ": the allocation counter was disturbed in every round");
    assertEquals(0, least, what + " allocated " + least + " bytes in 5 warm calls (the least of the undisturbed rounds)");
  }

  @Test
  void codecPathsAllocateNothingOnceWarm() {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count a thread's allocation");
    for (TextCodec codec : CODECS) {
      for (String text : texts(codec)) {
        String what = codec + ", " + text.length() + " chars";
        StringBuilder builder = new StringBuilder(text);
        byte[] encoded = codec.encode(text);
        byte[] array = new byte[encoded.length + 16];
        ByteBuffer heap = ByteBuffer.allocate(encoded.length + 16);
        ByteBuffer direct = ByteBuffer.allocateDirect(encoded.length + 16);
        ByteBuffer directBytes = ByteBuffer.allocateDirect(encoded.length).put(encoded).flip();
        assertNoAllocation(what + ": encodedLength", () -> codec.encodedLength(text));
        assertNoAllocation(what + ": encodedLength of a StringBuilder", () -> codec.encodedLength(builder));
        assertNoAllocation(what + ": encode into an array", () -> codec.encode(text, array, 3));
        assertNoAllocation(what + ": encode a StringBuilder into an array", () -> codec.encode(builder, array, 3));
        assertNoAllocation(what + ": encode into a heap buffer", () -> codec.encode(text, heap.clear()));
        assertNoAllocation(what + ": encode into a direct buffer", () -> codec.encode(builder, direct.clear()));
        assertNoAllocation(what + ": validate an array", () -> codec.isValid(encoded));
        assertNoAllocation(what + ": validUpTo a direct buffer", () -> codec.validUpTo(directBytes));

        TextEncoder encoder = codec.newEncoder();
        byte[] window = new byte[100];
        assertNoAllocation(what + ": resumable encoding", () -> {
          encoder.reset(builder);
          while (encoder.hasRemaining()) {
            encoder.encode(window, 0, window.length);
          }
        });
        TextDecoder decoder = codec.newDecoder();
        char[] chars = new char[100];
        CharBuffer charBuffer = CharBuffer.allocate(77);
        assertNoAllocation(what + ": resumable decoding, array pieces", () -> {
          decoder.reset();
          int half = encoded.length / 2;
          decoder.feed(encoded, 0, half, false);
          while (decoder.decode(chars, 0, chars.length) > 0) {}
          decoder.feed(encoded, half, encoded.length - half, true);
          while (decoder.decode(charBuffer.clear()) > 0) {}
        });
        assertNoAllocation(what + ": resumable decoding, a direct buffer", () -> {
          decoder.reset().feed(directBytes.rewind(), true);
          decoder.skip(Long.MAX_VALUE);
        });
      }
    }
  }

  @Test
  void framesAndBufferWritesAllocateNothingOnceWarm() {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count a thread's allocation");
    for (TextCodec codec : CODECS) {
      for (String text : texts(codec)) {
        for (LengthPrefix prefix : LengthPrefix.values()) {
          if (codec.encodedLength(text) > prefix.maxLength()) {
            continue;
          }
          String what = codec + ", " + prefix + ", " + text.length() + " chars";
          int frame = (int) prefix.frameLength(text, codec);
          byte[] array = new byte[frame + 8];
          ByteBuffer heap = ByteBuffer.allocate(frame + 8);
          ByteBuffer direct = ByteBuffer.allocateDirect(frame + 8);
          SegmentedBuffer segmented = new SegmentedBuffer(1024);
          assertNoAllocation(what + ": into an array", () -> prefix.write(text, 0, text.length(), codec, array, 1));
          assertNoAllocation(what + ": into a heap buffer", () -> prefix.write(text, 0, text.length(), codec, heap.clear()));
          assertNoAllocation(what + ": into a direct buffer", () -> prefix.write(text, 0, text.length(), codec, direct.clear()));
          assertNoAllocation(what + ": into a segmented buffer", () -> {
            segmented.clear();
            prefix.write(text, 0, text.length(), codec, segmented);
            segmented.writeText(text, codec);
          });
        }
      }
    }
  }
}
