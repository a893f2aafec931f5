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
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether a large UTF-8 file is well-formed, checked by several threads, each on its own part of the
 * file. It only answers yes or no: a file that is not valid is then read again from the start by the
 * one-thread {@link Validation}, which finds and reports the errors in order, so what is printed never
 * depends on the threads.
 *
 * <p>The parts meet where a character starts (a byte that is not {@code 10xxxxxx}). No well-formed
 * sequence crosses such a place, and a sequence cut short there is ill-formed in the whole file too
 * (its next byte cannot continue it), so the parts are valid exactly when the file is.
 */
final class ParallelCheck {
  /** Below this, one thread finishes before the others would have started. */
  static final long MIN_BYTES = 32L << 20;

  private ParallelCheck() {}

  /** True if {@code path} is well-formed UTF-8; false if it is not, or changed size while it was read. */
  static boolean isValid(Path path, long byteCount, InputDecoder utf8, int threads, Progress progress)
      throws IOException {
    long[] bounds = new long[threads + 1];
    try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
      for (int k = 1; k < threads; k++) {
        bounds[k] = charStartAtOrAfter(file, byteCount / threads * k, byteCount);
      }
    }
    bounds[threads] = byteCount;
    AtomicBoolean failed = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "textwire-validate");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<Boolean>> parts = new ArrayList<>();
      for (int k = 0; k < threads; k++) {
        long from = bounds[k];
        long to = Math.max(from, bounds[k + 1]);
        parts.add(pool.submit(() -> checkPart(path, from, to, utf8, failed, progress)));
      }
      boolean valid = true;
      for (Future<Boolean> part : parts) {
        valid &= part.get();
      }
      return valid;
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

  private static boolean checkPart(
      Path path, long from, long to, InputDecoder utf8, AtomicBoolean failed, Progress progress)
      throws IOException {
    byte[] buffer = new byte[Validation.CHUNK_BYTES];
    try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
      file.seek(from);
      long position = from;
      int carry = 0; // bytes of a sequence cut by the end of the last read, moved to the front
      while (position < to) {
        if (failed.get()) {
          return false;
        }
        int n = file.read(buffer, carry, (int) Math.min(buffer.length - carry, to - position));
        if (n < 0) {
          failed.set(true);
          return false;
        }
        position += n;
        progress.step(n);
        int length = carry + n;
        int valid = utf8.validUpTo(buffer, 0, length);
        carry = length - valid;
        if (carry > 0) {
          if (position >= to || utf8.problemAt(buffer, valid, length, false) != null) {
            failed.set(true);
            return false;
          }
          System.arraycopy(buffer, valid, buffer, 0, carry);
        }
      }
      return carry == 0;
    }
  }
}
