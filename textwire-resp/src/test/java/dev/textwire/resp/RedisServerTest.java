package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The test fixture itself: a real redis-server that starts, answers, stays apart and really stops. */
@ResourceLock(RedisServer.LOCK)
class RedisServerTest {

  /** PING written as raw bytes on a fresh connection, without any authentication; the reply's line. */
  static String rawPing(int port) throws IOException {
    try (Socket socket = new Socket(RedisServer.HOST, port)) {
      socket.setSoTimeout(5_000);
      OutputStream out = socket.getOutputStream();
      out.write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      return RedisServer.readLine(socket.getInputStream());
    }
  }

  @Test
  void startsAndAnswersPing() throws IOException {
    try (RedisServer server = RedisServer.start()) {
      assertEquals("127.0.0.1", server.host());
      assertTrue(server.port() > 0 && server.port() < 65536, "port " + server.port());
      assertEquals("+PONG", rawPing(server.port()));
      assertEquals("+PONG", server.command("PING"));
      assertTrue(server.isAlive());
      assertTrue(Files.isRegularFile(server.directory().resolve("redis.log")));
    }
  }

  @Test
  void versionIsTheBinarysDottedVersion() throws IOException {
    try (RedisServer server = RedisServer.start()) {
      assertTrue(server.version().matches("\\d+\\.\\d+\\.\\d+"), server.version());
      assertTrue(info(server.port()).contains("redis_version:" + server.version() + "\r\n"));
    }
  }

  /** INFO server's text, read raw: a bulk string. */
  static String info(int port) throws IOException {
    try (Socket socket = new Socket(RedisServer.HOST, port)) {
      socket.setSoTimeout(5_000);
      socket.getOutputStream().write(RedisServer.encode("INFO", "server"));
      InputStream in = socket.getInputStream();
      String header = RedisServer.readLine(in);
      assertTrue(header.startsWith("$"), header);
      return new String(in.readNBytes(Integer.parseInt(header.substring(1))), StandardCharsets.UTF_8);
    }
  }

  @Test
  void runsWithoutPersistenceAndWithTheDebugCommand() {
    try (RedisServer server = RedisServer.start()) {
      assertEquals("*2", server.command("CONFIG", "GET", "save")); // header of ["save", ""]
      assertEquals("+OK", server.command("SET", "k", "h\u00e9"));
      assertEquals(":3", server.command("STRLEN", "k")); // UTF-8 bytes
      assertEquals("+OK", server.command("DEBUG", "SLEEP", "0"));
    }
  }

  @Test
  void flushAllEmptiesTheServer() {
    RedisServer server = RedisServer.shared();
    assertEquals("+OK", server.command("SET", "a", "1"));
    assertEquals(":1", server.command("EXISTS", "a"));
    server.flushAll();
    assertEquals(":0", server.command("DBSIZE"));
  }

  @Test
  void sharedIsOneServerPerJvm() throws IOException {
    RedisServer first = RedisServer.shared();
    assertSame(first, RedisServer.shared());
    assertEquals("+PONG", rawPing(first.port()));
  }

  @Test
  void twoServersGetDistinctPortsAndData() {
    try (RedisServer one = RedisServer.start(); RedisServer two = RedisServer.start()) {
      assertNotEquals(one.port(), two.port());
      assertNotEquals(one.pid(), two.pid());
      assertNotEquals(one.directory(), two.directory());
      assertEquals("+OK", one.command("SET", "only-in-one", "x"));
      assertEquals(":1", one.command("EXISTS", "only-in-one"));
      assertEquals(":0", two.command("EXISTS", "only-in-one"));
    }
  }

  @Test
  void closeStopsTheProcessFreesThePortAndDeletesTheDirectory() throws IOException {
    RedisServer server = RedisServer.start();
    int port = server.port();
    long pid = server.pid();
    Path directory = server.directory();
    server.close();
    assertFalse(server.isAlive());
    Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    assertTrue(handle.isEmpty() || !handle.get().isAlive(), "pid " + pid + " still alive");
    assertThrows(ConnectException.class, () -> new Socket(RedisServer.HOST, port).close());
    try (ServerSocket again = new ServerSocket()) {
      again.bind(new InetSocketAddress(RedisServer.HOST, port)); // throws if the port were still taken
    }
    assertFalse(Files.exists(directory), directory + " left behind");
    server.close(); // a second close is harmless
  }

  @Test
  void requirepassRefusesUnauthenticatedCommands() throws IOException {
    try (RedisServer server = RedisServer.start("--requirepass", "secret")) {
      String reply = rawPing(server.port());
      assertTrue(reply.startsWith("-NOAUTH"), reply);
      assertEquals("+PONG", server.command("PING")); // command() authenticates first
      server.flushAll();
    }
  }

  @Test
  void extraArgsOverrideTheDefaults() throws IOException {
    try (RedisServer server = RedisServer.start("--proto-max-bulk-len", "2mb", "--databases", "3")) {
      assertEquals("+OK", server.command("SELECT", "2"));
      assertTrue(server.command("SELECT", "3").startsWith("-ERR"));
      // A bulk longer than proto-max-bulk-len (512 MB by default) is refused as its header arrives.
      String reply = rawExchange(server.port(), "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$2097153\r\n");
      assertTrue(reply.startsWith("-ERR Protocol error: invalid bulk length"), reply);
    }
  }

  static String rawExchange(int port, String request) throws IOException {
    try (Socket socket = new Socket(RedisServer.HOST, port)) {
      socket.setSoTimeout(5_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      return RedisServer.readLine(socket.getInputStream());
    }
  }

  @Test
  void aBadArgumentFailsWithTheServersOwnWords() {
    RedisServer.binaryOrAbort(); // skipped (not failed with the wrong exception) without a binary
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RedisServer.start("--no-such-directive", "1"));
    assertTrue(e.getMessage().contains("exited with status"), e.getMessage());
    assertTrue(e.getMessage().contains("no-such-directive"), e.getMessage()); // redis-server's error text
  }

  // ---- A missing binary: skipped, or failed on CI -------------------------------------------------

  @Test
  void findsTheBinaryOnThePathOrAtTheConfiguredPath(@TempDir Path dir) throws IOException {
    Path fake = dir.resolve("redis-server");
    Files.writeString(fake, "#!/bin/sh\n");
    assertNull(RedisServer.findBinary(dir.resolve("missing").toString(), null));
    assertNull(RedisServer.findBinary(fake.toString(), null), "not executable yet");
    assertTrue(fake.toFile().setExecutable(true));
    assertEquals(fake, RedisServer.findBinary(fake.toString(), null));
    assertEquals(fake, RedisServer.findBinary(null, "/nonexistent:" + dir));
  }

  @Test
  void aMissingBinarySkipsOutsideCiAndFailsOnCi() {
    TestAbortedException skipped = assertThrows(TestAbortedException.class,
        () -> RedisServer.reportMissing(false, "redis-server not found"));
    assertTrue(skipped.getMessage().contains("redis-server not found"), skipped.getMessage());
    AssertionFailedError failed = assertThrows(AssertionFailedError.class,
        () -> RedisServer.reportMissing(true, "redis-server not found"));
    assertTrue(failed.getMessage().contains("CI=true"), failed.getMessage());
    assertTrue(RedisServer.INSTALL_HINT.contains("sudo apt-get install redis-server"));
    assertTrue(RedisServer.INSTALL_HINT.contains("brew install redis"));
  }

  @Test
  void encodesCommandsAsArraysOfBulkStrings() throws IOException {
    assertEquals("*2\r\n$3\r\nGET\r\n$2\r\n\u00e9\r\n".replace("\u00e9", "\u00c3\u00a9"),
        new String(RedisServer.encode("GET", "\u00e9"), StandardCharsets.ISO_8859_1));
    InputStream in = new java.io.ByteArrayInputStream("+a\rb\r\n".getBytes(StandardCharsets.US_ASCII));
    assertEquals("+a\rb", RedisServer.readLine(in));
  }
}
