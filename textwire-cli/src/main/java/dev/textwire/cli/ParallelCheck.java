package dev.textwire.cli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether a large UTF-8 file is well-formed, checked by several threads, each on its own part of the
 * file. It only answers where the first part that is not valid starts: the one-thread {@link Validation}
 * then reads on from there and finds and reports the errors in order, so what is printed never depends
 * on the threads. A part that fails stops the parts after it, not those before it, which must finish
 * for the answer to hold.
 *
 * <p>The parts meet where a character starts (a byte that is not {@code 10xxxxxx}). No well-formed
 * sequence crosses such a place, and a sequence cut short there is ill-formed in the whole file too
 * (its next byte cannot continue it), so the parts are valid exactly when the file is.
 */
final class ParallelCheck {
  /** Below this, one thread finishes before the others would have started. */
  static final long MIN_BYTES = 32L << 20;

  private ParallelCheck() {}

  /**
   * -1 if {@code path} is well-formed UTF-8; otherwise the offset where the first part with an error
   * starts (a character start), or 0 if the file changed size while it was read.
   */
  static long firstInvalidPart(Path path, long byteCount, InputDecoder utf8, int threads, Progress progress)
      throws IOException {
    long[] bounds = new long[threads + 1];
    try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
      for (int k = 1; k < threads; k++) {
        bounds[k] = charStartAtOrAfter(file, byteCount / threads * k, byteCount);
      }
    }
    bounds[threads] = byteCount;
    AtomicInteger firstFailed = new AtomicInteger(Integer.MAX_VALUE);
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "textwire-validate");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<Boolean>> parts = new ArrayList<>();
      for (int k = 0; k < threads; k++) {
        int part = k;
        long from = bounds[k];
        long to = Math.max(from, bounds[k + 1]);
        parts.add(pool.submit(() -> checkPart(path, from, to, utf8, part, firstFailed, progress)));
      }
      for (int k = 0; k < threads; k++) {
        Boolean valid = parts.get(k).get();
        if (valid == null) {
          return 0; // the file is not what it was: start again from the beginning
        }
        if (!valid) {
          return bounds[k];
        }
      }
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException) {
        throw (IOException) e.getCause();
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static long charStartAtOrAfter(RandomAccessFile file, long offset, long byteCount) throws IOException {
    file.seek(offset);
    // At most three continuation bytes follow a lead byte; past that, the next byte is an error anyway.
    for (int k = 0; k < 4 && offset < byteCount; k++, offset++) {
      int b = file.read();
      if (b < 0 || (b & 0xC0) != 0x80) {
        break;
      }
    }
    return offset;
  }

  /** True if valid, false if not (or stopped by an earlier part's failure), null if the file got shorter. */
  private static Boolean checkPart(
      Path path, long from, long to, InputDecoder utf8, int part, AtomicInteger firstFailed, Progress progress)
      throws IOException {
    byte[] buffer = new byte[Validation.CHUNK_BYTES];
    try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
      file.seek(from);
      long position = from;
      int carry = 0; // bytes of a sequence cut by the end of the last read, moved to the front
      while (position < to) {
        if (firstFailed.get() < part) {
          return false; // an earlier part failed: what this one finds is not needed
        }
        int n = file.read(buffer, carry, (int) Math.min(buffer.length - carry, to - position));
        if (n < 0) {
          firstFailed.accumulateAndGet(part, Math::min);
          return null;
        }
        position += n;
        progress.step(n);
        int length = carry + n;
        int valid = utf8.validUpTo(buffer, 0, length);
        carry = length - valid;
        if (carry > 0) {
          if (position >= to || utf8.problemAt(buffer, valid, length, false) != null) {
            firstFailed.accumulateAndGet(part, Math::min);
            return false;
          }
          System.arraycopy(buffer, valid, buffer, 0, carry);
        }
      }
      return true; // a sequence cut short by the end of the part returned above
    }
  }
}
