package dev.textwire.clob;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Clob;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.rowset.serial.SerialClob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The java.sql.Clob contract (JDBC 4.3 javadoc), run against every factory. Each check names a point of
 * {@link ClobExpectations}: oracles must behave exactly as pinned there (so an upgrade that changes their
 * behaviour fails), any other factory (textwire) must satisfy the contract column.
 *
 * <p>{@code -Dclob.record=true} prints every observation as Java rows instead of asserting, and every
 * run writes the observed table to target/clob-observed.md; {@code -Dclob.oraclesAsContract=true} holds
 * the oracles to the contract column (most of them then fail).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClobContractTest {
  private static final boolean RECORD = Boolean.getBoolean("clob.record");
  /** Holds the oracles to the contract column too: shows the suite can fail, and where each oracle would. */
  private static final boolean ORACLES_AS_CONTRACT = Boolean.getBoolean("clob.oraclesAsContract");

  /** a, Cyrillic, CJK, one emoji (two chars), b: length 6; the emoji's surrogates sit at positions 4 and 5. */
  static final String MIXED = "aЖ世😀b";
  static final String HELLO = "Hello";
  /** length 10; "😀Ж" occurs at positions 3 and 8. */
  static final String HAYSTACK = "ab😀Жab😀Ж";

  private List<ClobFactory> factories;
  private final Map<String, Map<String, Outcome>> observed = new ConcurrentHashMap<>();

  @BeforeAll
  void openFactories() throws SQLException {
    factories = new ArrayList<>(ClobFactory.oracles());
    factories.addAll(TextClobFactory.layouts());
  }

  @AfterAll
  void closeFactoriesAndReport() throws Exception {
    for (ClobFactory factory : factories) {
      factory.close();
    }
    ObservedTable.write(observed, RECORD);
  }

  List<ClobFactory> factories() {
    return factories;
  }

  private void check(ClobFactory factory, String point, Outcome.Action action) {
    Outcome actual = Outcome.observe(action);
    observed.computeIfAbsent(point, key -> new TreeMap<>()).put(factory.name(), actual);
    if (RECORD) {
      return;
    }
    Outcome expected = ORACLES_AS_CONTRACT
        ? ClobExpectations.contract(point) : ClobExpectations.expected(point, factory.name());
    assertTrue(expected.admits(actual),
        () -> point + " on " + factory.name() + ": expected " + expected + " but was " + actual);
  }

  // ---- length

  // "Retrieves the number of characters in the CLOB value designated by this Clob object."
  @ParameterizedTest
  @MethodSource("factories")
  void length(ClobFactory f) throws SQLException {
    check(f, "length.ascii", () -> f.create(HELLO).length());
    check(f, "length.mixed", () -> f.create(MIXED).length());
    check(f, "length.empty", () -> f.createEmpty().length());
    // Characters are UTF-16 chars: an emoji counts 2.
    check(f, "length.emoji", () -> f.create("😀😀😀").length());
    String big = "aЖ世😀".repeat(20_000);
    check(f, "length.big100k", () -> f.create(big).length());
    check(f, "substring.big100k.far", () -> f.create(big).getSubString(99_991, 10));
  }

  // ---- getSubString

  // "The substring begins at position pos and has up to length consecutive characters."
  // "@throws SQLException ... if pos is less than 1 or length is less than 0"
  @ParameterizedTest
  @MethodSource("factories")
  void getSubString(ClobFactory f) throws SQLException {
    check(f, "substring.middle", () -> f.create(MIXED).getSubString(2, 2));
    check(f, "substring.whole", () -> f.create(MIXED).getSubString(1, 6));
    check(f, "substring.len0", () -> f.create(MIXED).getSubString(3, 0));
    check(f, "substring.pastEnd", () -> f.create(MIXED).getSubString(4, 100));
    check(f, "substring.intMax", () -> f.create(MIXED).getSubString(1, Integer.MAX_VALUE));
    check(f, "substring.posLengthPlus1", () -> f.create(MIXED).getSubString(7, 3));
    check(f, "substring.posLengthPlus1.len0", () -> f.create(MIXED).getSubString(7, 0));
    check(f, "substring.posBeyond", () -> f.create(MIXED).getSubString(8, 1));
    check(f, "substring.pos0", () -> f.create(MIXED).getSubString(0, 1));
    check(f, "substring.lenNegative", () -> f.create(MIXED).getSubString(1, -1));
    check(f, "substring.empty.pos1", () -> f.createEmpty().getSubString(1, 5));
    // Positions count chars, so a substring may cut a surrogate pair in half.
    check(f, "substring.highSurrogateOnly", () -> f.create(MIXED).getSubString(4, 1));
    check(f, "substring.fromLowSurrogate", () -> f.create(MIXED).getSubString(5, 2));
  }

  // ---- getCharacterStream

  // "Retrieves the CLOB value designated by this Clob object as a java.io.Reader object"
  // getCharacterStream(pos, length): "@throws SQLException if pos is less than 1; or if pos is greater
  // than the number of characters in the Clob; or if pos + length is greater than the number of
  // characters in the Clob" (literally off by one: a range ending at the last char has pos + length =
  // length + 1; the contract column reads it as pos + length - 1 > length).
  @ParameterizedTest
  @MethodSource("factories")
  void getCharacterStream(ClobFactory f) throws SQLException {
    check(f, "stream.all", () -> readAll(f.create(MIXED).getCharacterStream()));
    check(f, "stream.empty", () -> readAll(f.createEmpty().getCharacterStream()));
    check(f, "stream.range", () -> readAll(f.create(MIXED).getCharacterStream(2, 3)));
    check(f, "stream.rangeToEnd", () -> readAll(f.create(MIXED).getCharacterStream(4, 3)));
    check(f, "stream.rangePastEnd", () -> readAll(f.create(MIXED).getCharacterStream(5, 3)));
    check(f, "stream.len0", () -> readAll(f.create(MIXED).getCharacterStream(2, 0)));
    check(f, "stream.posLengthPlus1.len0", () -> readAll(f.create(MIXED).getCharacterStream(7, 0)));
    check(f, "stream.pos0", () -> readAll(f.create(MIXED).getCharacterStream(0, 1)));
    check(f, "stream.lenNegative", () -> readAll(f.create(MIXED).getCharacterStream(1, -1)));
  }

  // ---- getAsciiStream

  // "Retrieves the CLOB value designated by this Clob object as an ascii stream." (silent on non-ASCII)
  @ParameterizedTest
  @MethodSource("factories")
  void getAsciiStream(ClobFactory f) throws SQLException {
    check(f, "ascii.plain", () -> hex(readAll(f.create(HELLO).getAsciiStream())));
    check(f, "ascii.nonAscii", () -> hex(readAll(f.create(MIXED).getAsciiStream())));
  }

  // ---- position

  // position(String searchstr, long start): "the position at which the substring appears or -1 if it is
  // not present; the first position is 1" / "@throws SQLException ... or if pos is less than 1"
  @ParameterizedTest
  @MethodSource("factories")
  void positionOfString(ClobFactory f) throws SQLException {
    check(f, "position.found", () -> f.create(HAYSTACK).position("😀Ж", 1));
    check(f, "position.foundFrom", () -> f.create(HAYSTACK).position("😀Ж", 4));
    check(f, "position.atLastChar", () -> f.create(HAYSTACK).position("Ж", 10));
    check(f, "position.notFound", () -> f.create(HAYSTACK).position("zz", 1));
    check(f, "position.startLengthPlus1", () -> f.create(HAYSTACK).position("ab", 11));
    check(f, "position.startBeyond", () -> f.create(HAYSTACK).position("ab", 50));
    check(f, "position.emptyPattern", () -> f.create(HAYSTACK).position("", 3));
    check(f, "position.start0", () -> f.create(HAYSTACK).position("ab", 0));
    check(f, "position.lowSurrogate", () -> f.create(HAYSTACK).position("\uDE00", 1));
  }

  // position(Clob searchstr, long start): same javadoc, "@throws SQLException ... or if start is less than 1"
  @ParameterizedTest
  @MethodSource("factories")
  void positionOfClob(ClobFactory f) throws SQLException {
    check(f, "positionClob.found", () -> f.create(HAYSTACK).position(f.create("😀Ж"), 4));
    check(f, "positionClob.notFound", () -> f.create(HAYSTACK).position(f.create("zz"), 1));
    check(f, "positionClob.emptyPattern", () -> f.create(HAYSTACK).position(f.createEmpty(), 3));
    check(f, "positionClob.start0", () -> f.create(HAYSTACK).position(f.create("ab"), 0));
    check(f, "positionClob.startBeyond", () -> f.create(HAYSTACK).position(f.create("ab"), 50));
    // A pattern from another implementation: JDBC allows any Clob here.
    check(f, "positionClob.foreign", () -> f.create(HAYSTACK).position(new SerialClob("😀Ж".toCharArray()), 4));
  }

  // ---- setString

  // "Writes the given Java String to the CLOB value ... at the position pos. The string will overwrite the
  // existing characters in the Clob object starting at the position pos. If the end of the Clob value is
  // reached while writing the given string, then the length of the Clob value will be increased to
  // accommodate the extra characters." / "If the value specified for pos is greater than the length+1 of
  // the CLOB value then the behavior is undefined." / "@return the number of characters written"
  @ParameterizedTest
  @MethodSource("factories")
  void setString(ClobFactory f) throws SQLException {
    check(f, "setString.middle", () -> written(f.create(HELLO), c -> c.setString(2, "ЖЖ")));
    check(f, "setString.overlapsEnd", () -> written(f.create(HELLO), c -> c.setString(4, "XYZ")));
    check(f, "setString.append", () -> written(f.create(HELLO), c -> c.setString(6, "!😀")));
    check(f, "setString.beyondLengthPlus1", () -> written(f.create(HELLO), c -> c.setString(8, "x")));
    check(f, "setString.pos0", () -> written(f.create(HELLO), c -> c.setString(0, "x")));
    check(f, "setString.emptyString", () -> written(f.create(HELLO), c -> c.setString(2, "")));
    check(f, "setString.intoEmpty", () -> written(f.createEmpty(), c -> c.setString(1, "Жa😀")));
    check(f, "setString.twice", () -> written(f.create(HELLO), c -> c.setString(1, "a") + c.setString(5, "z")));
    // Overwriting the high half of a pair leaves a lone low surrogate: positions are chars, not code points.
    check(f, "setString.halfPair", () -> written(f.create("a😀b"), c -> c.setString(2, "X")));
    check(f, "setString.pairOverHalf", () -> written(f.create("abc"), c -> c.setString(3, "😀")));
  }

  // setString(pos, str, offset, len): "offset - the offset into str to start reading the characters that
  // are to be written; len - the number of characters to be written"
  @ParameterizedTest
  @MethodSource("factories")
  void setStringWithOffset(ClobFactory f) throws SQLException {
    check(f, "setStringOffset.middle", () -> written(f.create(HELLO), c -> c.setString(2, "_ЖЖЖ_", 1, 3)));
    check(f, "setStringOffset.append", () -> written(f.create(HELLO), c -> c.setString(6, "😀Ж", 0, 2)));
    check(f, "setStringOffset.lenPastStr", () -> written(f.create(HELLO), c -> c.setString(1, "abc", 2, 5)));
    check(f, "setStringOffset.negativeOffset", () -> written(f.create(HELLO), c -> c.setString(1, "abc", -1, 1)));
  }

  // ---- writers

  // setCharacterStream(pos): "a stream to which Unicode encoded characters can be written" at pos;
  // setAsciiStream(pos): "a stream to which ASCII encoded characters can be written"
  @ParameterizedTest
  @MethodSource("factories")
  void writers(ClobFactory f) throws SQLException {
    check(f, "writer.middle", () -> written(f.create(HELLO), c -> write(c.setCharacterStream(2), "ЖЖ")));
    check(f, "writer.append", () -> written(f.create(HELLO), c -> write(c.setCharacterStream(6), "😀Ж")));
    check(f, "writer.intoEmpty", () -> written(f.createEmpty(), c -> write(c.setCharacterStream(1), MIXED)));
    check(f, "writer.pos0", () -> written(f.create(HELLO), c -> write(c.setCharacterStream(0), "x")));
    check(f, "asciiWriter.middle", () -> written(f.create(HELLO), c -> write(c.setAsciiStream(2), new byte[] {'E', 'L'})));
    // A byte above 0x7F is not ASCII: what does it become?
    check(f, "asciiWriter.highByte",
        () -> written(f.create(HELLO), c -> write(c.setAsciiStream(1), new byte[] {(byte) 0xC3, (byte) 0xA9})));
  }

  // ---- truncate

  // "Truncates the CLOB value that this Clob designates to have a length of len characters."
  // "@throws SQLException ... or if len is less than 0"; larger than length+1: "behavior is undefined"
  @ParameterizedTest
  @MethodSource("factories")
  void truncate(ClobFactory f) throws SQLException {
    check(f, "truncate.shorter", () -> written(f.create(MIXED), c -> truncateTo(c, 3)));
    check(f, "truncate.equal", () -> written(f.create(MIXED), c -> truncateTo(c, 6)));
    check(f, "truncate.zero", () -> written(f.create(MIXED), c -> truncateTo(c, 0)));
    check(f, "truncate.longer", () -> written(f.create(MIXED), c -> truncateTo(c, 7)));
    check(f, "truncate.negative", () -> written(f.create(MIXED), c -> truncateTo(c, -1)));
    check(f, "truncate.halfPair", () -> written(f.create(MIXED), c -> truncateTo(c, 4)));
  }

  // ---- free

  // "After free has been called, any attempt to invoke a method other than free will result in a
  // SQLException being thrown. If free is called multiple times, the subsequent calls to free are treated
  // as a no-op."
  @ParameterizedTest
  @MethodSource("factories")
  void free(ClobFactory f) throws SQLException {
    check(f, "free.twice", () -> {
      Clob c = f.create(HELLO);
      c.free();
      c.free();
      return "ok";
    });
    check(f, "free.thenLength", () -> freed(f).length());
    check(f, "free.thenGetSubString", () -> freed(f).getSubString(1, 1));
    check(f, "free.thenCharacterStream", () -> freed(f).getCharacterStream() != null);
    check(f, "free.thenAsciiStream", () -> freed(f).getAsciiStream() != null);
    check(f, "free.thenPosition", () -> freed(f).position("l", 1));
    check(f, "free.thenSetString", () -> freed(f).setString(1, "x"));
    check(f, "free.thenSetCharacterStream", () -> freed(f).setCharacterStream(1) != null);
    check(f, "free.thenTruncate", () -> {
      freed(f).truncate(1);
      return "ok";
    });
  }

  // ---- readers opened before a change (the javadoc is silent: oracles pinned, contract unspecified)

  @ParameterizedTest
  @MethodSource("factories")
  void readersAcrossModification(ClobFactory f) throws SQLException {
    check(f, "reader.thenSetString", () -> {
      Clob c = f.create(HELLO);
      Reader reader = c.getCharacterStream();
      char first = (char) reader.read();
      c.setString(2, "ЖЖ");
      return first + readAll(reader);
    });
    check(f, "reader.thenTruncate", () -> {
      Clob c = f.create(HELLO);
      Reader reader = c.getCharacterStream();
      char first = (char) reader.read();
      c.truncate(2);
      return first + readAll(reader);
    });
    check(f, "reader.thenFree", () -> {
      Clob c = f.create(HELLO);
      Reader reader = c.getCharacterStream();
      char first = (char) reader.read();
      c.free();
      return first + readAll(reader);
    });
    check(f, "asciiStream.thenSetString", () -> {
      Clob c = f.create(HELLO);
      InputStream in = c.getAsciiStream();
      char first = (char) in.read();
      c.setString(2, "EL");
      return first + readAll(in);
    });
  }

  // ---- helpers: every result becomes a String or a number so outcomes compare by value

  @FunctionalInterface
  private interface Mutation {
    Object apply(Clob clob) throws Exception;
  }

  /** "returned → content afterwards". */
  private static String written(Clob clob, Mutation mutation) throws Exception {
    Object returned = mutation.apply(clob);
    long length = clob.length();
    return returned + " → " + clob.getSubString(1, (int) length) + " (" + length + ")";
  }

  private static String truncateTo(Clob clob, long len) throws SQLException {
    clob.truncate(len);
    return "void";
  }

  private static String write(Writer writer, String text) throws Exception {
    writer.write(text);
    writer.close();
    return "closed";
  }

  private static String write(OutputStream out, byte[] bytes) throws Exception {
    out.write(bytes);
    out.close();
    return "closed";
  }

  private static Clob freed(ClobFactory f) throws SQLException {
    Clob c = f.create(HELLO);
    c.free();
    return c;
  }

  static String readAll(Reader reader) throws Exception {
    StringBuilder text = new StringBuilder();
    char[] buffer = new char[8192];
    for (int count; (count = reader.read(buffer)) != -1; ) {
      text.append(buffer, 0, count);
    }
    reader.close();
    return text.toString();
  }

  private static String readAll(InputStream in) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    in.transferTo(bytes);
    in.close();
    return bytes.toString(StandardCharsets.ISO_8859_1);
  }

  /** Bytes (as Latin-1 chars) in hex, so a non-ASCII replacement byte is visible. */
  private static String hex(String latin1Bytes) {
    StringBuilder hex = new StringBuilder();
    for (int byteIndex = 0; byteIndex < latin1Bytes.length(); byteIndex++) {
      hex.append(hex.length() == 0 ? "" : " ").append(String.format("%02x", (int) latin1Bytes.charAt(byteIndex)));
    }
    return hex.toString();
  }
}
