package dev.textwire.resp;

import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A small blocking Redis connection over a {@link Socket}: commands out through a {@link RespWriter},
 * replies in through a {@link RespReader}, in order. It is small and correct, not a full client: no
 * cluster, no pooling, no reconnection, one thread at a time.
 *
 * <p>Errors, three kinds:
 * <ul>
 *   <li>An error reply ({@code -ERR}, {@code -WRONGTYPE}) is thrown by {@link #call} as a
 *       {@link RespServerException}, after the reply has been read in full: the connection stays usable.
 *       In a {@link #pipeline} it is one of the results, so the other commands' replies are not lost.
 *   <li>Bytes that are not RESP are a {@link RespProtocolException}: the connection closes, since the next
 *       reply cannot be found.
 *   <li>An {@link IOException}, a read timeout included, closes the connection too: a reply may be half
 *       read, and which reply belongs to which command is no longer known.
 * </ul>
 *
 * <p>Push messages (RESP3's {@code >}: pub/sub messages, client-side caching invalidations) can arrive
 * between replies at any time; they are set aside as they are read and taken with {@link #pollPush()} or
 * waited for with {@link #nextPush()}, and never returned as a command's reply. Under RESP2 a subscribed
 * connection's messages are ordinary arrays, read with {@link #readReply()}.
 */
public final class RespConnection implements Closeable {
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final SegmentedBuffer outgoing = new SegmentedBuffer();
  private final RespWriter writer;
  private final RespReader reader;
  private final byte[] readBuffer;
  private final ArrayDeque<RespValue> pushes = new ArrayDeque<>();
  private final int protocol;
  private RespValue hello;
  private boolean closed;

  /** How to connect; every setting has a default. Immutable: each {@code with} returns a copy. */
  public static final class Options {
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(30);
    private int protocol = 2;
    private String user;
    private String password;
    private String clientName;
    private RespLimits limits = RespLimits.DEFAULT;
    private TextCodec codec = TextCodecs.UTF_8;
    private int readBufferBytes = 16 * 1024;

    private Options() {}

    private Options copy() {
      Options copy = new Options();
      copy.connectTimeout = connectTimeout;
      copy.readTimeout = readTimeout;
      copy.protocol = protocol;
      copy.user = user;
      copy.password = password;
      copy.clientName = clientName;
      copy.limits = limits;
      copy.codec = codec;
      copy.readBufferBytes = readBufferBytes;
      return copy;
    }

    /** 10 s to connect, 30 s per read, RESP2, no authentication, default limits, UTF-8 strict. */
    public static Options defaults() {
      return new Options();
    }

    public Options connectTimeout(Duration timeout) {
      Options copy = copy();
      copy.connectTimeout = Objects.requireNonNull(timeout);
      return copy;
    }

    /** How long one read may wait for the server; {@link Duration#ZERO} waits for ever. */
    public Options readTimeout(Duration timeout) {
      Options copy = copy();
      copy.readTimeout = Objects.requireNonNull(timeout);
      return copy;
    }

    /** 3 sends {@code HELLO 3} on connect (Redis 6 and later); 2, the default, sends nothing. */
    public Options protocol(int protocol) {
      if (protocol != 2 && protocol != 3) throw new IllegalArgumentException("RESP is 2 or 3, not " + protocol);
      Options copy = copy();
      copy.protocol = protocol;
      return copy;
    }

    /** Authenticates on connect; {@code user} may be {@code null} for the default user. */
    public Options auth(String user, String password) {
      Options copy = copy();
      copy.user = user;
      copy.password = Objects.requireNonNull(password, "password");
      return copy;
    }

    public Options clientName(String name) {
      Options copy = copy();
      copy.clientName = name;
      return copy;
    }

    public Options limits(RespLimits limits) {
      Options copy = copy();
      copy.limits = Objects.requireNonNull(limits);
      return copy;
    }

    /** The codec for text arguments and for {@link RespValue#asString()} of replies. */
    public Options codec(TextCodec codec) {
      Options copy = copy();
      copy.codec = Objects.requireNonNull(codec);
      return copy;
    }

    public Options readBufferBytes(int bytes) {
      if (bytes < 16) throw new IllegalArgumentException("a read buffer of " + bytes + " bytes is too small");
      Options copy = copy();
      copy.readBufferBytes = bytes;
      return copy;
    }
  }

  private RespConnection(Socket socket, Options options) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    this.protocol = options.protocol;
    this.writer = RespWriter.to(outgoing).codec(options.codec);
    this.reader = new RespReader(options.limits, options.codec, RespReader.Bulk.BYTES);
    this.readBuffer = new byte[options.readBufferBytes];
  }

  /** Connects with the default {@link Options}. */
  public static RespConnection connect(String host, int port) throws IOException {
    return connect(new InetSocketAddress(host, port), Options.defaults());
  }

  /**
   * Connects, then says {@code HELLO 3} (with the credentials and the client name) for RESP3, or
   * {@code AUTH} and {@code CLIENT SETNAME} for RESP2.
   *
   * @throws RespServerException if the server refuses the handshake ({@code -NOPROTO} from a server older
   *     than Redis 6, {@code -WRONGPASS}); the connection is closed
   */
  public static RespConnection connect(InetSocketAddress address, Options options) throws IOException {
    Socket socket = new Socket();
    try {
      socket.setTcpNoDelay(true);
      socket.connect(address, Math.toIntExact(options.connectTimeout.toMillis()));
      socket.setSoTimeout(Math.toIntExact(options.readTimeout.toMillis()));
      RespConnection connection = new RespConnection(socket, options);
      connection.handshake(options);
      return connection;
    } catch (IOException | RuntimeException e) {
      closeQuietly(socket, e);
      throw e;
    }
  }

  private void handshake(Options options) throws IOException {
    if (protocol == 3) {
      List<Object> hello = new ArrayList<>(List.of("HELLO", "3"));
      if (options.password != null) {
        hello.add("AUTH");
        hello.add(options.user == null ? "default" : options.user);
        hello.add(options.password);
      }
      if (options.clientName != null) {
        hello.add("SETNAME");
        hello.add(options.clientName);
      }
      this.hello = call(hello.toArray());
      return;
    }
    if (options.password != null) {
      if (options.user == null) call("AUTH", options.password);
      else call("AUTH", options.user, options.password);
    }
    if (options.clientName != null) call("CLIENT", "SETNAME", options.clientName);
  }

  /** The protocol spoken: 2 or 3. */
  public int protocol() {
    return protocol;
  }

  /** The server's answer to {@code HELLO 3} (its version, mode, modules), or {@code null} under RESP2. */
  public RespValue hello() {
    return hello;
  }

  /**
   * Sends one command and returns its reply.
   *
   * @param args the command's name and arguments, as {@link RespWriter#command(Object...)} takes them
   * @throws RespServerException for an error reply; the connection stays usable
   */
  public RespValue call(Object... args) throws IOException {
    send(args);
    flush();
    RespValue reply = readReply();
    if (reply.isError()) throw new RespServerException(reply);
    return reply;
  }

  /**
   * Sends the commands in one write and reads their replies in order. An error reply is one of the
   * results (check {@link RespValue#isError()}), so one failed command does not hide the others' replies.
   */
  public List<RespValue> pipeline(List<? extends Object[]> commands) throws IOException {
    for (Object[] command : commands) send(command);
    flush();
    List<RespValue> replies = new ArrayList<>(commands.size());
    for (int i = 0; i < commands.size(); i++) replies.add(readReply());
    return replies;
  }

  /**
   * Adds a command to the outgoing buffer, without sending it: {@link #flush()} sends what was added, and
   * {@link #readReply()} reads the replies, one per command, in order.
   */
  public void send(Object... args) {
    ensureOpen();
    writer.command(args);
  }

  /** Writes the commands added by {@link #send} to the socket. */
  public void flush() throws IOException {
    ensureOpen();
    try {
      outgoing.writeTo(out);
      out.flush();
    } catch (IOException e) {
      throw closeOn(e);
    } finally {
      outgoing.clear();
    }
  }

  /** Reads the next reply, an error reply included; push messages that come first are set aside. */
  public RespValue readReply() throws IOException {
    while (true) {
      RespValue value = next();
      if (value.type() == RespType.PUSH) {
        pushes.add(value);
      } else {
        return value;
      }
    }
  }

  /** A push message already read, or {@code null}. */
  public RespValue pollPush() {
    return pushes.poll();
  }

  /**
   * The next push message, waiting for it if none has been read yet (up to the read timeout).
   *
   * @throws IllegalStateException if a reply arrives first: a command's reply is still unread
   */
  public RespValue nextPush() throws IOException {
    RespValue queued = pushes.poll();
    if (queued != null) return queued;
    RespValue value = next();
    if (value.type() != RespType.PUSH) {
      throw closeOn(new IllegalStateException("a reply came while waiting for a push message: " + value
          + "; read every command's reply before waiting for pushes"));
    }
    return value;
  }

  private RespValue next() throws IOException {
    ensureOpen();
    try {
      RespValue value;
      while ((value = reader.poll()) == null) {
        int n = in.read(readBuffer);
        if (n < 0) throw new java.io.EOFException("the server closed the connection" + (reader.atReplyBoundary() ? "" : " in the middle of a reply"));
        reader.feed(readBuffer, 0, n);
      }
      return value;
    } catch (IOException e) {
      throw closeOn(e);
    } catch (RuntimeException e) {
      throw closeOn(e);
    }
  }

  private <E extends Exception> E closeOn(E e) {
    closeQuietly(socket, e);
    closed = true;
    return e;
  }

  private void ensureOpen() {
    if (closed) throw new IllegalStateException("the connection is closed");
  }

  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() throws IOException {
    closed = true;
    socket.close();
  }

  private static void closeQuietly(Socket socket, Exception cause) {
    try {
      socket.close();
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }
}
