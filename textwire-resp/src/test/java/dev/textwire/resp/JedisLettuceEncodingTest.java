package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import dev.textwire.buffer.SegmentedBuffer;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * Commands as textwire writes them, byte for byte against what Jedis ({@code Protocol.sendCommand}) and
 * Lettuce ({@code Command.encode}) send for the same arguments: every class of text at several sizes,
 * binary values, numbers, unpaired surrogates, and a seeded random mix. textwire is checked twice, into a
 * {@code byte[]} and into a {@link SegmentedBuffer} of small segments (so values straddle segments).
 */
class JedisLettuceEncodingTest {
  /** Sizes in chars (an emoji is 2 chars, so its strings hold size / 2 emoji, at least one). */
  static final int[] SIZES = {1, 16, 512, 2_000, 65_536};

  /** The kinds of argument compared; BINARY is a byte[] holding CR, LF, NUL and bytes that are not UTF-8. */
  enum StringClass {
    EMPTY, ASCII, LATIN1, CJK, EMOJI, MIXED, BINARY
  }

  /** A String (or, for BINARY, a byte[]) of about {@code charCount} chars of that class; same seed, same value. */
  static Object value(StringClass kind, int charCount, long seed) {
    Random random = new Random(seed);
    if (kind == StringClass.BINARY) {
      byte[] bytes = new byte[charCount];
      random.nextBytes(bytes);
      // The bytes a text protocol would choke on, at the start, the end and inside.
      byte[] hostile = {'\r', '\n', 0, (byte) 0xFF};
      for (int i = 0; i < bytes.length; i += 1 + random.nextInt(8)) bytes[i] = hostile[random.nextInt(hostile.length)];
      if (bytes.length > 0) bytes[0] = '\r';
      if (bytes.length > 1) bytes[bytes.length - 1] = '\n';
      return bytes;
    }
    StringBuilder text = new StringBuilder(charCount + 1);
    if (kind == StringClass.EMPTY) return "";
    while (text.length() < charCount) appendCodePoint(text, kind, random);
    return text.toString();
  }

  private static void appendCodePoint(StringBuilder text, StringClass kind, Random random) {
    switch (kind) {
      case ASCII:
        text.append((char) (0x20 + random.nextInt(0x7F - 0x20)));
        return;
      case LATIN1:
        text.append((char) (0xA0 + random.nextInt(0x100 - 0xA0)));
        return;
      case CJK:
        text.append((char) (0x4E00 + random.nextInt(0x9FFF - 0x4E00)));
        return;
      case EMOJI:
        text.appendCodePoint(0x1F600 + random.nextInt(0x50));
        return;
      case MIXED:
        StringClass[] texts = {StringClass.ASCII, StringClass.LATIN1, StringClass.CJK, StringClass.EMOJI};
        appendCodePoint(text, texts[random.nextInt(texts.length)], random);
        return;
      default:
        throw new AssertionError(kind);
    }
  }

  // ---- The three encoders -------------------------------------------------------------------------

  private final byte[] array = new byte[4 << 20];
  private final RespWriter arrayWriter = RespWriter.to(array, 0);
  private final ByteArrayOutputStream jedisSink = new ByteArrayOutputStream(1 << 16);
  private final RedisOutputStream jedisOut = new RedisOutputStream(jedisSink);
  private final ByteBuf lettuceBuf = Unpooled.buffer(1 << 16);

  /** textwire into a byte[]; also checks the SegmentedBuffer route gives the same bytes. */
  byte[] textwire(dev.textwire.TextCodec codec, Object... args) {
    arrayWriter.reset(array, 0).codec(codec).command(args);
    byte[] viaArray = Arrays.copyOf(array, Math.toIntExact(arrayWriter.position()));
    SegmentedBuffer segments = new SegmentedBuffer(64);
    RespWriter.to(segments).codec(codec).command(args);
    assertArrayEquals(viaArray, segments.toByteArray(), "textwire: byte[] and SegmentedBuffer differ");
    return viaArray;
  }

  byte[] textwire(Object... args) {
    return textwire(dev.textwire.TextCodecs.UTF_8, args);
  }

  /** Jedis: the first argument is the command's name (a Protocol.Command), the rest by their class. */
  byte[] jedis(Object... args) {
    CommandArguments arguments = new CommandArguments(Protocol.Command.valueOf((String) args[0]));
    for (int i = 1; i < args.length; i++) {
      Object arg = args[i];
      if (arg instanceof String) arguments.add((String) arg);
      else if (arg instanceof byte[]) arguments.add((byte[]) arg);
      else if (arg instanceof Long) arguments.add((long) (Long) arg);
      else if (arg instanceof Double) arguments.add((double) (Double) arg);
      else throw new AssertionError(arg.getClass());
    }
    jedisSink.reset();
    Protocol.sendCommand(jedisOut, arguments);
    try {
      jedisOut.flush(); // sendCommand leaves the bytes in RedisOutputStream's buffer
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return jedisSink.toByteArray();
  }

  /** Lettuce with StringCodec.UTF8: text as values (the codec encodes them), byte[] and numbers as args. */
  byte[] lettuce(Object... args) {
    CommandArgs<String, String> arguments = new CommandArgs<>(StringCodec.UTF8);
    for (int i = 1; i < args.length; i++) {
      Object arg = args[i];
      if (arg instanceof String) arguments.addValue((String) arg);
      else if (arg instanceof byte[]) arguments.add((byte[]) arg);
      else if (arg instanceof Long) arguments.add((long) (Long) arg);
      else if (arg instanceof Double) arguments.add((double) (Double) arg);
      else throw new AssertionError(arg.getClass());
    }
    return encode(new Command<>(CommandType.valueOf((String) args[0]), new StatusOutput<>(StringCodec.UTF8), arguments));
  }

  /** Lettuce with ByteArrayCodec, every argument a byte[] value. */
  byte[] lettuceBinary(String name, byte[]... args) {
    CommandArgs<byte[], byte[]> arguments = new CommandArgs<>(ByteArrayCodec.INSTANCE);
    for (byte[] arg : args) arguments.addValue(arg);
    return encode(new Command<>(CommandType.valueOf(name), new StatusOutput<>(ByteArrayCodec.INSTANCE), arguments));
  }

  private byte[] encode(Command<?, ?, ?> command) {
    lettuceBuf.clear();
    command.encode(lettuceBuf);
    return ByteBufUtil.getBytes(lettuceBuf);
  }

  void assertAllEqual(String label, Object... args) {
    byte[] textwire = textwire(args);
    assertArrayEquals(jedis(args), textwire, label + ": textwire vs Jedis");
    assertArrayEquals(lettuce(args), textwire, label + ": textwire vs Lettuce");
  }

  // ---- Tests --------------------------------------------------------------------------------------

  @Test
  void setOfEveryClassAndSize() {
    for (StringClass kind : StringClass.values()) {
      for (int size : SIZES) {
        Object value = value(kind, size, kind.ordinal() * 1000L + size);
        String label = kind + " x " + size;
        assertAllEqual("SET " + label, "SET", "key", value);
        // The value as key too, and the key/value of the same class.
        assertAllEqual("SET as key " + label, "SET", value, value);
        if (value instanceof byte[]) {
          byte[] bytes = (byte[]) value;
          assertArrayEquals(lettuceBinary("SET", "key".getBytes(StandardCharsets.US_ASCII), bytes),
              textwire("SET", "key", bytes), "ByteArrayCodec " + label);
        }
      }
    }
  }

  @Test
  void knownBytesForASet() {
    // One anchor not computed by any of the three, so that all three cannot agree on a wrong answer.
    assertArrayEquals("*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$5\r\n\u00e9\u20ac\r\n".getBytes(StandardCharsets.UTF_8),
        textwire("SET", "key", "\u00e9\u20ac"));
    assertArrayEquals("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$4\r\n\uD83D\uDE00\r\n".getBytes(StandardCharsets.UTF_8),
        textwire("SET", "k", "\uD83D\uDE00"));
  }

  @Test
  void msetOfTenArguments() {
    for (StringClass kind : StringClass.values()) {
      Object[] args = new Object[11];
      args[0] = "MSET";
      for (int i = 0; i < 5; i++) {
        args[1 + 2 * i] = "key:" + kind + ":" + i;
        args[2 + 2 * i] = value(kind, 16 << i, 77L * i + kind.ordinal());
      }
      assertAllEqual("MSET " + kind, args);
    }
  }

  @Test
  void rpushOfHundredArguments() {
    Object[] args = new Object[102];
    args[0] = "RPUSH";
    args[1] = "list";
    StringClass[] kinds = StringClass.values();
    for (int i = 0; i < 100; i++) args[2 + i] = value(kinds[i % kinds.length], 1 + i * 7, i);
    assertAllEqual("RPUSH 100", args);
  }

  static final long[] LONGS_UP_TO_17_CHARS = {0, -1, 1, 42, Integer.MIN_VALUE, 1_000_000_007L,
      99_999_999_999_999_999L, -9_999_999_999_999_999L};

  @Test
  void longArgumentsUpTo17Chars() {
    for (long n : LONGS_UP_TO_17_CHARS) assertAllEqual("long " + n, "SET", "k", n);
  }

  @Test
  void longArguments() {
    for (long n : new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 100_000_000_000_000_000L, -10_000_000_000_000_000L}) {
      assertAllEqual("long " + n, "SET", "k", n);
    }
    assertArrayEquals("*3\r\n$6\r\nINCRBY\r\n$1\r\nk\r\n$20\r\n-9223372036854775808\r\n".getBytes(StandardCharsets.US_ASCII),
        textwire("INCRBY", "k", Long.MIN_VALUE));
  }

  @Test
  void finiteDoubleArguments() {
    for (double d : new double[] {1.5, 0.1, -0.0, 0.0, 1e20, 1e-7, 3e100, 123456789.0, Double.MIN_VALUE, -Double.MAX_VALUE}) {
      assertAllEqual("double " + d, "INCRBYFLOAT", "k", d);
    }
  }

  @Test
  void infinitiesAreJedisSpelling() {
    for (double d : new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      byte[] textwire = textwire("ZADD", "z", d, "m");
      assertArrayEquals(jedis("ZADD", "z", d, "m"), textwire, "textwire vs Jedis for " + d);
      String sign = d > 0 ? "+" : "-";
      assertEquals("*4\r\n$4\r\nZADD\r\n$1\r\nz\r\n$4\r\n" + sign + "inf\r\n$1\r\nm\r\n",
          new String(textwire, StandardCharsets.US_ASCII));
      // Lettuce writes Java's spelling, which Redis reads too (strtold takes "Infinity").
      String lettuce = d > 0 ? "Infinity" : "-Infinity";
      assertEquals("*4\r\n$4\r\nZADD\r\n$1\r\nz\r\n$" + lettuce.length() + "\r\n" + lettuce + "\r\n$1\r\nm\r\n",
          new String(lettuce("ZADD", "z", d, "m"), StandardCharsets.US_ASCII));
    }
  }

  static final String[] UNPAIRED = {"a\uD800b", "a\uD800", "\uDC00b", "\uDC00\uD800", "\uD800", "\uDFFF\uDBFF\uDFFF"};

  @Test
  void unpairedSurrogatesWithQuestionMarkCodecMatchBoth() {
    dev.textwire.TextCodec question = Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    List<String> texts = new ArrayList<>(Arrays.asList(UNPAIRED));
    Random random = new Random(13);
    for (int i = 0; i < 500; i++) texts.add(randomWithUnpairedSurrogates(random, 1 + random.nextInt(40)));
    for (String text : texts) {
      byte[] textwire = textwire(question, "SET", text, text);
      assertArrayEquals(jedis("SET", text, text), textwire, () -> "Jedis, " + escape(text));
      assertArrayEquals(lettuce("SET", text, text), textwire, () -> "Lettuce, " + escape(text));
    }
    assertEquals("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$3\r\na?b\r\n",
        new String(textwire(question, "SET", "k", "a\uD800b"), StandardCharsets.US_ASCII));
    assertEquals("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$2\r\n??\r\n",
        new String(textwire(question, "SET", "k", "\uDC00\uD800"), StandardCharsets.US_ASCII));
  }

  @Test
  void unpairedSurrogatesWithDefaultCodecThrowAndWriteNothing() {
    List<String> texts = new ArrayList<>(Arrays.asList(UNPAIRED));
    Random random = new Random(17);
    for (int i = 0; i < 100; i++) texts.add(randomWithUnpairedSurrogates(random, 1 + random.nextInt(40)));
    for (String text : texts) {
      Arrays.fill(array, 0, 64, (byte) '#');
      arrayWriter.reset(array, 0).codec(dev.textwire.TextCodecs.UTF_8);
      MalformedTextException refused =
          assertThrows(MalformedTextException.class, () -> arrayWriter.command("SET", "key", text), () -> escape(text));
      // Core throws MalformedTextException itself (UnmappableCharacterException is for code pages), at the
      // first lone surrogate, counted in the argument's chars.
      assertEquals(MalformedTextException.class, refused.getClass());
      assertEquals(firstUnpairedSurrogate(text), refused.charIndex(), () -> escape(text));
      assertEquals(1, refused.malformedLength());
      assertEquals(0, arrayWriter.position(), () -> "position after a refused command, " + escape(text));

      SegmentedBuffer segments = new SegmentedBuffer(64);
      segments.write(new byte[] {'x'});
      RespWriter toSegments = RespWriter.to(segments);
      assertThrows(MalformedTextException.class, () -> toSegments.command("SET", "key", text));
      assertEquals(1, segments.size(), () -> "bytes left in a SegmentedBuffer, " + escape(text));
      // A good command after the refused one starts where the refused one would have.
      toSegments.command("PING");
      assertArrayEquals("x*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII), segments.toByteArray());
    }
  }

  @Test
  void lettuceSwallowsTheCharAfterALoneHighSurrogate() {
    // Netty's ByteBufUtil.writeUtf8 (under Lettuce's StringCodec) writes '?' for a lone high surrogate and
    // then the next char as ONE byte ('?' if it is a high surrogate, else (byte) c): not what
    // String.getBytes(UTF_8) gives. textwire follows Jedis (the JDK), so it is compared with Jedis only.
    dev.textwire.TextCodec question = Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    String highHighLow = "\uDBFF\uDBFF\uDFFF"; // lone high, then a pair
    byte[] textwire = textwire(question, "SET", "k", highHighLow);
    assertArrayEquals(jedis("SET", "k", highHighLow), textwire);
    assertEquals("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\n?\uDBFF\uDFFF\r\n",
        new String(textwire, StandardCharsets.UTF_8));
    assertEquals("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$3\r\n???\r\n",
        new String(lettuce("SET", "k", highHighLow), StandardCharsets.UTF_8));
    String highThenE = "\uD800\u00e9";
    assertArrayEquals(jedis("SET", "k", highThenE), textwire(question, "SET", "k", highThenE));
    assertArrayEquals("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$2\r\n?\u00e9\r\n".getBytes(StandardCharsets.ISO_8859_1),
        lettuce("SET", "k", highThenE), "Lettuce writes (byte) 0xE9, not UTF-8");
  }

  static int firstUnpairedSurrogate(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    throw new AssertionError("no unpaired surrogate in " + escape(text));
  }

  /** Text with at least one lone surrogate (high or low) among ASCII, CJK and well-formed pairs. */
  static String randomWithUnpairedSurrogates(Random random, int parts) {
    StringBuilder text = new StringBuilder();
    boolean lone = false;
    for (int i = 0; i < parts || !lone; i++) {
      switch (random.nextInt(5)) {
        case 0:
          text.append((char) (0xD800 + random.nextInt(0x400))); // high
          lone = true;
          // A high surrogate followed by a low one would be a pair: put something else after it.
          text.append('z');
          break;
        case 1:
          // A low surrogate after a high one would make a pair: only after a non-high char.
          if (text.length() > 0 && Character.isHighSurrogate(text.charAt(text.length() - 1))) text.append('y');
          text.append((char) (0xDC00 + random.nextInt(0x400)));
          lone = true;
          break;
        case 2:
          text.appendCodePoint(0x1F300 + random.nextInt(0x300));
          break;
        case 3:
          text.append((char) (0x4E00 + random.nextInt(0x5000)));
          break;
        default:
          text.append((char) ('a' + random.nextInt(26)));
      }
    }
    return text.toString();
  }

  static final String[] COMMAND_NAMES = {"SET", "MSET", "RPUSH", "LPUSH", "SADD", "HSET", "DEL", "ZADD", "XADD", "PUBLISH", "EVAL"};

  @Test
  void randomCommandsAgreeAcrossAllThree() {
    Random random = new Random(20_260_124);
    StringClass[] kinds = StringClass.values();
    for (int n = 0; n < 2_000; n++) {
      int argCount = 1 + random.nextInt(20);
      Object[] args = new Object[1 + argCount];
      args[0] = COMMAND_NAMES[random.nextInt(COMMAND_NAMES.length)];
      for (int i = 1; i <= argCount; i++) {
        int pick = random.nextInt(kinds.length + 2);
        if (pick == kinds.length) {
          args[i] = random.nextInt(4) == 0 ? (Object) (long) random.nextInt(1000) : (Object) random.nextLong();
        } else if (pick == kinds.length + 1) {
          args[i] = random.nextInt(3) == 0 ? (double) random.nextInt(100) : random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
        } else {
          // Mostly short, sometimes a few thousand chars (past Jedis's 8 KiB output buffer in bytes).
          int chars = random.nextInt(10) == 0 ? random.nextInt(4_000) : random.nextInt(40);
          args[i] = value(kinds[pick], chars, random.nextLong());
        }
      }
      assertAllEqual("random command " + n, args);
    }
  }

  static String escape(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x20 && c < 0x7F) out.append(c);
      else out.append(String.format("\\u%04X", (int) c));
    }
    return out.append('"').toString();
  }
}
