package dev.textwire.resp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * The raw bytes of real replies: one plain socket to a redis-server, commands written by
 * {@link RespWriter}, and the bytes read back kept as they came. A {@link RespReader} fed the same bytes
 * only says when the expected number of replies is complete (one command is in flight at a time, so the
 * replies end where the bytes end; a reader that framed them wrongly would be caught by the comparison
 * with Jedis, which reads the captured bytes on its own).
 */
final class ReplyCaptures implements AutoCloseable {
  private static final int TIMEOUT_MILLIS = 10_000;

  private final Socket socket;
  private final InputStream in;
  private final RespWriter writer;
  private final byte[] chunk = new byte[64 * 1024];

  ReplyCaptures(RedisServer server) {
    socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(server.host(), server.port()), TIMEOUT_MILLIS);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      in = socket.getInputStream();
      writer = RespWriter.to(socket.getOutputStream());
    } catch (IOException e) {
      close();
      throw new UncheckedIOException("connecting to " + server, e);
    }
  }

  /** The bytes of the one reply to {@code command}. */
  byte[] capture(Object... command) {
    return captureReplies(1, command);
  }

  /** The bytes of the {@code replyCount} replies {@code command} gets (a push and a reply, for instance). */
  byte[] captureReplies(int replyCount, Object... command) {
    try {
      writer.command(command);
      writer.flush();
      RespReader reader = new RespReader();
      ByteArrayOutputStream raw = new ByteArrayOutputStream();
      while (reader.available() < replyCount) {
        int n = in.read(chunk);
        if (n < 0) throw new IOException("the server closed the connection after " + raw.size() + " bytes");
        raw.write(chunk, 0, n);
        reader.feed(chunk, 0, n);
      }
      if (reader.available() != replyCount || !reader.atReplyBoundary()) {
        throw new IllegalStateException("more bytes than " + replyCount + " replies: " + reader.available()
            + " complete, at a boundary: " + reader.atReplyBoundary());
      }
      return raw.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException("capturing the reply to " + command[0], e);
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // Only a test's connection.
    }
  }
}
