package dev.textwire.clob;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Clob;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.sql.rowset.serial.SerialClob;

/**
 * Runs operations on a {@link TextClob} and on a {@link StringBuilder} model side by side, the choices
 * made by a {@link Choices} (a seeded Random in ClobRandomOperationsTest, the fuzzer's bytes in
 * ClobOperationsFuzzTest). The model is just Java chars: lone surrogates are ordinary chars in it, so a
 * write that splits a pair is modelled exactly. After every operation the length, the stored byte count
 * and the spill state are checked; every {@link #CONTENT_CHECK_EVERY} operations the whole content.
 * Every operation is logged as Java-like text so a failure can be read and replayed.
 */
public final class ClobModelRunner {
  static final int CONTENT_CHECK_EVERY = 8;

  /** Where the choices come from. */
  public interface Choices {
    /** A value in [0, bound), bound at least 1. */
    int below(int bound);
  }

  /** The units random text is made of; a text cut at a random char count may end in half a pair. */
  public enum Alphabet {
    ASCII("a", "b", "c", "x", "y", "z", " ", "~", "\u0000", "\u007f", "ab", "abc"),
    /** 1-, 2-, 3- and 4-byte UTF-8, the edges of each width, NUL (2 bytes in modified UTF-8), lone halves. */
    MIXED("a", "b", "\u0000", "\u007f", "\u0080", "Ж", "\u07ff", "\u0800", "世", "\uffff", "\uD83D\uDE00",
        "\uD800\uDC00", "\uDBFF\uDFFF", "\uD83D", "\uDE00", "é"),
    /** Mostly pairs, so every write and position is likely to fall between two halves. */
    EMOJI("\uD83D\uDE00", "\uD83C\uDF89", "\uD83D\uDC4D", "\uD83E\uDD14", "\uD83D\uDE00", "\uD83C\uDF89",
        "\uD83D\uDE00\uD83D\uDE00", "a", "\uD83D", "\uDE00");

    private final String[] units;

    Alphabet(String... units) {
      this.units = units;
    }

    /** Exactly a chosen number of chars, 0 to maxChars. */
    String text(Choices choices, int maxChars) {
      return text(choices, maxChars, 0);
    }

    String text(Choices choices, int maxChars, int minChars) {
      int charCount = minChars + choices.below(maxChars - minChars + 1);
      StringBuilder text = new StringBuilder(charCount + 1);
      while (text.length() < charCount) {
        text.append(units[choices.below(units.length)]);
      }
      text.setLength(charCount);
      return text.toString();
    }
  }

  /** How the Clob is built; maxBytes is where the runner starts to prefer truncating. */
  public record Config(long spillThreshold, int segmentBytes, boolean modifiedUtf8, int maxBytes, int maxChunkChars) {
    static final long DEFAULT_THRESHOLD = 1 << 20;

    TextClob.Builder builder(Path tempDirectory) {
      TextClob.Builder builder = TextClob.builder().tempDirectory(tempDirectory);
      if (spillThreshold != DEFAULT_THRESHOLD) {
        builder.spillThreshold(spillThreshold);
      }
      if (segmentBytes > 0) {
        builder.segmentBytes(segmentBytes);
      }
      if (modifiedUtf8) {
        builder.modifiedUtf8(true);
      }
      return builder;
    }
  }

  private static final int SET_STRING = 0;
  private static final int SET_STRING_OFFSET = 1;
  private static final int APPEND = 2;
  private static final int TRUNCATE = 3;
  private static final int SUBSTRING = 4;
  private static final int POSITION = 5;
  private static final int POSITION_CLOB = 6;
  private static final int READ_ALL = 7;
  private static final int READ_RANGE = 8;
  private static final int ASCII_STREAM = 9;
  private static final int CHAR_WRITER = 10;
  private static final int ASCII_WRITER = 11;
  private static final int STALE_READER = 12;
  private static final int BAD_ARGUMENT = 13;
  /** Operation codes with repetition as weights: writes and reads about equally. */
  private static final int[] OPERATIONS = {SET_STRING, SET_STRING, SET_STRING_OFFSET, APPEND, TRUNCATE,
      SUBSTRING, SUBSTRING, POSITION, POSITION_CLOB, READ_ALL, READ_RANGE, ASCII_STREAM, CHAR_WRITER,
      ASCII_WRITER, STALE_READER, BAD_ARGUMENT};

  private final Config config;
  private final Alphabet alphabet;
  private final Choices choices;
  private final Path tempDirectory;
  private final StringBuilder model = new StringBuilder();
  private final List<String> log = new ArrayList<>();
  private final Set<Path> spillPathsSeen = new LinkedHashSet<>();
  private TextClob clob;
  private long maxStoredBytesEver;
  private boolean wasSpilled;
  private int spillCount;
  private int unspillCount;
  private int operationCount;

  public ClobModelRunner(Config config, Alphabet alphabet, Choices choices, Path tempDirectory) {
    this.config = config;
    this.alphabet = alphabet;
    this.choices = choices;
    this.tempDirectory = tempDirectory;
  }

  public List<String> log() {
    return log;
  }

  public TextClob clob() {
    return clob;
  }

  /** Moves from memory to the file seen after operations (a write that spills and comes back in one call is not seen). */
  public int spillCount() {
    return spillCount;
  }

  public int unspillCount() {
    return unspillCount;
  }

  /** Builds the Clob with a random initial text, through a random one of the builder's entry points. */
  public void start() throws Exception {
    String initial = alphabet.text(choices, config.maxChunkChars() * 2);
    TextClob.Builder builder = config.builder(tempDirectory);
    boolean wellFormed = isWellFormed(initial);
    int how = choices.below(wellFormed ? 7 : 4);
    log("config " + config + ", alphabet " + alphabet);
    switch (how) {
      case 0 -> {
        log("build(" + literal(initial) + ")");
        clob = builder.build(initial);
      }
      case 1 -> {
        log("build(new StringReader(" + literal(initial) + "))");
        clob = builder.build(new StringReader(initial));
      }
      case 2 -> {
        log("build() then setString(1, " + literal(initial) + ")");
        clob = builder.build();
        clob.setString(1, initial);
      }
      case 3 -> {
        log("build(new StringBuilder(" + literal(initial) + "))");
        clob = builder.build(new StringBuilder(initial));
      }
      case 4 -> {
        byte[] utf8 = initial.getBytes(StandardCharsets.UTF_8);
        byte[] padded = new byte[utf8.length + 3];
        System.arraycopy(utf8, 0, padded, 2, utf8.length);
        log("buildFromUtf8(utf8 of " + literal(initial) + " at offset 2)");
        clob = builder.buildFromUtf8(padded, 2, utf8.length);
      }
      case 5 -> {
        // Small buffer segments, so the UTF-8 sequences straddle them.
        dev.textwire.buffer.SegmentedBuffer buffer = new dev.textwire.buffer.SegmentedBuffer(16);
        buffer.write(initial.getBytes(StandardCharsets.UTF_8));
        log("buildFromUtf8(SegmentedBuffer(16) of utf8 of " + literal(initial) + ")");
        clob = builder.buildFromUtf8(buffer);
      }
      default -> {
        log("buildFromUtf8(new ByteArrayInputStream(utf8 of " + literal(initial) + "))");
        clob = builder.buildFromUtf8(new ByteArrayInputStream(initial.getBytes(StandardCharsets.UTF_8)));
      }
    }
    model.append(initial);
    checkAfterOperation();
    checkContent();
  }

  /** One random operation, then the checks. */
  public void step() throws Exception {
    int operation = storedBytes(model, config.modifiedUtf8()) > config.maxBytes() && choices.below(2) == 0
        ? TRUNCATE
        : OPERATIONS[choices.below(OPERATIONS.length)];
    switch (operation) {
      case SET_STRING -> setString(anyPosition());
      case APPEND -> setString(model.length() + 1);
      case SET_STRING_OFFSET -> setStringOffset();
      case TRUNCATE -> truncate();
      case SUBSTRING -> substring();
      case POSITION -> position(false);
      case POSITION_CLOB -> position(true);
      case READ_ALL -> readAll();
      case READ_RANGE -> readRange();
      case ASCII_STREAM -> asciiStream();
      case CHAR_WRITER -> charWriter();
      case ASCII_WRITER -> asciiWriter();
      case STALE_READER -> staleReader();
      case BAD_ARGUMENT -> badArgument();
      default -> throw new IllegalStateException("operation " + operation);
    }
    operationCount++;
    checkAfterOperation();
    if (operationCount % CONTENT_CHECK_EVERY == 0) {
      checkContent();
    }
  }

  /** The whole content, then free(): the spill file goes, further calls fail with 0F001. */
  public void finish() throws Exception {
    checkContent();
    Path spillPath = clob.spillPath();
    log("free()");
    clob.free();
    if (spillPath != null && Files.exists(spillPath)) {
      throw new AssertionError("free() left the spill file " + spillPath);
    }
    clob.free();
    try {
      long length = clob.length();
      throw new AssertionError("length() after free() returned " + length);
    } catch (SQLException e) {
      expectState("0F001", e, "length() after free()");
    }
  }

  // ---- operations ----

  private void setString(long pos) throws SQLException {
    String text = alphabet.text(choices, config.maxChunkChars());
    log("setString(" + pos + ", " + literal(text) + ")");
    int written = clob.setString(pos, text);
    expect(text.length(), written, "setString's return value");
    apply(pos, text);
  }

  private void setStringOffset() throws SQLException {
    long pos = anyPosition();
    String text = alphabet.text(choices, config.maxChunkChars() + 4);
    int offset = choices.below(text.length() + 1);
    int charCount = choices.below(text.length() - offset + 1);
    log("setString(" + pos + ", " + literal(text) + ", " + offset + ", " + charCount + ")");
    int written = clob.setString(pos, text, offset, charCount);
    expect(charCount, written, "setString's return value");
    apply(pos, text.substring(offset, offset + charCount));
  }

  private void truncate() throws SQLException {
    int length = model.length();
    long newLength = switch (choices.below(5)) {
      case 0 -> 0;
      case 1 -> length;
      case 2 -> Math.max(0, length - 1);
      default -> choices.below(length + 1);
    };
    log("truncate(" + newLength + ")");
    clob.truncate(newLength);
    model.setLength((int) newLength);
  }

  private void substring() throws SQLException {
    int length = model.length();
    long pos = anyPosition();
    int toEnd = (int) (length - pos + 1);
    int charCount = switch (choices.below(6)) {
      case 0 -> 0;
      case 1 -> toEnd;
      case 2 -> toEnd + 1 + choices.below(10);
      case 3 -> Integer.MAX_VALUE;
      default -> choices.below(toEnd + 1);
    };
    log("getSubString(" + pos + ", " + charCount + ")");
    String actual = clob.getSubString(pos, charCount);
    int from = (int) pos - 1;
    expect(model.substring(from, (int) Math.min(length, from + (long) charCount)), actual, "getSubString");
  }

  private void position(boolean asClob) throws SQLException {
    int length = model.length();
    String pattern;
    long start;
    if (length > 0 && choices.below(3) != 0) {
      int from = choices.below(length);
      int patternChars = 1 + choices.below(Math.min(length - from, 12));
      pattern = model.substring(from, from + patternChars);
      start = choices.below(2) == 0 ? 1 : 1 + choices.below(from + 1);
    } else if (choices.below(8) == 0) {
      pattern = "";
      start = 1 + choices.below(length + 1);
    } else {
      pattern = alphabet.text(choices, 6, 1);
      start = choices.below(6) == 0 ? length + 1 + choices.below(3) : anyPosition();
    }
    int found = model.indexOf(pattern, (int) start - 1);
    long expected = found < 0 ? -1 : found + 1;
    long actual;
    if (asClob) {
      boolean serial = choices.below(3) == 0;
      log("position(" + (serial ? "new SerialClob(" : "TextClob.of(") + literal(pattern) + "), " + start + ")");
      Clob patternClob = serial ? new SerialClob(pattern.toCharArray()) : TextClob.of(pattern);
      actual = clob.position(patternClob, start);
      patternClob.free();
    } else {
      log("position(" + literal(pattern) + ", " + start + ")");
      actual = clob.position(pattern, start);
    }
    expect(expected, actual, "position");
  }

  private void readAll() throws Exception {
    log("getCharacterStream() read fully");
    try (Reader reader = clob.getCharacterStream()) {
      readAndCompare(reader, model.toString(), "getCharacterStream()");
    }
  }

  private void readRange() throws Exception {
    int length = model.length();
    long pos = anyPosition();
    int charCount = choices.below((int) (length - pos + 2));
    log("getCharacterStream(" + pos + ", " + charCount + ") read fully");
    int from = (int) pos - 1;
    try (Reader reader = clob.getCharacterStream(pos, charCount)) {
      readAndCompare(reader, model.substring(from, from + charCount), "getCharacterStream(pos, len)");
    }
  }

  private void asciiStream() throws Exception {
    log("getAsciiStream() read fully");
    byte[] expected = ascii(model);
    try (InputStream in = clob.getAsciiStream()) {
      int byteIndex = 0;
      byte[] buffer = new byte[80];
      while (true) {
        if (choices.below(4) == 0) {
          int b = in.read();
          if (b < 0) {
            break;
          }
          expect(expected[byteIndex] & 0xFF, b, "getAsciiStream byte " + byteIndex);
          byteIndex++;
        } else {
          int offset = choices.below(8);
          int count = in.read(buffer, offset, 1 + choices.below(buffer.length - offset));
          if (count < 0) {
            break;
          }
          if (count == 0) {
            throw new AssertionError("getAsciiStream read 0 bytes for a read of at least 1");
          }
          for (int i = 0; i < count; i++) {
            if (byteIndex + i >= expected.length) {
              throw new AssertionError("getAsciiStream gave more than the " + expected.length + " bytes expected");
            }
            expect(expected[byteIndex + i] & 0xFF, buffer[offset + i] & 0xFF, "getAsciiStream byte " + (byteIndex + i));
          }
          byteIndex += count;
        }
      }
      expect(expected.length, byteIndex, "getAsciiStream's byte count");
      expect(-1, in.read(), "getAsciiStream read after the end");
    }
  }

  private void charWriter() throws Exception {
    long pos = anyPosition();
    log("setCharacterStream(" + pos + ")");
    StringBuilder written = new StringBuilder();
    try (Writer writer = clob.setCharacterStream(pos)) {
      int pieces = 1 + choices.below(4);
      for (int piece = 0; piece < pieces; piece++) {
        String text = alphabet.text(choices, config.maxChunkChars() / 2 + 1);
        switch (choices.below(4)) {
          case 0 -> {
            log("  write(" + literal(text) + ")");
            writer.write(text);
          }
          case 1 -> {
            char[] padded = ("xy" + text + "z").toCharArray();
            log("  write(chars of " + literal(text) + ")");
            writer.write(padded, 2, text.length());
          }
          case 2 -> {
            log("  write(int) each of " + literal(text));
            for (int i = 0; i < text.length(); i++) {
              writer.write(text.charAt(i));
            }
          }
          default -> {
            log("  append(" + literal(text) + ")");
            writer.append(new StringBuilder(text));
          }
        }
        written.append(text);
        if (choices.below(3) == 0) {
          log("  flush()");
          writer.flush();
          apply(pos, written.toString());
          checkAfterOperation();
        }
      }
      log("  close()");
    }
    apply(pos, written.toString());
  }

  private void asciiWriter() throws Exception {
    long pos = anyPosition();
    log("setAsciiStream(" + pos + ")");
    StringBuilder written = new StringBuilder();
    try (OutputStream out = clob.setAsciiStream(pos)) {
      int pieces = 1 + choices.below(3);
      for (int piece = 0; piece < pieces; piece++) {
        byte[] bytes = new byte[choices.below(config.maxChunkChars() / 2 + 1)];
        for (int i = 0; i < bytes.length; i++) {
          bytes[i] = (byte) (choices.below(3) == 0 ? choices.below(0x80) : 'a' + choices.below(26));
        }
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        if (bytes.length > 0 && choices.below(6) == 0) {
          // Not ASCII: refused, naming the byte and its stream offset, and nothing of this call stored.
          int badIndex = choices.below(bytes.length);
          bytes[badIndex] = (byte) (0x80 + choices.below(0x80));
          String hex = String.format("%02X", bytes[badIndex] & 0xFF);
          log("  write(bytes of " + literal(text) + " with byte " + hex + " at index " + badIndex + ") (refused)");
          try {
            out.write(bytes, 0, bytes.length);
            throw new AssertionError("setAsciiStream took byte " + hex);
          } catch (IOException e) {
            String offset = Integer.toString(written.length() + badIndex);
            if (!e.getMessage().contains(hex) || !e.getMessage().contains(offset)) {
              throw new AssertionError("the refusal does not name byte " + hex + " and offset " + offset + ": " + e, e);
            }
          }
          continue;
        }
        if (choices.below(2) == 0) {
          log("  write(bytes of " + literal(text) + ")");
          out.write(bytes, 0, bytes.length);
        } else {
          log("  write(int) each of " + literal(text));
          for (byte b : bytes) {
            out.write(b);
          }
        }
        written.append(text);
        if (choices.below(3) == 0) {
          log("  flush()");
          out.flush();
          apply(pos, written.toString());
          checkAfterOperation();
        }
      }
      log("  close()");
    }
    apply(pos, written.toString());
  }

  /** A reader opened, partly read, then the Clob modified: the next read must fail, saying so. */
  private void staleReader() throws Exception {
    int length = model.length();
    if (length < 2) {
      setString(length + 1);
      return;
    }
    int kind = choices.below(3);
    int readBefore = choices.below(length - 1);
    log((kind == 0 ? "getCharacterStream()" : kind == 1 ? "getCharacterStream(1, " + length + ")" : "getAsciiStream()")
        + ", read " + readBefore + ", then modify");
    Reader reader = kind == 0 ? clob.getCharacterStream() : kind == 1 ? clob.getCharacterStream(1, length) : null;
    InputStream in = kind == 2 ? clob.getAsciiStream() : null;
    byte[] ascii = ascii(model);
    for (int i = 0; i < readBefore; i++) {
      int value = reader != null ? reader.read() : in.read();
      expect(reader != null ? model.charAt(i) : ascii[i] & 0xFF, value, "stale-reader prefix at index " + i);
    }
    switch (choices.below(4)) {
      case 0 -> {
        String text = alphabet.text(choices, config.maxChunkChars(), 1);
        long pos = anyPosition();
        log("  setString(" + pos + ", " + literal(text) + ")");
        clob.setString(pos, text);
        apply(pos, text);
      }
      case 1 -> {
        long newLength = choices.below(length);
        log("  truncate(" + newLength + ")");
        clob.truncate(newLength);
        model.setLength((int) newLength);
      }
      case 2 -> {
        String text = alphabet.text(choices, config.maxChunkChars(), 1);
        long pos = anyPosition();
        log("  setCharacterStream(" + pos + ") write(" + literal(text) + ") flush()");
        Writer writer = clob.setCharacterStream(pos);
        writer.write(text);
        writer.flush();
        apply(pos, text);
        writer.close();
      }
      default -> {
        log("  setString(" + (length + 1) + ", \"x\")");
        clob.setString(length + 1, "x");
        model.append('x');
      }
    }
    try {
      int value = reader != null ? reader.read() : in.read();
      throw new AssertionError("a read after the modification returned " + value + " instead of failing");
    } catch (IOException e) {
      String message = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
      if (!message.contains("modif")) {
        throw new AssertionError("the stale read's IOException does not say the Clob was modified: " + e, e);
      }
    } finally {
      if (reader != null) {
        reader.close();
      } else {
        in.close();
      }
    }
  }

  /** An invalid argument: the SQLState the API names, and the content untouched. */
  private void badArgument() throws Exception {
    int length = model.length();
    int kind = choices.below(9);
    String expectedState = kind < 5 ? "22023" : "22011";
    try {
      switch (kind) {
        case 0 -> {
          log("setString(" + (length + 2) + ", \"x\") (bad)");
          clob.setString(length + 2, "x");
        }
        case 1 -> {
          log("truncate(" + (length + 1) + ") (bad)");
          clob.truncate(length + 1);
        }
        case 2 -> {
          log("truncate(-1) (bad)");
          clob.truncate(-1);
        }
        case 3 -> {
          log("setString(1, \"abc\", 2, 2) (bad)");
          clob.setString(1, "abc", 2, 2);
        }
        case 4 -> {
          log("setString(1, \"abc\", -1, 1) (bad)");
          clob.setString(1, "abc", -1, 1);
        }
        case 5 -> {
          log("getSubString(" + (length + 2) + ", 1) (bad)");
          clob.getSubString(length + 2, 1);
        }
        case 6 -> {
          log("getSubString(0, 1) (bad)");
          clob.getSubString(0, 1);
        }
        case 7 -> {
          log("getSubString(1, -1) (bad)");
          clob.getSubString(1, -1);
        }
        default -> {
          log("getCharacterStream(1, " + (length + 1) + ") (bad)");
          clob.getCharacterStream(1, length + 1).close();
        }
      }
      throw new AssertionError("no SQLException for the bad argument");
    } catch (SQLException e) {
      expectState(expectedState, e, "bad argument");
    }
    checkContent();
  }

  // ---- checks ----

  private void checkAfterOperation() throws SQLException {
    expect(model.length(), clob.length(), "length()");
    long storedBytes = clob.storedByteCount();
    checkStoredBytes(storedBytes);
    maxStoredBytesEver = Math.max(maxStoredBytesEver, storedBytes);
    boolean spilled = clob.isSpilled();
    Path spillPath = clob.spillPath();
    if (spilled != wasSpilled) {
      if (spilled) {
        spillCount++;
      } else {
        unspillCount++;
      }
      wasSpilled = spilled;
    }
    if (spilled != (spillPath != null)) {
      throw new AssertionError("isSpilled() is " + spilled + " but spillPath() is " + spillPath);
    }
    if (spillPath != null) {
      if (!Files.exists(spillPath)) {
        throw new AssertionError("spilled, but the spill file " + spillPath + " does not exist");
      }
      spillPathsSeen.add(spillPath);
    }
    if (storedBytes > config.spillThreshold() && !spilled) {
      throw new AssertionError(storedBytes + " bytes stored, above the threshold " + config.spillThreshold()
          + ", but not spilled");
    }
    if (maxStoredBytesEver <= config.spillThreshold() && spilled) {
      throw new AssertionError("spilled though the content never exceeded the threshold " + config.spillThreshold());
    }
    for (Path old : spillPathsSeen) {
      if (!old.equals(spillPath) && Files.exists(old)) {
        throw new AssertionError("the earlier spill file " + old + " is still there (now " + spillPath + ")");
      }
    }
  }

  /**
   * Exact for modified UTF-8 and for text without surrogates. In UTF-8 mode a segment that holds a lone
   * surrogate is stored in modified UTF-8 as a whole (TextClob's design, SegmentCodec), so a pair or NUL
   * there takes 6 or 2 bytes, and halves that became neighbours across segments stay 3 + 3: the count
   * then lies between the WTF-8 size and the modified UTF-8 size.
   */
  private void checkStoredBytes(long storedBytes) {
    long least = storedBytes(model, config.modifiedUtf8());
    if (config.modifiedUtf8() || !hasSurrogate(model)) {
      expect(least, storedBytes, "storedByteCount()");
      return;
    }
    long most = storedBytes(model, true);
    if (storedBytes < least || storedBytes > most) {
      throw new AssertionError("storedByteCount() is " + storedBytes + ", outside " + least + " (WTF-8) to " + most
          + " (modified UTF-8)");
    }
  }

  private static boolean hasSurrogate(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isSurrogate(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  public void checkContent() throws SQLException {
    String actual = clob.getSubString(1, model.length());
    if (!actual.contentEquals(model)) {
      throw new AssertionError("content differs at charIndex " + firstDifference(model, actual) + ": expected "
          + literal(model.toString()) + " but was " + literal(actual));
    }
  }

  private void readAndCompare(Reader reader, String expected, String what) throws IOException {
    int charIndex = 0;
    char[] buffer = new char[100];
    while (true) {
      int how = choices.below(8);
      if (how == 0) {
        int value = reader.read();
        if (value < 0) {
          break;
        }
        expect(charAt(expected, charIndex, what), (char) value, what + " char " + charIndex);
        charIndex++;
      } else if (how == 1) {
        long skipped = reader.skip(1 + choices.below(20));
        if (skipped < 0 || charIndex + skipped > expected.length()) {
          throw new AssertionError(what + ": skip returned " + skipped + " at charIndex " + charIndex + " of "
              + expected.length());
        }
        charIndex += (int) skipped;
      } else if (how == 2) {
        expect(0, reader.read(buffer, 3, 0), what + " read of 0 chars");
      } else {
        int offset = choices.below(5);
        int count = reader.read(buffer, offset, 1 + choices.below(buffer.length - offset));
        if (count < 0) {
          break;
        }
        if (count == 0) {
          throw new AssertionError(what + " read 0 chars for a read of at least 1");
        }
        for (int i = 0; i < count; i++) {
          expect(charAt(expected, charIndex + i, what), buffer[offset + i], what + " char " + (charIndex + i));
        }
        charIndex += count;
      }
    }
    expect(expected.length(), charIndex, what + " char count");
    expect(-1, reader.read(), what + " read after the end");
  }

  private static char charAt(String expected, int charIndex, String what) {
    if (charIndex >= expected.length()) {
      throw new AssertionError(what + " gave more than the " + expected.length() + " chars expected");
    }
    return expected.charAt(charIndex);
  }

  // ---- model ----

  private void apply(long pos, String text) {
    int from = (int) pos - 1;
    model.replace(from, Math.min(model.length(), from + text.length()), text);
  }

  /** 1, length + 1, the last char, near the end, or anywhere: the edges are where bugs are. */
  private long anyPosition() {
    int length = model.length();
    return switch (choices.below(6)) {
      case 0 -> 1;
      case 1 -> length + 1;
      case 2 -> Math.max(1, length);
      case 3 -> Math.max(1, length + 1 - choices.below(4));
      default -> 1 + choices.below(length + 1);
    };
  }

  /** What getAsciiStream must give: one byte per char, '?' above 0x7F. */
  static byte[] ascii(CharSequence text) {
    byte[] bytes = new byte[text.length()];
    for (int i = 0; i < bytes.length; i++) {
      char c = text.charAt(i);
      bytes[i] = c <= 0x7F ? (byte) c : (byte) '?';
    }
    return bytes;
  }

  /**
   * The stored size: UTF-8 with a lone surrogate as its 3-byte form and a pair as 4 bytes (WTF-8), or
   * modified UTF-8 (NUL in 2 bytes, every surrogate in 3).
   */
  static long storedBytes(CharSequence text, boolean modifiedUtf8) {
    long byteCount = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == 0) {
        byteCount += modifiedUtf8 ? 2 : 1;
      } else if (c < 0x80) {
        byteCount += 1;
      } else if (c < 0x800) {
        byteCount += 2;
      } else if (!modifiedUtf8 && Character.isHighSurrogate(c) && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        byteCount += 4;
        i++;
      } else {
        byteCount += 3;
      }
    }
    return byteCount;
  }

  static boolean isWellFormed(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  static int firstDifference(CharSequence expected, CharSequence actual) {
    int charIndex = 0;
    while (charIndex < Math.min(expected.length(), actual.length()) && expected.charAt(charIndex) == actual.charAt(charIndex)) {
      charIndex++;
    }
    return charIndex;
  }

  private static void expect(long expected, long actual, String what) {
    if (expected != actual) {
      throw new AssertionError(what + ": expected " + expected + " but was " + actual);
    }
  }

  private static void expect(String expected, String actual, String what) {
    if (!expected.equals(actual)) {
      throw new AssertionError(what + ": expected " + literal(expected) + " but was " + literal(actual)
          + " (first difference at charIndex " + firstDifference(expected, actual) + ")");
    }
  }

  static void expectState(String expectedState, SQLException e, String what) {
    if (!expectedState.equals(e.getSQLState())) {
      throw new AssertionError(what + ": SQLState " + e.getSQLState() + ", expected " + expectedState + ": " + e, e);
    }
  }

  private void log(String line) {
    log.add(line);
  }

  private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

  /** A Java string literal; anything outside printable ASCII as a \\u escape, so lone surrogates show. */
  static String literal(String text) {
    StringBuilder literal = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        literal.append('\\').append(c);
      } else if (c >= 0x20 && c < 0x7F) {
        literal.append(c);
      } else {
        // By hand, not String.format: every operation logs its text, and the formatter was about a third
        // of randomOperations' samples (stop 55, JFR).
        literal.append("\\u").append(HEX_DIGITS[c >> 12]).append(HEX_DIGITS[c >> 8 & 0xF])
            .append(HEX_DIGITS[c >> 4 & 0xF]).append(HEX_DIGITS[c & 0xF]);
      }
    }
    return literal.append('"').toString();
  }
}
