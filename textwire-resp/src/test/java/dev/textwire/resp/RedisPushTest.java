package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * RESP3 push messages from a real server, arriving between replies: client-side caching invalidations
 * and pub/sub. A push is never a command's reply; it waits for {@code pollPush()} or {@code nextPush()}.
 */
@ResourceLock(RedisServer.LOCK)
class RedisPushTest {

  private static RespValue bulk(String text) {
    return RespValue.bulkString(text);
  }

  private static RespValue push(RespValue... elements) {
    return RespValue.aggregate(RespType.PUSH, List.of(elements));
  }

  @Test
  void trackingInvalidationArrivesBetweenReplies() throws IOException {
    try (RespConnection a = RedisRoundTripTest.connect(3); RespConnection b = RedisRoundTripTest.connect(3)) {
      b.call("SET", "push:k", "v1");
      b.call("SET", "push:other", "o");
      assertEquals("OK", a.call("CLIENT", "TRACKING", "on").asString());
      assertEquals("v1", a.call("GET", "push:k").asString());
      b.call("SET", "push:k", "v2");
      // The invalidation is in A's stream before this reply; the reply is still this command's.
      assertEquals("o", a.call("GET", "push:other").asString());
      assertEquals(push(bulk("invalidate"), RespValue.array(bulk("push:k"))), a.pollPush());
      assertNull(a.pollPush());

      // Again, this time waited for with nextPush() (read from the socket, nothing set aside yet).
      assertEquals("v2", a.call("GET", "push:k").asString());
      b.call("SET", "push:k", "v3");
      assertEquals(push(bulk("invalidate"), RespValue.array(bulk("push:k"))), a.nextPush());
      assertNull(a.pollPush());
      assertEquals("PONG", a.call("PING").asString());
      assertEquals("v3", a.call("GET", "push:k").asString());
    }
  }

  @Test
  void subscribePublishAndPingWhileSubscribed() throws IOException {
    try (RespConnection a = RedisRoundTripTest.connect(3); RespConnection b = RedisRoundTripTest.connect(3)) {
      a.send("SUBSCRIBE", "push:ch1", "push:ch2");
      a.flush();
      assertEquals(push(bulk("subscribe"), bulk("push:ch1"), RespValue.integer(1)), a.nextPush());
      assertEquals(push(bulk("subscribe"), bulk("push:ch2"), RespValue.integer(2)), a.nextPush());

      assertEquals(1, b.call("PUBLISH", "push:ch1", "hello \u00e9\u4e2d").asLong());
      assertEquals(push(bulk("message"), bulk("push:ch1"), bulk("hello \u00e9\u4e2d")), a.nextPush());

      // RESP3 lets a subscribed connection run any command; its reply is a reply, not a push.
      assertEquals("PONG", a.call("PING").asString());
      assertEquals(1, b.call("PUBLISH", "push:ch2", new byte[] {0, '\r', '\n'}).asLong());
      assertEquals("PONG", a.call("PING").asString()); // the message came first and was set aside
      RespValue message = a.pollPush();
      assertEquals(push(bulk("message"), bulk("push:ch2"), RespValue.bulkString(new byte[] {0, '\r', '\n'})), message);
      assertEquals("bar", a.call("ECHO", "bar").asString());

      a.send("UNSUBSCRIBE");
      a.flush();
      RespValue first = a.nextPush();
      RespValue second = a.nextPush();
      assertEquals("unsubscribe", first.get(0).asString());
      assertEquals(1, first.get(2).asLong());
      assertEquals(0, second.get(2).asLong());
      assertEquals(0, b.call("PUBLISH", "push:ch1", "nobody").asLong());
      assertEquals("PONG", a.call("PING").asString());
      assertNull(a.pollPush());
    }
  }

  @Test
  void patternSubscription() throws IOException {
    try (RespConnection a = RedisRoundTripTest.connect(3); RespConnection b = RedisRoundTripTest.connect(2)) {
      a.send("PSUBSCRIBE", "push:p.*");
      a.flush();
      assertEquals(push(bulk("psubscribe"), bulk("push:p.*"), RespValue.integer(1)), a.nextPush());
      assertEquals(1, b.call("PUBLISH", "push:p.x", "m").asLong());
      assertEquals(push(bulk("pmessage"), bulk("push:p.*"), bulk("push:p.x"), bulk("m")), a.nextPush());
    }
  }

  /** Under RESP2 there are no pushes: a subscribed connection's messages are arrays, read as replies. */
  @Test
  void resp2MessagesAreReplies() throws IOException {
    try (RespConnection a = RedisRoundTripTest.connect(2); RespConnection b = RedisRoundTripTest.connect(2)) {
      a.send("SUBSCRIBE", "push:r2");
      a.flush();
      assertEquals(RespValue.array(bulk("subscribe"), bulk("push:r2"), RespValue.integer(1)), a.readReply());
      b.call("PUBLISH", "push:r2", "x");
      assertEquals(RespValue.array(bulk("message"), bulk("push:r2"), bulk("x")), a.readReply());
      // RESP2's PING in subscribed mode is an array too.
      assertEquals(RespValue.array(bulk("pong"), bulk("")), a.call("PING"));
      assertNull(a.pollPush());
    }
  }

  /** What the documentation promises: a reply where a push was awaited is a misuse, and closes. */
  @Test
  void nextPushWithAReplyPendingThrowsAndCloses() throws IOException {
    try (RespConnection a = RedisRoundTripTest.connect(3)) {
      a.send("PING");
      a.flush();
      assertThrows(IllegalStateException.class, a::nextPush);
      assertTrue(a.isClosed());
      assertThrows(IllegalStateException.class, () -> a.call("PING"));
    }
  }

  /**
   * SUBSCRIBE's only answer in RESP3 is a push, so call() would have no reply to return and would wait out
   * the read timeout: it refuses the command before sending it, and the connection stays usable.
   * Sending it with send() and reading nextPush() is the way.
   */
  @Test
  void callSubscribeIsRefusedUnderResp3() throws IOException {
    RedisServer server = RedisServer.shared();
    try (RespConnection a = RespConnection.connect(new InetSocketAddress(server.host(), server.port()),
        RespConnection.Options.defaults().protocol(3).readTimeout(Duration.ofMillis(300)))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.call("subscribe", "push:never"));
      assertTrue(e.getMessage().contains("nextPush"), e.getMessage());
      assertFalse(a.isClosed());
      assertEquals("PONG", a.call("PING").asString());
      assertNull(a.pollPush());
    }
  }

  /**
   * Invalidations arriving at random places among pipelined replies, from another connection writing at
   * the same time: every reply is its own command's, and every invalidated key comes as a push.
   */
  @Test
  void broadcastInvalidationsAmongPipelinedReplies() throws Exception {
    int writes = 2_000;
    try (RespConnection a = RedisRoundTripTest.connect(3); RespConnection b = RedisRoundTripTest.connect(3)) {
      assertEquals("OK", a.call("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", "push:bc:").asString());
      java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
      Thread writer = new Thread(() -> {
        try {
          List<Object[]> sets = new java.util.ArrayList<>();
          for (int i = 0; i < writes; i++) {
            sets.add(new Object[] {"SET", "push:bc:" + i, "v"});
            if (sets.size() == 50) {
              b.pipeline(sets);
              sets.clear();
            }
          }
          b.pipeline(sets);
        } catch (Throwable t) {
          failure.set(t);
        }
      });
      writer.start();
      int round = 0;
      while (writer.isAlive() || round < 3) {
        List<Object[]> echoes = new java.util.ArrayList<>();
        for (int i = 0; i < 50; i++) echoes.add(new Object[] {"ECHO", round + ":" + i});
        List<RespValue> replies = a.pipeline(echoes);
        for (int i = 0; i < 50; i++) assertEquals(bulk(round + ":" + i), replies.get(i));
        round++;
      }
      writer.join();
      if (failure.get() != null) throw new AssertionError(failure.get());
      assertEquals("PONG", a.call("PING").asString()); // B's writes were answered: their pushes came before this
      java.util.Set<String> invalidated = new java.util.HashSet<>();
      for (RespValue p; (p = a.pollPush()) != null; ) {
        assertEquals(RespType.PUSH, p.type());
        assertEquals("invalidate", p.get(0).asString());
        for (RespValue key : p.get(1).elements()) invalidated.add(key.asString());
      }
      assertEquals(writes, invalidated.size());
    }
  }
}
