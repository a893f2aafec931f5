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
 * Where a large UTF-8 file stops being well-formed, found by several threads, each on its own part of
 * the file. It only finds the first error's offset: the one-thread {@link Validation} then reads on from
 * there and reports the errors in order, so what is printed never depends on the threads. A part that
 * fails stops the parts after it, not those before it, which must finish for the answer to hold.
 *
 * <p>The parts meet where a character starts (a byte that is not {@code 10xxxxxx}). No well-formed
 * sequence crosses such a place, and a sequence cut short there is ill-formed in the whole file too
 * (its next byte cannot continue it), so the first error of the first part that has one is the first
 * error of the file.
 */
final class ParallelCheck {
  /** Below this, one thread finishes before the others would have started. */
  static final long MIN_BYTES = 32L << 20;

  /** A part's answer: stopped because an earlier part failed. */
  private static final long STOPPED = -2;
  /** A part's answer: the file ended before the part did (it changed while it was read). */
  private static final long SHORTER = -3;

  private ParallelCheck() {}

  /**
   * -1 if {@code path} is well-formed UTF-8; otherwise the offset of its first ill-formed (or cut short)
   * sequence, or 0 if the file changed size while it was read (then read it all again).
   */
  static long firstError(Path path, long byteCount, InputDecoder utf8, int threads, Progress progress)
      throws IOException {
    long[] bounds = new long[threads + 1];
    try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
      for (int k = 1; k < threads; k++) {
        bounds[k] = charStartAtOrAfter(file, byteCount / threads * k, byteCount);
      }
    }
    bounds[threads] = byteCount;
    AtomicInteger firstFailed = new AtomicInteger(Integer.MAX_VALUE);
    List<Callable> parts = new ArrayList<>();
    for (int k = 0; k < threads; k++) {
      int part = k;
      long from = bounds[k];
      long to = Math.max(from, bounds[k + 1]);
      parts.add(() -> checkPart(path, from, to, utf8, part, firstFailed, progress));
    }
    for (long answer : inParallel(parts)) {
      if (answer == SHORTER) {
        return 0;
      }
      if (answer != -1) {
        return answer; // an error; parts after it may have stopped, parts before it were valid
      }
    }
    return -1;
  }

  /** A task whose answer is a long and which may fail with an IOException. */
  interface Callable {
    long call() throws IOException;
  }

  /** Runs the tasks on one thread each and returns their answers in order. */
  static long[] inParallel(List<Callable> tasks) throws IOException {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            tasks.size(),
            r -> {
              Thread t = new Thread(r, "textwire-part");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<Long>> futures = new ArrayList<>();
      for (Callable task : tasks) {
        futures.add(pool.submit(task::call));
      }
      long[] answers = new long[tasks.size()];
      for (int k = 0; k < answers.length; k++) {
        answers[k] = futures.get(k).get();
      }
      return answers;
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

  /** -1 if the part is valid; else the offset of its first error, {@link #STOPPED} or {@link #SHORTER}. */
  private static long checkPart(
      Path path, long from, long to, InputDecoder utf8, int part, AtomicInteger firstFailed, Progress progress)
      throws IOException {
    byte[] buffer = new byte[Validation.CHUNK_BYTES];
    try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
      file.seek(from);
      long position = from;
      int carry = 0; // bytes of a sequence cut by the end of the last read, moved to the front
      while (position < to) {
        if (firstFailed.get() < part) {
          return STOPPED; // an earlier part failed: what this one would find is not needed
        }
        int n = file.read(buffer, carry, (int) Math.min(buffer.length - carry, to - position));
        if (n < 0) {
          firstFailed.accumulateAndGet(part, Math::min);
          return SHORTER;
        }
        long bufferOffset = position - carry;
        position += n;
        progress.step(n);
        int length = carry + n;
        int valid = utf8.validUpTo(buffer, 0, length);
        carry = length - valid;
        if (carry > 0) {
          if (position >= to || utf8.problemAt(buffer, valid, length, false) != null) {
            firstFailed.accumulateAndGet(part, Math::min);
            return bufferOffset + valid;
          }
          System.arraycopy(buffer, valid, buffer, 0, carry);
        }
      }
      return -1;
    }
  }
}
