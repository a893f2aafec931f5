package dev.textwire.clob.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.textwire.clob.ClobModelRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided sequences of operations on a TextClob against a StringBuilder model: the fuzzer's bytes
 * choose the storage (8- or 16-byte segments, a spill threshold of 0, 64 or 200 bytes, UTF-8 or modified
 * UTF-8), the alphabet and every operation and argument of {@link ClobModelRunner}, which checks length,
 * stored bytes and spill state after every operation and the whole content regularly. Any difference, or
 * any exception the contract does not name, is a finding; its message carries the operation log. Inputs
 * under {@code src/test/resources/dev/textwire/clob/fuzz/ClobOperationsFuzzTestInputs}.
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class ClobOperationsFuzzTest {
  static final int MAX_OPERATIONS = 200;
  private static final long[] THRESHOLDS = {0, 64, 200};
  /** One directory for every input of the run, checked empty after each: a leaked spill file is a finding. */
  private static final Path TEMP_DIRECTORY = createTempDirectory();

  @FuzzTest(maxDuration = "30s")
  void operations(FuzzedDataProvider data) throws Exception {
    int segmentBytes = data.consumeBoolean() ? 8 : 16;
    long threshold = THRESHOLDS[data.consumeInt(0, THRESHOLDS.length - 1)];
    boolean modifiedUtf8 = data.consumeBoolean();
    ClobModelRunner.Alphabet alphabet = data.pickValue(ClobModelRunner.Alphabet.values());
    ClobModelRunner.Config config = new ClobModelRunner.Config(threshold, segmentBytes, modifiedUtf8, 500, 24);
    ClobModelRunner runner = new ClobModelRunner(config, alphabet, bound -> data.consumeInt(0, bound - 1), TEMP_DIRECTORY);
    try {
      runner.start();
      for (int operation = 0; operation < MAX_OPERATIONS && data.remainingBytes() > 0; operation++) {
        runner.step();
      }
      runner.finish();
      try (Stream<Path> files = Files.list(TEMP_DIRECTORY)) {
        List<Path> left = files.toList();
        if (!left.isEmpty()) {
          throw new AssertionError("files left after free(): " + left);
        }
      }
    } catch (Throwable failure) {
      if (runner.clob() != null) {
        try {
          runner.clob().free(); // so one finding does not leave files that fail every later input
        } catch (Exception ignored) {
          // The finding below is what matters.
        }
      }
      throw new AssertionError(failure + "\noperations:\n" + String.join("\n", runner.log()), failure);
    }
  }

  private static Path createTempDirectory() {
    try {
      Path directory = Files.createTempDirectory("textwire-clob-fuzz-");
      directory.toFile().deleteOnExit(); // deleted at exit only if empty, which every input checks
      return directory;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
