package dev.textwire.bench;

import dev.textwire.resp.RespConnection;
import dev.textwire.resp.RespValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/**
 * Pipelined SET and GET throughput against a live redis-server, one client: textwire's
 * {@link RespConnection} ({@code send} x depth, {@code flush}, {@code readReply} x depth) beside Jedis's
 * {@link Pipeline} ({@code set}/{@code get} x depth, {@code sync}), interleaved round by round so drift
 * in the machine's load hits both alike, then {@code redis-benchmark} with the same shape as the
 * ceiling (a C client that does not build strings). Not a JMH benchmark: run by
 * {@code tools/resp-live.sh}, which starts and stops its own server.
 *
 * <p>Arguments: {@code port requests valueBytes depth[,depth...] rounds [redis-benchmark path]}.
 */
public final class RespLive {
  private static final int KEY_COUNT = 10_000;

  private final int port;
  private final int requests;
  private final String value;
  private final String[] keys = new String[KEY_COUNT];

  private RespLive(int port, int requests, int valueBytes) {
    this.port = port;
    this.requests = requests;
    this.value = "v".repeat(valueBytes);
    for (int i = 0; i < KEY_COUNT; i++) keys[i] = "resplive:" + i;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 5) {
      System.err.println("usage: RespLive port requests valueBytes depth[,depth...] rounds [redis-benchmark]");
      System.exit(2);
    }
    int port = Integer.parseInt(args[0]);
    int requests = Integer.parseInt(args[1]);
    int valueBytes = Integer.parseInt(args[2]);
    int[] depths = Arrays.stream(args[3].split(",")).mapToInt(Integer::parseInt).toArray();
    int rounds = Integer.parseInt(args[4]);
    String redisBenchmark = args.length > 5 ? args[5] : "redis-benchmark";
    RespLive live = new RespLive(port, requests, valueBytes);

    System.out.printf("requests=%d valueBytes=%d depths=%s rounds=%d port=%d java=%s%n", requests, valueBytes,
        args[3], rounds, port, System.getProperty("java.version"));
    // Warm both clients (JIT, connections) on a tenth of the work, unrecorded.
    for (int depth : depths) {
      live.run("textwire", "SET", depth, requests / 10);
      live.run("jedis", "SET", depth, requests / 10);
      live.run("textwire", "GET", depth, requests / 10);
      live.run("jedis", "GET", depth, requests / 10);
    }

    Map<String, List<Double>> results = new LinkedHashMap<>();
    for (int depth : depths) {
      for (int round = 1; round <= rounds; round++) {
        for (String op : new String[] {"SET", "GET"}) {
          for (String client : new String[] {"textwire", "jedis"}) {
            double opsPerSecond = live.run(client, op, depth, requests);
            System.out.printf("round %d depth %3d %s %-8s %,12.0f ops/s%n", round, depth, op, client, opsPerSecond);
            results.computeIfAbsent(depth + " " + op + " " + client, k -> new ArrayList<>()).add(opsPerSecond);
          }
        }
      }
      Map<String, Double> ceiling = redisBenchmark(redisBenchmark, port, requests, depth, valueBytes);
      for (Map.Entry<String, Double> e : ceiling.entrySet()) {
        System.out.printf("redis-benchmark depth %3d %s %,12.0f ops/s%n", depth, e.getKey(), e.getValue());
        results.put(depth + " " + e.getKey() + " redis-benchmark", List.of(e.getValue()));
      }
    }

    System.out.println();
    System.out.printf("| depth | op  | textwire ops/s (median of %d) | Jedis ops/s (median) | textwire / Jedis "
        + "| redis-benchmark ops/s | textwire / redis-benchmark |%n", rounds);
    System.out.println("|---:|---|---:|---:|---:|---:|---:|");
    for (int depth : depths) {
      for (String op : new String[] {"SET", "GET"}) {
        double textwire = median(results.get(depth + " " + op + " textwire"));
        double jedis = median(results.get(depth + " " + op + " jedis"));
        List<Double> c = results.get(depth + " " + op + " redis-benchmark");
        double ceil = c == null ? Double.NaN : c.get(0);
        System.out.printf("| %d | %s | %,.0f | %,.0f | %.2f | %,.0f | %.2f |%n", depth, op, textwire, jedis,
            textwire / jedis, ceil, textwire / ceil);
      }
    }
  }

  /** Ops per second for {@code count} requests in batches of {@code depth}. */
  private double run(String client, String op, int depth, int count) throws IOException {
    long start = System.nanoTime();
    long checked = client.equals("textwire") ? textwire(op, depth, count) : jedis(op, depth, count);
    long nanos = System.nanoTime() - start;
    if (checked != count) throw new IllegalStateException(client + " " + op + ": " + checked + " of " + count + " replies right");
    return count * 1e9 / nanos;
  }

  /** The count of replies that were what the command should answer. */
  private long textwire(String op, int depth, int count) throws IOException {
    long right = 0;
    boolean set = op.equals("SET");
    try (RespConnection c = RespConnection.connect("127.0.0.1", port)) {
      for (int done = 0; done < count; ) {
        int batch = Math.min(depth, count - done);
        for (int i = 0; i < batch; i++) {
          String key = keys[(done + i) % KEY_COUNT];
          if (set) c.send("SET", key, value);
          else c.send("GET", key);
        }
        c.flush();
        for (int i = 0; i < batch; i++) {
          RespValue reply = c.readReply();
          if (set ? "OK".equals(reply.asString()) : value.equals(reply.asString())) right++;
        }
        done += batch;
      }
    }
    return right;
  }

  private long jedis(String op, int depth, int count) {
    long right = 0;
    boolean set = op.equals("SET");
    List<Response<String>> replies = new ArrayList<>(depth);
    try (Jedis j = new Jedis("127.0.0.1", port)) {
      Pipeline p = j.pipelined();
      for (int done = 0; done < count; ) {
        int batch = Math.min(depth, count - done);
        replies.clear();
        for (int i = 0; i < batch; i++) {
          String key = keys[(done + i) % KEY_COUNT];
          replies.add(set ? p.set(key, value) : p.get(key));
        }
        p.sync();
        for (Response<String> r : replies) {
          if (set ? "OK".equals(r.get()) : value.equals(r.get())) right++;
        }
        done += batch;
      }
    }
    return right;
  }

  /** redis-benchmark's requests per second by test name (SET, GET), from its CSV. */
  private static Map<String, Double> redisBenchmark(String path, int port, int requests, int depth, int valueBytes)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(path, "-h", "127.0.0.1", "-p", Integer.toString(port), "-c", "1",
        "-n", Integer.toString(requests), "-P", Integer.toString(depth), "-d", Integer.toString(valueBytes),
        "-t", "set,get", "--csv").redirectErrorStream(true).start();
    Map<String, Double> rps = new LinkedHashMap<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        String[] f = line.split(",");
        if (f.length >= 2 && f[0].startsWith("\"") && !f[0].equals("\"test\"")) {
          rps.put(f[0].replace("\"", ""), Double.parseDouble(f[1].replace("\"", "")));
        }
      }
    }
    if (p.waitFor() != 0) throw new IllegalStateException("redis-benchmark exited with " + p.exitValue());
    return rps;
  }

  private static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
