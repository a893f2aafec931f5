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
  /** Commands sent (or buffered) whose replies have not been read. */
  private long unreadReplies;

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

    /** How long connecting may take; {@link Duration#ZERO} waits for ever. */
    public Options connectTimeout(Duration timeout) {
      Options copy = copy();
      copy.connectTimeout = checkTimeout(timeout);
      return copy;
    }

    /**
     * How long one read may wait for the server; {@link Duration#ZERO} waits for ever. Sockets count in
     * milliseconds: a shorter timeout is rounded up to one (never down to zero, which would mean for ever),
     * and one beyond about 24 days is taken as for ever.
     */
    public Options readTimeout(Duration timeout) {
      Options copy = copy();
      copy.readTimeout = checkTimeout(timeout);
      return copy;
    }

    private static Duration checkTimeout(Duration timeout) {
      if (timeout.isNegative()) throw new IllegalArgumentException("a timeout cannot be negative: " + timeout);
      return timeout;
    }

    /** A timeout as {@link Socket} takes it: milliseconds, 0 for none, never 0 for a positive one. */
    static int socketMillis(Duration timeout) {
      if (timeout.isZero()) return 0;
      if (timeout.compareTo(Duration.ofMillis(Integer.MAX_VALUE)) >= 0) return 0;
      return (int) Math.max(1, (timeout.toNanos() + 999_999) / 1_000_000);
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

    /**
     * The codec for text arguments, command names included, and for {@link RespValue#asString()} of
     * replies. Redis reads command names as ASCII, so the codec must write ASCII as ASCII: the UTF-8
     * family and ISO-8859-1 do; an EBCDIC code page is refused (send its bytes as {@code byte[]}
     * arguments instead).
     *
     * @throws IllegalArgumentException for a codec that does not write ASCII as ASCII
     */
    public Options codec(TextCodec codec) {
      byte[] ascii = codec.withPolicy(dev.textwire.ErrorPolicy.REPLACE).encode(ASCII);
      for (int i = 0; i < ASCII.length(); i++) {
        if (ascii.length != ASCII.length() || ascii[i] != ASCII.charAt(i)) {
          throw new IllegalArgumentException(codec.name() + " does not write ASCII as ASCII ('" + ASCII.charAt(i)
              + "' is not " + Integer.toHexString(ASCII.charAt(i)).toUpperCase(java.util.Locale.ROOT)
              + "), so Redis could not read the command names written in it");
        }
      }
      Options copy = copy();
      copy.codec = codec;
      return copy;
    }

    private static final String ASCII = asciiChars();

    private static String asciiChars() {
      StringBuilder chars = new StringBuilder(128);
      for (char c = 0; c < 128; c++) chars.append(c);
      return chars.toString();
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
      socket.connect(address, Options.socketMillis(options.connectTimeout));
      socket.setSoTimeout(Options.socketMillis(options.readTimeout));
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

  /** The protocol agreed at connect: 2 or 3 (a later {@code HELLO} or {@code RESET} sent by hand is not seen). */
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
   * @throws IllegalArgumentException for no arguments, and under RESP3 for {@code SUBSCRIBE} and the other
   *     pub/sub commands, whose only answers are push messages (send them, then {@link #nextPush()})
   * @throws IllegalStateException while replies to commands added by {@link #send} are unread
   */
  public RespValue call(Object... args) throws IOException {
    checkNothingUnread();
    checkHasReply(args);
    send(args);
    flush();
    RespValue reply = readReply();
    if (reply.isError()) throw new RespServerException(reply);
    return reply;
  }

  private void checkNothingUnread() {
    if (unreadReplies > 0) {
      throw new IllegalStateException(unreadReplies + " replies to commands added by send() are unread; read them"
          + " with readReply() first, or this call would return one of theirs");
    }
  }

  private void checkHasReply(Object[] args) {
    if (protocol == 3 && args.length > 0 && isSubscription(args[0])) {
      throw new IllegalArgumentException(args[0] + " has no reply under RESP3, only push messages: send() it,"
          + " flush(), and read the confirmations and messages with nextPush()");
    }
  }

  /**
   * Sends the commands in one write and reads their replies in order. An error reply is one of the
   * results (check {@link RespValue#isError()}), so one failed command does not hide the others' replies.
   * A command that cannot be written (or, under RESP3, a pub/sub command) is refused before anything is
   * sent.
   */
  public List<RespValue> pipeline(List<? extends Object[]> commands) throws IOException {
    checkNothingUnread();
    for (Object[] command : commands) checkHasReply(command);
    // All or nothing: a command that cannot be written takes the ones before it back out of the buffer.
    long mark = outgoing.size();
    try {
      for (Object[] command : commands) send(command);
    } catch (RuntimeException e) {
      outgoing.truncate(mark);
      unreadReplies = 0;
      throw e;
    }
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
    if (args.length == 0) {
      throw new IllegalArgumentException("a command needs a name: Redis does not answer an empty one");
    }
    writer.command(args);
    // Under RESP3 the pub/sub commands are answered with push messages only, never a reply.
    if (protocol != 3 || !isSubscription(args[0])) unreadReplies++;
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
        if (unreadReplies > 0) unreadReplies--;
        return value;
      }
    }
  }

  private static final String[] SUBSCRIPTIONS = {
    "SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "UNSUBSCRIBE", "PUNSUBSCRIBE", "SUNSUBSCRIBE"
  };

  /** Whether a command name is one of the pub/sub commands, in any case; without allocating (it runs per send). */
  private static boolean isSubscription(Object name) {
    for (String command : SUBSCRIPTIONS) {
      if (name instanceof CharSequence ? sameAscii((CharSequence) name, command)
          : name instanceof byte[] && sameAscii((byte[]) name, command)) {
        return true;
      }
    }
    return false;
  }

  private static boolean sameAscii(CharSequence name, String upper) {
    if (name.length() != upper.length()) return false;
    for (int i = 0; i < upper.length(); i++) {
      if ((name.charAt(i) & ~0x20) != upper.charAt(i)) return false;
    }
    return true;
  }

  private static boolean sameAscii(byte[] name, String upper) {
    if (name.length != upper.length()) return false;
    for (int i = 0; i < upper.length(); i++) {
      if ((name[i] & ~0x20) != upper.charAt(i)) return false;
    }
    return true;
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
