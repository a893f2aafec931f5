package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RespConnection's three kinds of failure, each against what really produces it: error replies from a
 * real server (the connection stays usable), bytes that are not RESP and a peer that hangs up, from a
 * scripted {@link ServerSocket} (the connection closes), a read timeout from a real server that sleeps.
 */
@ResourceLock(RedisServer.LOCK)
class RespConnectionTest {

  private static RespConnection.Options options(int protocol) {
    return RespConnection.Options.defaults().protocol(protocol);
  }

  private static InetSocketAddress address(RedisServer server) {
    return new InetSocketAddress(server.host(), server.port());
  }

  // ---- Error replies: thrown by call(), the connection stays usable ------------------------------

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void errorRepliesAreThrownAndTheConnectionStaysUsable(int protocol) throws IOException {
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()), options(protocol))) {
      RespServerException unknown = assertThrows(RespServerException.class, () -> c.call("NOSUCHCOMMAND", "a"));
      assertEquals("ERR", unknown.code());
      assertTrue(unknown.getMessage().startsWith("ERR unknown command 'NOSUCHCOMMAND'"), unknown.getMessage());
      assertEquals(RespType.SIMPLE_ERROR, unknown.reply().type());
      assertEquals("PONG", c.call("PING").asString());

      String key = "conn:list:" + protocol;
      c.call("DEL", key);
      c.call("LPUSH", key, "x");
      RespServerException wrongType = assertThrows(RespServerException.class, () -> c.call("GET", key));
      assertEquals("WRONGTYPE", wrongType.code());
      assertEquals("WRONGTYPE Operation against a key holding the wrong kind of value", wrongType.getMessage());
      assertEquals("PONG", c.call("PING").asString());

      RespServerException noProto = assertThrows(RespServerException.class, () -> c.call("HELLO", "4"));
      assertEquals("NOPROTO", noProto.code());
      assertEquals("PONG", c.call("PING").asString());
      assertFalse(c.isClosed());
      // HELLO 4 failed: the protocol is unchanged (a RESP3 null stays RESP3's).
      assertEquals(protocol == 3 ? RespType.NULL : RespType.BULK_STRING, c.call("GET", "conn:missing").type());
    }
  }

  /**
   * Redis echoes a command's bytes in its error text ("unknown command 'X\xC3'"), so a simple error need
   * not be UTF-8. call() must still throw the server's error, and the connection stay usable.
   */
  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void anErrorReplyThatIsNotUtf8IsStillAServerError(int protocol) throws IOException {
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()), options(protocol))) {
      RespServerException e = assertThrows(RespServerException.class,
          () -> c.call(new byte[] {'X', (byte) 0xC3}, new byte[] {(byte) 0xFF}));
      assertEquals("ERR", e.code());
      assertTrue(e.getMessage().startsWith("ERR unknown command 'X"), e.getMessage());
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  /** The same reply read with a replacing codec: what the strict one should not fail on either. */
  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void anErrorReplyThatIsNotUtf8WithAReplacingCodec(int protocol) throws IOException {
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()),
        options(protocol).codec(Utf8.codec(ErrorPolicy.REPLACE)))) {
      RespServerException e = assertThrows(RespServerException.class,
          () -> c.call(new byte[] {'X', (byte) 0xC3}, new byte[] {(byte) 0xFF}));
      assertEquals("ERR", e.code());
      assertEquals("ERR unknown command 'X\uFFFD', with args beginning with: '\uFFFD' ", e.getMessage());
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  // ---- AUTH ------------------------------------------------------------------------------------

  @Test
  void authentication() throws IOException {
    try (RedisServer server = RedisServer.start("--requirepass", "secret")) {
      try (RespConnection c = RespConnection.connect(address(server), options(2))) {
        RespServerException e = assertThrows(RespServerException.class, () -> c.call("PING"));
        assertEquals("NOAUTH", e.code());
        assertFalse(c.isClosed());
      }
      // RESP3's HELLO without credentials is refused at connect.
      RespServerException hello = assertThrows(RespServerException.class,
          () -> RespConnection.connect(address(server), options(3)));
      assertEquals("NOAUTH", hello.code());

      for (int protocol : new int[] {2, 3}) {
        try (RespConnection c = RespConnection.connect(address(server), options(protocol).auth(null, "secret"))) {
          assertEquals("PONG", c.call("PING").asString());
          assertEquals("default", c.call("ACL", "WHOAMI").asString());
          assertEquals(protocol, c.protocol());
        }
        try (RespConnection c = RespConnection.connect(address(server),
            options(protocol).auth("default", "secret").clientName("tw-" + protocol))) {
          assertEquals("tw-" + protocol, c.call("CLIENT", "GETNAME").asString());
        }
      }

      try (RespConnection admin = RespConnection.connect(address(server), options(2).auth(null, "secret"))) {
        admin.call("ACL", "SETUSER", "alice", "on", ">pw\u00e9", "~*", "+@all");
        for (int protocol : new int[] {2, 3}) {
          try (RespConnection c = RespConnection.connect(address(server), options(protocol).auth("alice", "pw\u00e9"))) {
            assertEquals("alice", c.call("ACL", "WHOAMI").asString());
          }
        }
        for (int protocol : new int[] {2, 3}) {
          long before = connectedClients(admin);
          RespServerException wrong = assertThrows(RespServerException.class,
              () -> RespConnection.connect(address(server), options(protocol).auth(null, "wrong")));
          assertEquals("WRONGPASS", wrong.code(), wrong.getMessage());
          // The refused connection's socket was closed: the server sees it go.
          assertEventually(() -> connectedClients(admin) == before, "connected_clients back to " + before);
        }
      }
    }
  }

  private static long connectedClients(RespConnection admin) throws IOException {
    for (String line : admin.call("INFO", "clients").asString().split("\r\n")) {
      if (line.startsWith("connected_clients:")) return Long.parseLong(line.substring("connected_clients:".length()));
    }
    throw new AssertionError("no connected_clients in INFO clients");
  }

  interface Check {
    boolean ok() throws IOException;
  }

  private static void assertEventually(Check check, String what) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    while (!check.ok()) {
      if (System.nanoTime() > deadline) throw new AssertionError("not within 3 s: " + what);
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  // ---- Protocol and I/O errors: the connection closes ---------------------------------------------

  /**
   * A peer that answers the n-th command it reads with the n-th scripted reply (as raw bytes), then, when
   * the script runs out, closes the connection. One read per command: the client waits for each reply.
   */
  static final class ScriptedServer implements AutoCloseable {
    final ServerSocket listener;
    final Thread thread;
    final List<String> received = Collections.synchronizedList(new ArrayList<>());
    volatile boolean sawClientClose;

    ScriptedServer(String... replies) throws IOException {
      listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
      thread = new Thread(() -> serve(replies), "scripted-resp-server");
      thread.setDaemon(true);
      thread.start();
    }

    private void serve(String[] replies) {
      try (Socket socket = listener.accept()) {
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[65536];
        for (String reply : replies) {
          if (reply.isEmpty()) {
            // An empty reply ends the script: wait for the client to hang up instead of hanging up first.
            sawClientClose = in.read(buffer) < 0;
            return;
          }
          int n = in.read(buffer);
          if (n < 0) return;
          received.add(new String(buffer, 0, n, StandardCharsets.UTF_8));
          socket.getOutputStream().write(reply.getBytes(StandardCharsets.ISO_8859_1));
          socket.getOutputStream().flush();
        }
      } catch (IOException e) {
        // The test sees what the client saw; a reset here is the client closing.
      }
    }

    InetSocketAddress address() {
      return new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort());
    }

    void join() throws InterruptedException {
      thread.join(5_000);
    }

    @Override
    public void close() throws IOException {
      listener.close();
    }
  }

  @Test
  void malformedBytesThrowWithTheStreamOffsetAndClose() throws Exception {
    // "+OK\r\n" is 5 bytes, so the bad reply starts at stream offset 5; its length "04" has a leading zero.
    try (ScriptedServer server = new ScriptedServer("+OK\r\n", "$04\r\nabcd\r\n", "");
        RespConnection c = RespConnection.connect(server.address(), options(2))) {
      assertEquals("OK", c.call("PING").asString());
      RespProtocolException e = assertThrows(RespProtocolException.class, () -> c.call("GET", "k"));
      assertEquals(5, e.byteOffset());
      assertEquals("a leading zero in a length", e.reason());
      assertTrue(c.isClosed());
      assertThrows(IllegalStateException.class, () -> c.call("PING"));
      server.join();
      assertTrue(server.sawClientClose, "the client did not close its socket");
      assertEquals(List.of("*1\r\n$4\r\nPING\r\n", "*2\r\n$3\r\nGET\r\n$1\r\nk\r\n"), server.received);
    }
  }

  @Test
  void unknownTypeByteAndMissingCrLf() throws Exception {
    try (ScriptedServer server = new ScriptedServer("?x\r\n");
        RespConnection c = RespConnection.connect(server.address(), options(2))) {
      RespProtocolException e = assertThrows(RespProtocolException.class, () -> c.call("PING"));
      assertEquals(0, e.byteOffset());
      assertEquals("an unknown type byte", e.reason());
      assertTrue(c.isClosed());
    }
    // "$3\r\nabc" then X where CR belongs: offset 7.
    try (ScriptedServer server = new ScriptedServer(":1\r\n", "$3\r\nabcX\r\n");
        RespConnection c = RespConnection.connect(server.address(), options(2))) {
      assertEquals(1, c.call("INCR", "k").asLong());
      RespProtocolException e = assertThrows(RespProtocolException.class, () -> c.call("GET", "k"));
      assertEquals(4 + 7, e.byteOffset());
      assertEquals("a bulk value is not followed by CR LF", e.reason());
      assertTrue(c.isClosed());
    }
  }

  @Test
  void malformedHelloReplyFailsTheConnect() throws Exception {
    try (ScriptedServer server = new ScriptedServer("%1\r\n+proto\r\n:x\r\n", "")) {
      RespProtocolException e = assertThrows(RespProtocolException.class,
          () -> RespConnection.connect(server.address(), options(3)));
      assertEquals(12, e.byteOffset()); // %1 CR LF is 4 bytes, +proto CR LF 8: the bad integer starts at 12
      assertEquals("an integer that is not a decimal number", e.reason());
      server.join();
      assertTrue(server.sawClientClose, "a failed connect left its socket open");
    }
  }

  @Test
  void helloReplyIsKept() throws Exception {
    try (ScriptedServer server = new ScriptedServer("%1\r\n+proto\r\n:3\r\n", "+PONG\r\n", "$-2\r\n", "");
        RespConnection c = RespConnection.connect(server.address(), options(3))) {
      assertEquals(3, c.hello().asStringMap().get("proto").asLong());
      assertEquals("PONG", c.call("PING").asString());
      assertEquals("*2\r\n$5\r\nHELLO\r\n$1\r\n3\r\n", server.received.get(0));
      // Offsets count from the connection's first byte, the HELLO reply (16 bytes) included.
      RespProtocolException e = assertThrows(RespProtocolException.class, () -> c.call("GET", "k"));
      assertEquals(16 + 7, e.byteOffset());
      assertEquals("a negative length other than -1", e.reason());
      assertTrue(c.isClosed());
      server.join();
      assertTrue(server.sawClientClose);
    }
  }

  /** RESP3 shapes Redis 7.0 does not send but a RESP3 server may: bulk errors, attributes on pushes and inside arrays. */
  @Test
  void bulkErrorsAndAttributesFromAScriptedResp3Server() throws Exception {
    try (ScriptedServer server = new ScriptedServer(
        ">2\r\n+early\r\n:1\r\n%1\r\n+proto\r\n:3\r\n",
        "!21\r\nSYNTAX invalid syntax\r\n",
        "!3\r\nE\u00c3X\r\n",
        "|1\r\n+a\r\n:1\r\n>2\r\n+message\r\n+x\r\n+OK\r\n",
        "*2\r\n|1\r\n+k\r\n+v\r\n:1\r\n:2\r\n",
        "");
        RespConnection c = RespConnection.connect(server.address(), options(3))) {
      // A push before HELLO's reply: set aside, and the handshake still got its map.
      assertEquals(RespType.MAP, c.hello().type());
      assertEquals(push(RespValue.simpleString("early"), RespValue.integer(1)), c.pollPush());

      RespServerException syntax = assertThrows(RespServerException.class, () -> c.call("X"));
      assertEquals("SYNTAX", syntax.code());
      assertEquals(RespType.BULK_ERROR, syntax.reply().type());
      assertEquals("SYNTAX invalid syntax", syntax.getMessage());
      RespServerException lenient = assertThrows(RespServerException.class, () -> c.call("X"));
      assertEquals("E\uFFFDX", lenient.getMessage());
      assertFalse(c.isClosed());

      RespValue ok = c.call("X");
      assertEquals("OK", ok.asString());
      assertNull(ok.attributes());
      RespValue pushed = c.pollPush();
      assertEquals(push(RespValue.simpleString("message"), RespValue.simpleString("x")), pushed);
      assertEquals(RespValue.integer(1), pushed.attributes().asStringMap().get("a"));

      RespValue array = c.call("X");
      assertEquals(2, array.size());
      assertEquals(RespValue.simpleString("v"), array.get(0).attributes().asStringMap().get("k"));
      assertEquals(1, array.get(0).asLong());
      assertNull(array.get(1).attributes());
      assertEquals(2, array.get(1).asLong());
    }
  }

  private static RespValue push(RespValue... elements) {
    return RespValue.aggregate(RespType.PUSH, List.of(elements));
  }

  @Test
  void peerClosingMidReplyIsEofAndCloses() throws Exception {
    try (ScriptedServer server = new ScriptedServer("$10\r\nabc");
        RespConnection c = RespConnection.connect(server.address(), options(2))) {
      EOFException e = assertThrows(EOFException.class, () -> c.call("GET", "k"));
      assertTrue(e.getMessage().contains("in the middle of a reply"), e.getMessage());
      assertTrue(c.isClosed());
    }
    try (ScriptedServer server = new ScriptedServer("*2\r\n:1\r\n");
        RespConnection c = RespConnection.connect(server.address(), options(2))) {
      EOFException e = assertThrows(EOFException.class, () -> c.call("LRANGE", "k", 0, -1));
      assertTrue(e.getMessage().contains("in the middle of a reply"), e.getMessage());
      assertTrue(c.isClosed());
    }
  }

  @Test
  void peerClosingBetweenRepliesIsEofAndCloses() throws Exception {
    try (ScriptedServer server = new ScriptedServer("+PONG\r\n");
        RespConnection c = RespConnection.connect(server.address(), options(2))) {
      assertEquals("PONG", c.call("PING").asString());
      EOFException e = assertThrows(EOFException.class, () -> c.call("PING"));
      assertFalse(e.getMessage().contains("in the middle"), e.getMessage());
      assertTrue(c.isClosed());
    }
  }

  /**
   * A complete reply followed, in the same read, by bytes that are not RESP: the reply was received whole,
   * yet call() throws, because the reader parses the whole chunk before the reply is taken. What a caller
   * sees today; returning the reply and failing on the next read would also be defensible.
   */
  @Test
  void aCompleteReplyFollowedByGarbageInTheSameRead() throws Exception {
    try (ScriptedServer server = new ScriptedServer("+PONG\r\n?");
        RespConnection c = RespConnection.connect(server.address(), options(2))) {
      RespProtocolException e = assertThrows(RespProtocolException.class, () -> c.call("PING"));
      assertEquals(7, e.byteOffset());
      assertTrue(c.isClosed());
    }
  }

  @Test
  void readTimeoutClosesTheConnection() throws IOException {
    RedisServer server = RedisServer.shared();
    try (RespConnection c = RespConnection.connect(address(server),
        options(3).readTimeout(Duration.ofMillis(200)))) {
      long start = System.nanoTime();
      assertThrows(SocketTimeoutException.class, () -> c.call("DEBUG", "SLEEP", "1"));
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(waitedMillis >= 150 && waitedMillis < 900, "waited " + waitedMillis + " ms");
      assertTrue(c.isClosed());
      assertThrows(IllegalStateException.class, () -> c.call("PING"));
    }
    // The sleeping server answers again afterwards (and the next test is not confused by it).
    try (RespConnection c = RespConnection.connect(address(server), options(2))) {
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  /**
   * Redis answers nothing at all to an empty command ({@code *0}), so call() with no arguments can only
   * wait out the read timeout and close the connection; refusing it before sending would keep both.
   */
  @Test
  void anEmptyCommandIsRefusedBeforeSending() throws IOException {
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()),
        options(2).readTimeout(Duration.ofMillis(300)))) {
      assertThrows(IllegalArgumentException.class, () -> c.call());
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  /** A read timeout under a millisecond becomes setSoTimeout(0): no timeout at all. */
  @Test
  void aSubMillisecondReadTimeoutStillTimesOut() throws IOException {
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()),
        options(2).readTimeout(Duration.ofNanos(500_000)))) {
      assertThrows(SocketTimeoutException.class, () -> c.call("DEBUG", "SLEEP", "0.3"));
    }
  }

  // ---- Codecs ----------------------------------------------------------------------------------

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void replacingCodecStoresAQuestionMark(int protocol) throws IOException {
    String key = "conn:codec:" + protocol;
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()),
        options(protocol).codec(Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK)))) {
      c.call("SET", key, "a\uD800b\uDC00");
      assertEquals(4, c.call("STRLEN", key).asLong());
      assertEquals("a?b?", c.call("GET", key).asString());
      assertArrayEquals("a\uD800b\uDC00".getBytes(StandardCharsets.UTF_8), c.call("GET", key).asBytes());
      // Decoding under this policy replaces ill-formed bytes with U+FFFD.
      c.call("SET", key, new byte[] {'x', (byte) 0xC3, 'y'});
      assertEquals("x\uFFFDy", c.call("GET", key).asString());
    }
  }

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void strictCodecRefusesBeforeSendingAndStaysUsable(int protocol) throws IOException {
    String key = "conn:strict:" + protocol;
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()), options(protocol))) {
      c.call("DEL", key);
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> c.call("SET", key, "a\uD800"));
      assertEquals(1, e.charIndex());
      assertFalse(c.isClosed());
      assertEquals("PONG", c.call("PING").asString());
      assertTrue(c.call("GET", key).isNull(), "nothing of the refused SET reached the server");

      // In a batch: the refused command leaves nothing behind, the ones around it go out whole.
      c.send("SET", key, "before");
      assertThrows(MalformedTextException.class, () -> c.send("SET", key, "x\uDC00y"));
      c.send("GET", key);
      c.flush();
      assertEquals("OK", c.readReply().asString());
      assertEquals("before", c.readReply().asString());

      // Ill-formed bytes from the server: the value is read, its text refused, the stream in step.
      c.call("SET", key, new byte[] {'x', (byte) 0xC3, 'y'});
      RespValue bad = c.call("GET", key);
      assertThrows(MalformedTextException.class, bad::asString);
      assertArrayEquals(new byte[] {'x', (byte) 0xC3, 'y'}, bad.asBytes());
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  /** Another codec: the arguments' bytes, and so STRLEN, are that codec's; a reader in UTF-8 sees those bytes. */
  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void otherCodecsWriteTheirOwnBytes(int protocol) throws IOException {
    String key = "conn:latin1:" + protocol;
    try (RespConnection latin1 = RespConnection.connect(address(RedisServer.shared()),
            options(protocol).codec(dev.textwire.TextCodecs.ISO_8859_1));
        RespConnection cesu = RespConnection.connect(address(RedisServer.shared()),
            options(protocol).codec(dev.textwire.TextCodecs.CESU_8));
        RespConnection utf8 = RespConnection.connect(address(RedisServer.shared()), options(protocol))) {
      latin1.call("SET", key, "caf\u00e9\u00ff");
      assertEquals(5, latin1.call("STRLEN", key).asLong());
      assertEquals("caf\u00e9\u00ff", latin1.call("GET", key).asString());
      assertArrayEquals(new byte[] {'c', 'a', 'f', (byte) 0xE9, (byte) 0xFF}, utf8.call("GET", key).asBytes());
      assertThrows(MalformedTextException.class, () -> utf8.call("GET", key).asString());
      // A char Latin-1 cannot hold is refused before sending, under the default strict policy.
      assertThrows(MalformedTextException.class, () -> latin1.call("SET", key, "\u4e2d"));
      assertEquals("PONG", latin1.call("PING").asString());

      cesu.call("SET", key, "\ud83d\ude00");
      assertEquals(6, cesu.call("STRLEN", key).asLong()); // a surrogate pair is two 3-byte sequences in CESU-8
      assertEquals("\ud83d\ude00", cesu.call("GET", key).asString());
      utf8.call("SET", key, "\ud83d\ude00");
      assertEquals(4, utf8.call("STRLEN", key).asLong());
    }
  }

  /**
   * The codec applies to every text argument, command names and the handshake's HELLO and AUTH included,
   * so a codec that does not write ASCII as ASCII (EBCDIC) is refused when the options are made.
   */
  @Test
  void aCodecThatIsNotAsciiCompatibleIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> options(2).codec(dev.textwire.TextCodecs.IBM500));
    assertTrue(e.getMessage().contains("does not write ASCII as ASCII"), e.getMessage());
    options(2).codec(dev.textwire.TextCodecs.ISO_8859_1);
    options(2).codec(dev.textwire.TextCodecs.CESU_8);
  }

  @Test
  void argumentsOfOtherClassesAreRefusedBeforeSending() throws IOException {
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()), options(2))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.call("SET", "k", null));
      assertTrue(e.getMessage().contains("argument 2"), e.getMessage());
      assertInstanceOf(IllegalArgumentException.class,
          assertThrows(IllegalArgumentException.class, () -> c.call("SET", "k", new Object())));
      assertEquals("PONG", c.call("PING").asString());
      assertNull(c.pollPush());
    }
  }

  /** call() after send() would read send()'s reply as its own: refused until those replies are read. */
  @Test
  void callWhileSentRepliesAreUnreadIsRefused() throws IOException {
    try (RespConnection c = RespConnection.connect(address(RedisServer.shared()), options(2))) {
      c.send("ECHO", "first");
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.call("ECHO", "second"));
      assertTrue(e.getMessage().startsWith("1 replies to commands added by send() are unread"), e.getMessage());
      assertThrows(IllegalStateException.class, () -> c.pipeline(List.<Object[]>of(new Object[] {"PING"})));
      c.flush();
      assertEquals("first", c.readReply().asString());
      assertEquals("second", c.call("ECHO", "second").asString());
      assertFalse(c.isClosed());
    }
  }

}
