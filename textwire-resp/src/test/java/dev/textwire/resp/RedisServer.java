package dev.textwire.resp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real {@code redis-server} process for tests, on a free loopback port, with no persistence, in a
 * temporary directory of its own.
 *
 * <p>Two ways to get one:
 *
 * <ul>
 *   <li>{@link #shared()}: one server per test JVM, started by the first test that asks and stopped by a
 *       shutdown hook when the JVM exits. Tests that share it call {@link #flushAll()} first (e.g. in
 *       {@code @BeforeEach}) and must not change its configuration; they never close it. (If one does,
 *       the next {@code shared()} starts a new one.)
 *   <li>{@link #start(String...)}: a server of the test's own, with extra configuration (e.g.
 *       {@code "--requirepass", "secret"}), closed by the test (try-with-resources or {@code @AfterAll});
 *       a shutdown hook stops it too if the test JVM exits first.
 * </ul>
 *
 * <p>The binary is the system property {@code textwire.redisServer} if set, else the first
 * {@code redis-server} on the PATH, in /usr/bin or in /usr/local/bin. Without one, the calling test is
 * skipped with how to install it, or fails when the environment variable {@code CI} is {@code true}
 * (a CI run must not pass by skipping the Redis tests). Talks to the server with raw RESP bytes over a
 * plain socket, so the fixture depends on no client library, textwire-resp's included.
 */
public final class RedisServer implements AutoCloseable {
  public static final String HOST = "127.0.0.1";

  /**
   * The lock every test class that talks to a server holds (JUnit's {@code @ResourceLock}): test classes
   * run two at a time, and those classes share {@link #shared()}, call FLUSHALL and time reads.
   */
  public static final String LOCK = "redis-server";
  static final String BINARY_PROPERTY = "textwire.redisServer";
  static final String INSTALL_HINT = "install it: sudo apt-get install redis-server (Debian/Ubuntu), "
      + "brew install redis (macOS)";
  private static final long READY_TIMEOUT_MILLIS = 10_000;
  private static final long STOP_TIMEOUT_MILLIS = 5_000;
  private static final int SOCKET_TIMEOUT_MILLIS = 5_000;
  private static final int START_ATTEMPTS = 4;
  private static final int LOG_TAIL_LINES = 25;

  private static RedisServer shared;
  private static RuntimeException sharedFailure;

  private final Process process;
  private final int port;
  private final Path directory;
  private final String version;
  private final String password;
  private final Thread shutdownHook;
  private boolean closed;

  private RedisServer(Process process, int port, Path directory, String version, String password) {
    this.process = process;
    this.port = port;
    this.directory = directory;
    this.version = version;
    this.password = password;
    this.shutdownHook = new Thread(this::stop, "redis-server-" + port + "-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * The server shared by every test in this JVM, started on first use. A start that failed is not
   * retried (each later call throws the same error rather than waiting out the timeout again); a missing
   * binary skips or fails each caller.
   */
  public static synchronized RedisServer shared() {
    if (shared != null && shared.isAlive()) return shared;
    if (sharedFailure != null) throw sharedFailure;
    Path binary = binaryOrAbort();
    try {
      shared = startWith(binary);
      return shared;
    } catch (RuntimeException | Error e) {
      sharedFailure = e instanceof RuntimeException ? (RuntimeException) e : new IllegalStateException(e);
      throw e;
    }
  }

  /**
   * A server of the caller's own; {@code extraArgs} come after the defaults on redis-server's command
   * line (later options win), e.g. {@code "--requirepass", "secret"} or
   * {@code "--proto-max-bulk-len", "1mb"}. The caller closes it.
   */
  public static RedisServer start(String... extraArgs) {
    return startWith(binaryOrAbort(), extraArgs);
  }

  public String host() {
    return HOST;
  }

  public int port() {
    return port;
  }

  /** The binary's version, e.g. "7.0.15", from {@code redis-server --version}. */
  public String version() {
    return version;
  }

  /** The server's working directory (removed by {@link #close()}); redis.log is in it. */
  public Path directory() {
    return directory;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Empties every database, for test isolation; fails unless the server says +OK. */
  public void flushAll() {
    String reply = command("FLUSHALL");
    if (!reply.equals("+OK")) throw new IllegalStateException("FLUSHALL answered " + reply);
  }

  /**
   * Sends one command on a new connection (authenticated first when the server was started with
   * --requirepass) and returns the first line of the reply without its CRLF: the whole of a simple
   * string, error or integer reply ("+OK", "-ERR ...", ":1"), only the header of others ("$5", "*2").
   */
  public String command(String... args) {
    try (Socket socket = connect(port)) {
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      if (password != null) {
        out.write(encode("AUTH", password));
        out.flush();
        String auth = readLine(in);
        if (!auth.equals("+OK")) throw new IllegalStateException("AUTH answered " + auth);
      }
      out.write(encode(args));
      out.flush();
      return readLine(in);
    } catch (IOException e) {
      String shown = String.join(" ", args);
      if (shown.length() > 80) shown = shown.substring(0, 80) + "...";
      throw new UncheckedIOException("redis-server on port " + port + ": " + shown, e);
    }
  }

  /**
   * Stops the server: SIGTERM, up to 5 s for it to exit, then SIGKILL; then deletes its directory.
   * Idempotent.
   */
  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // Called from another shutdown hook: this server's own hook runs (or ran) stop() as well.
    }
  }

  private synchronized void stop() {
    if (closed) return;
    closed = true;
    stopProcess(process);
    deleteRecursively(directory);
  }

  @Override
  public String toString() {
    return "redis-server " + version + " on " + HOST + ":" + port + " (pid " + process.pid() + ")";
  }

  // ---- Finding the binary -------------------------------------------------------------------------

  /** The binary, or the calling test skipped (failed when CI=true) with how to install one. */
  static Path binaryOrAbort() {
    Path binary = findBinary(System.getProperty(BINARY_PROPERTY), System.getenv("PATH"));
    if (binary != null) return binary;
    String configured = System.getProperty(BINARY_PROPERTY);
    String looked = configured != null
        ? BINARY_PROPERTY + "=" + configured + " is not an executable file"
        : "no redis-server on the PATH, in /usr/bin or in /usr/local/bin";
    reportMissing("true".equals(System.getenv("CI")), "redis-server not found (" + looked + "); "
        + INSTALL_HINT + ", or point -D" + BINARY_PROPERTY + " at the binary");
    throw new AssertionError("unreachable");
  }

  /** Skips the calling test, or, on CI, fails it: a CI run must not pass by skipping its Redis tests. */
  static void reportMissing(boolean onCi, String message) {
    if (onCi) Assertions.fail(message + ". Failing, not skipping, because CI=true.");
    Assumptions.abort(message + ". Skipping the Redis tests.");
  }

  /** The configured path if given (and executable), else a search of PATH, /usr/bin, /usr/local/bin. */
  static Path findBinary(String configuredPath, String pathVariable) {
    if (configuredPath != null) {
      Path path = Paths.get(configuredPath);
      return Files.isRegularFile(path) && Files.isExecutable(path) ? path : null;
    }
    List<String> dirs = new ArrayList<>();
    if (pathVariable != null) dirs.addAll(Arrays.asList(pathVariable.split(java.io.File.pathSeparator)));
    dirs.add("/usr/bin");
    dirs.add("/usr/local/bin");
    for (String dir : dirs) {
      if (dir.isEmpty()) continue;
      Path candidate = Paths.get(dir, "redis-server");
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return candidate;
    }
    return null;
  }

  static String versionOf(Path binary) {
    try {
      Process p = new ProcessBuilder(binary.toString(), "--version").redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      p.waitFor(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
      Matcher m = Pattern.compile("v=(\\S+)").matcher(output); // "Redis server v=7.0.15 sha=..."
      if (!m.find()) throw new IllegalStateException(binary + " --version printed: " + output.trim());
      return m.group(1);
    } catch (IOException e) {
      throw new UncheckedIOException(binary + " --version", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  // ---- Starting -----------------------------------------------------------------------------------

  private static RedisServer startWith(Path binary, String... extraArgs) {
    String version = versionOf(binary);
    String password = optionValue(extraArgs, "--requirepass");
    // The free port is found by binding port 0 and closing the socket: another process can take it
    // before redis-server binds it, so a start that failed on "Address already in use" is retried.
    for (int attempt = 1; ; attempt++) {
      int port = freePort();
      Path directory = createDirectory();
      Process process = launch(binary, port, directory, extraArgs);
      try {
        awaitReady(process, port, directory, password);
        return new RedisServer(process, port, directory, version, password);
      } catch (RuntimeException | Error e) {
        stopProcess(process);
        String log = logTail(directory);
        deleteRecursively(directory);
        if (attempt < START_ATTEMPTS && log.contains("Address already in use")) continue;
        throw new IllegalStateException(e.getMessage() + "\n--- " + binary + ", port " + port
            + ", attempt " + attempt + "; end of redis.log and output ---\n" + log, e);
      }
    }
  }

  private static Process launch(Path binary, int port, Path directory, String... extraArgs) {
    List<String> command = new ArrayList<>(List.of(binary.toString(),
        "--port", Integer.toString(port),
        "--bind", HOST,
        "--save", "", // no RDB snapshots
        "--appendonly", "no",
        "--enable-debug-command", "local",
        "--dir", directory.toString(),
        "--daemonize", "no",
        "--logfile", directory.resolve("redis.log").toString()));
    command.addAll(Arrays.asList(extraArgs));
    // Errors in the arguments are printed before the log file is opened: keep them too.
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
        .redirectErrorStream(true).redirectOutput(directory.resolve("output.txt").toFile());
    try {
      return builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("starting " + command, e);
    }
  }

  /** Until the server answers PING with +PONG (after AUTH when it has a password), or 10 s. */
  private static void awaitReady(Process process, int port, Path directory, String password) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MILLIS);
    String lastProblem = "no attempt";
    while (true) {
      if (!process.isAlive()) {
        throw new IllegalStateException("redis-server exited with status " + process.exitValue()
            + " before answering PING on port " + port);
      }
      try (Socket socket = connect(port)) {
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        if (password != null) {
          out.write(encode("AUTH", password));
          out.flush();
          lastProblem = "AUTH answered " + readLine(in);
        }
        out.write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String reply = readLine(in);
        // Alive again: a process that exited meanwhile means the answer came from someone else's server.
        if (reply.equals("+PONG") && process.isAlive()) return;
        lastProblem = "PING answered " + reply;
      } catch (IOException e) {
        lastProblem = e.toString();
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("redis-server did not answer PING with +PONG on port " + port
            + " within " + READY_TIMEOUT_MILLIS + " ms (last: " + lastProblem + ")");
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for redis-server", e);
      }
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(HOST, 0));
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("finding a free port on " + HOST, e);
    }
  }

  private static Path createDirectory() {
    try {
      return Files.createTempDirectory("textwire-redis-");
    } catch (IOException e) {
      throw new UncheckedIOException("creating redis-server's directory", e);
    }
  }

  private static String optionValue(String[] args, String option) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(option)) return args[i + 1];
    }
    return null;
  }

  // ---- Stopping -----------------------------------------------------------------------------------

  private static void stopProcess(Process process) {
    process.destroy(); // SIGTERM: redis-server shuts down cleanly (nothing to save)
    try {
      if (!process.waitFor(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        process.waitFor(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static void deleteRecursively(Path directory) {
    if (!Files.exists(directory)) return;
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("deleting " + directory, e);
    }
  }

  // ---- Raw RESP -----------------------------------------------------------------------------------

  private static Socket connect(int port) throws IOException {
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(HOST, port), SOCKET_TIMEOUT_MILLIS);
      socket.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
      return socket;
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }

  /** A command as RESP: an array of bulk strings, lengths in UTF-8 bytes. */
  static byte[] encode(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (String arg : args) {
      byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
      out.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(bytes);
      out.writeBytes(new byte[] {'\r', '\n'});
    }
    return out.toByteArray();
  }

  /** One reply line, without its CRLF. */
  static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int previous = -1;
    for (int b; (b = in.read()) != -1; previous = b) {
      if (previous == '\r' && b == '\n') {
        byte[] bytes = line.toByteArray();
        return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
      }
      line.write(b);
    }
    throw new IOException("connection closed before the end of a reply line: "
        + new String(line.toByteArray(), StandardCharsets.UTF_8));
  }

  private static String logTail(Path directory) {
    StringBuilder tail = new StringBuilder();
    for (String name : new String[] {"redis.log", "output.txt"}) {
      Path file = directory.resolve(name);
      if (!Files.exists(file)) continue;
      try {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        tail.append("[").append(name).append("]\n");
        for (String line : lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size())) {
          tail.append(line).append('\n');
        }
      } catch (IOException e) {
        tail.append("[").append(name).append(": ").append(e).append("]\n");
      }
    }
    return tail.length() == 0 ? "(no log written)" : tail.toString();
  }
}
