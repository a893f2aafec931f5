import java.io.File;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Two builds of textwire-core side by side in one JVM: each loaded by its own class loader, one
 * {@code dev.textwire.TextCodec} operation called in alternating batches, so that whatever else the
 * machine does falls on both alike. For a change to the kernels or the API shape, where two separate JMH
 * runs on this noisy machine differ by more than the change. Prints the median and 25th percentile ns
 * per call of each, and new/old. Passing the same classes dir twice is the self-check: new/old then
 * shows only the noise (two loaders, two copies of the same code).
 *
 * <pre>
 * java textwire-benchmarks/tools/ClassesAB.java OLD_CLASSES NEW_CLASSES BENCH_JAR CODEC OP INPUT
 *   CODEC: a public static field of dev.textwire.TextCodecs (UTF_8, CESU_8, MODIFIED_UTF_8, ISO_8859_1, IBM500, IBM1047)
 *   OP:    encode (encode(CharSequence, byte[], int)), length (encodedLength(CharSequence)),
 *          decode (decode(byte[])), validate (isValid(byte[]))
 *   INPUT: KIND/LENGTH, a synthetic kind of dev.textwire.bench.Inputs (ascii, latin1, cjk, emoji, mostly_ascii),
 *          or file:PATH, a UTF-8 text file (e.g. corpus/wikipedia_mars/english.utf8.txt)
 * </pre>
 *
 * The codec is found by name in each build and called through a MethodHandle from findVirtual on
 * TextCodec, bound to the codec: the same call shape whether TextCodec is an interface (old) or a final
 * class (new), so both pay the same handle cost. Bytes for decode and validate are the old build's
 * encoding of the text, made once up front. System properties: ab.rounds (measured rounds, default 20),
 * ab.warmup (default 6), ab.batchMillis (target time of one batch, default 5), ab.jitMillis
 * (untimed calls of both before the batch size is chosen, default 400).
 */
public class ClassesAB {
  public static void main(String[] args) throws Throwable {
    if (args.length != 6) {
      throw new IllegalArgumentException("usage: OLD_CLASSES NEW_CLASSES BENCH_JAR CODEC OP INPUT");
    }
    String[] dirs = {args[0], args[1]};
    String codecName = args[3];
    String op = args[4];
    String input = args[5];
    String text = readText(args[2], input);
    int rounds = Integer.getInteger("ab.rounds", 20);
    int warmupRounds = Integer.getInteger("ab.warmup", 6);
    long batchNanos = Long.getLong("ab.batchMillis", 5) * 1_000_000L;

    MethodHandle[] handles = new MethodHandle[2];
    MethodHandle oldEncodeToArray = null;
    for (int i = 0; i < 2; i++) {
      // A fresh loader even when both dirs are the same: that is what makes the self-check honest.
      ClassLoader loader = new URLClassLoader(new URL[] {new File(dirs[i]).toURI().toURL()}, null);
      Class<?> codecType = loader.loadClass("dev.textwire.TextCodec");
      Object codec = loader.loadClass("dev.textwire.TextCodecs").getField(codecName).get(null);
      handles[i] = handle(codecType, op).bindTo(codec);
      if (i == 0) {
        oldEncodeToArray =
            MethodHandles.publicLookup()
                .findVirtual(codecType, "encode", MethodType.methodType(byte[].class, CharSequence.class))
                .bindTo(codec);
      }
    }
    byte[] encoded = (byte[]) oldEncodeToArray.invoke((CharSequence) text);
    // 3 bytes per char covers UTF-8, CESU-8 and modified UTF-8 (a pair is 4 or 6 bytes) and code pages.
    byte[] dst = new byte[3 * text.length() + 16];

    long sink = 0;
    // Compile both before calibrating: an interpreted first batch would make calls far too small.
    long warmupEnd = System.nanoTime() + Long.getLong("ab.jitMillis", 400) * 1_000_000L;
    while (System.nanoTime() < warmupEnd) {
      sink += batch(handles[0], op, 16, text, dst, encoded);
      sink += batch(handles[1], op, 16, text, dst, encoded);
    }
    int calls = 1;
    while (true) {
      long start = System.nanoTime();
      sink += batch(handles[0], op, calls, text, dst, encoded);
      long elapsed = System.nanoTime() - start;
      if (elapsed >= batchNanos || calls >= 1 << 24) {
        break;
      }
      calls = (int) Math.min(1 << 24, Math.max(calls * 2L, calls * batchNanos / Math.max(1, elapsed)));
    }

    double[][] nanos = new double[2][rounds];
    for (int round = 0; round < warmupRounds + rounds; round++) {
      for (int k = 0; k < 2; k++) {
        int i = (round & 1) == 0 ? k : 1 - k; // alternate which goes first
        long start = System.nanoTime();
        sink += batch(handles[i], op, calls, text, dst, encoded);
        if (round >= warmupRounds) {
          nanos[i][round - warmupRounds] = (double) (System.nanoTime() - start) / calls;
        }
      }
    }
    Arrays.sort(nanos[0]);
    Arrays.sort(nanos[1]);
    System.out.printf(
        "%-14s %-8s %-36s chars %7d bytes %7d calls %8d: old median %10.1f ns (p25 %10.1f), new median %10.1f ns (p25 %10.1f), new/old %.3f  [%d]%n",
        codecName, op, input, text.length(), encoded.length, calls, nanos[0][rounds / 2], nanos[0][rounds / 4],
        nanos[1][rounds / 2], nanos[1][rounds / 4], nanos[1][rounds / 2] / nanos[0][rounds / 2], sink & 1);
  }

  private static String readText(String benchJar, String input) throws Exception {
    if (input.startsWith("file:")) {
      return new String(Files.readAllBytes(Path.of(input.substring("file:".length()))), StandardCharsets.UTF_8);
    }
    int slash = input.indexOf('/');
    String kind = input.substring(0, slash);
    int length = Integer.parseInt(input.substring(slash + 1));
    ClassLoader benchLoader = new URLClassLoader(new URL[] {new File(benchJar).toURI().toURL()}, null);
    Object inputs =
        benchLoader.loadClass("dev.textwire.bench.Inputs")
            .getMethod("synthetic", String.class, int.class)
            .invoke(null, kind, length);
    return (String) inputs.getClass().getMethod("text").invoke(inputs);
  }

  private static MethodHandle handle(Class<?> codecType, String op) throws ReflectiveOperationException {
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    switch (op) {
      case "encode":
        return lookup.findVirtual(codecType, "encode", MethodType.methodType(int.class, CharSequence.class, byte[].class, int.class));
      case "length":
        return lookup.findVirtual(codecType, "encodedLength", MethodType.methodType(int.class, CharSequence.class));
      case "decode":
        return lookup.findVirtual(codecType, "decode", MethodType.methodType(String.class, byte[].class));
      case "validate":
        return lookup.findVirtual(codecType, "isValid", MethodType.methodType(boolean.class, byte[].class));
      default:
        throw new IllegalArgumentException("op " + op + ": expected encode, length, decode or validate");
    }
  }



  private static long batch(MethodHandle h, String op, int calls, String text, byte[] dst, byte[] encoded) throws Throwable {
    long sink = 0;
    CharSequence chars = text;
    switch (op) {
      case "encode":
        for (int c = 0; c < calls; c++) {
          sink += (int) h.invokeExact(chars, dst, 0);
        }
        break;
      case "length":
        for (int c = 0; c < calls; c++) {
          sink += (int) h.invokeExact(chars);
        }
        break;
      case "decode":
        for (int c = 0; c < calls; c++) {
          sink += ((String) h.invokeExact(encoded)).length();
        }
        break;
      default:
        for (int c = 0; c < calls; c++) {
          sink += (boolean) h.invokeExact(encoded) ? 1 : 0;
        }
    }
    return sink;
  }
}
