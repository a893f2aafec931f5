package dev.textwire.clob;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Path;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.SQLException;

/**
 * A {@link Clob} (and {@link NClob}) whose length is O(1) and whose reads and writes at any char
 * position cost one segment plus the chars involved, in memory or spilled to a temporary file.
 *
 * <p>Positions are 1-based, as JDBC has them. Where the JDBC javadoc is silent, this class does what
 * {@code String} does ({@code getSubString(length() + 1, n)} is {@code ""}, a length past the end means
 * "up to the end", an empty pattern is found where the search starts), and where the implementations
 * disagree the choice is written on the method. Errors are SQLExceptions with a standard SQLState that
 * name the argument at fault: 22011 for a substring out of range, 22023 for any other bad argument, 22021
 * for malformed input bytes, 0F001 once freed, 58030 when the spill file fails (the content is then as it
 * was before the call).
 *
 * <p>Not safe for concurrent use, like the JDBC objects it stands beside, except that {@link #free()} may
 * come from another thread. Free it (or close it) when done: that deletes the spill file at once;
 * otherwise a Cleaner deletes it once the Clob is unreachable, and a shutdown hook at exit.
 */
public final class TextClob implements NClob, AutoCloseable {
  private final TextStore store;

  TextClob(TextStore store) {
    this.store = store;
  }

  /** A Clob of {@code text} with the default options (in memory up to 1 MiB of UTF-8). */
  public static TextClob of(CharSequence text) throws SQLException {
    return builder().build(text);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Whether the text is in the temporary file now. */
  public boolean isSpilled() {
    return store.isSpilled();
  }

  /** The temporary file, or null while the text is in memory. */
  public Path spillPath() {
    return store.spillPath();
  }

  /** Bytes of stored text (UTF-8, or modified UTF-8 when built so). */
  public long storedByteCount() {
    return store.storedByteCount();
  }

  /** Segments in the char-to-byte index. */
  public int segmentCount() {
    return store.segmentCount();
  }

  @Override
  public long length() throws SQLException {
    checkLive("length");
    return store.length();
  }

  /**
   * Up to {@code length} chars from {@code pos}; fewer at the end, {@code ""} at {@code length() + 1}.
   * Allocates for what it returns, not for {@code length}.
   */
  @Override
  public String getSubString(long pos, int length) throws SQLException {
    checkLive("getSubString");
    long size = store.length();
    checkStart("getSubString", pos, size, ClobErrors.SUBSTRING);
    if (length < 0) {
      throw ClobErrors.substring("getSubString: length is " + length + "; it must be 0 or more");
    }
    return store.substring(pos - 1, (int) Math.min(length, size - pos + 1));
  }

  @Override
  public Reader getCharacterStream() throws SQLException {
    checkLive("getCharacterStream");
    return new ClobReader(store, 0, store.length());
  }

  /**
   * Exactly {@code length} chars from {@code pos}: unlike getSubString, a range past the end is an error,
   * as the javadoc has it ({@code pos + length - 1} may be {@code length()}: the range may end on the last char).
   */
  @Override
  public Reader getCharacterStream(long pos, long length) throws SQLException {
    checkLive("getCharacterStream");
    long size = store.length();
    checkStart("getCharacterStream", pos, size, ClobErrors.SUBSTRING);
    if (length < 0) {
      throw ClobErrors.substring("getCharacterStream: length is " + length + "; it must be 0 or more");
    }
    if (length > size - pos + 1) {
      throw ClobErrors.substring("getCharacterStream: pos " + pos + " and length " + length + " end at char "
          + (pos + length - 1) + ", past the Clob's " + size + " chars");
    }
    return new ClobReader(store, pos - 1, pos - 1 + length);
  }

  /** One byte per char; a char above U+007F reads as {@code '?'}, so byte offsets stay char positions. */
  @Override
  public InputStream getAsciiStream() throws SQLException {
    checkLive("getAsciiStream");
    return new AsciiInputStream(new ClobReader(store, 0, store.length()));
  }

  /**
   * The 1-based position of the first {@code searchstr} at or after {@code start}, or -1. A start past
   * the end finds nothing (-1), as in String.indexOf; only {@code start < 1} is an error. An empty
   * pattern is found at {@code start}.
   */
  @Override
  public long position(String searchstr, long start) throws SQLException {
    checkLive("position");
    if (searchstr == null) {
      throw ClobErrors.invalidArgument("position: searchstr is null");
    }
    return search(searchstr, start);
  }

  @Override
  public long position(Clob searchstr, long start) throws SQLException {
    checkLive("position");
    if (searchstr == null) {
      throw ClobErrors.invalidArgument("position: searchstr is null");
    }
    long patternLength = searchstr.length();
    checkSearchStart(start);
    if (patternLength == 0) {
      return search("", start); // some Clobs (SerialClob) refuse getSubString on an empty value
    }
    if (patternLength > store.length() - start + 1) {
      return -1;
    }
    if (patternLength > Integer.MAX_VALUE - 8) {
      throw ClobErrors.invalidArgument("position: searchstr holds " + patternLength
          + " chars; a pattern is read as one String, so at most " + (Integer.MAX_VALUE - 8));
    }
    return search(searchstr.getSubString(1, (int) patternLength), start);
  }

  private long search(String pattern, long start) throws SQLException {
    checkSearchStart(start);
    long size = store.length();
    if (start > size + 1) {
      return -1;
    }
    if (pattern.isEmpty()) {
      return start;
    }
    long found = PatternSearch.find(store, pattern, start - 1);
    return found < 0 ? -1 : found + 1;
  }

  private static void checkSearchStart(long start) throws SQLException {
    if (start < 1) {
      throw ClobErrors.invalidArgument("position: start is " + start + "; positions start at 1");
    }
  }

  @Override
  public int setString(long pos, String str) throws SQLException {
    if (str == null) {
      checkLive("setString");
      throw ClobErrors.invalidArgument("setString: str is null");
    }
    return setString(pos, str, 0, str.length());
  }

  /**
   * Writes {@code str[offset, offset + len)} over the chars from {@code pos}, growing the Clob where it
   * runs past the end; {@code pos = length() + 1} appends. Returns {@code len} (Derby returns
   * {@code str.length()}).
   */
  @Override
  public int setString(long pos, String str, int offset, int len) throws SQLException {
    checkLive("setString");
    if (str == null) {
      throw ClobErrors.invalidArgument("setString: str is null");
    }
    checkWriteStart("setString", pos);
    if (offset < 0 || len < 0 || offset > str.length() - len) {
      throw ClobErrors.invalidArgument("setString: offset " + offset + " and len " + len
          + " do not fit in str of " + str.length() + " chars");
    }
    store.write(pos - 1, str, offset, len);
    return len;
  }

  /** A writer from {@code pos} on; it stores what it holds on flush() and close(). */
  @Override
  public Writer setCharacterStream(long pos) throws SQLException {
    checkLive("setCharacterStream");
    checkWriteStart("setCharacterStream", pos);
    return new ClobWriter(store, pos - 1);
  }

  /** One char per byte; a byte above 0x7F is refused with an IOException (see the class it returns). */
  @Override
  public OutputStream setAsciiStream(long pos) throws SQLException {
    checkLive("setAsciiStream");
    checkWriteStart("setAsciiStream", pos);
    return new AsciiOutputStream(new ClobWriter(store, pos - 1));
  }

  /** Keeps the first {@code len} chars; a {@code len} above the length is an error (nothing to pad with). */
  @Override
  public void truncate(long len) throws SQLException {
    checkLive("truncate");
    long size = store.length();
    if (len < 0 || len > size) {
      throw ClobErrors.invalidArgument("truncate: len is " + len + "; it must be 0 to the Clob's " + size + " chars");
    }
    store.truncate(len);
  }

  /** Releases the text and deletes the spill file. Idempotent; every other method fails afterwards (0F001). */
  @Override
  public void free() {
    store.free();
  }

  /** The same as {@link #free()}. */
  @Override
  public void close() {
    free();
  }

  private void checkLive(String method) throws SQLException {
    if (store.isFreed()) {
      throw ClobErrors.freed(method);
    }
  }

  private void checkWriteStart(String method, long pos) throws SQLException {
    checkStart(method, pos, store.length(), ClobErrors.INVALID_ARGUMENT);
  }

  private static void checkStart(String method, long pos, long size, String sqlState) throws SQLException {
    if (pos < 1) {
      throw new SQLException(method + ": pos is " + pos + "; positions start at 1", sqlState);
    }
    if (pos > size + 1) {
      throw new SQLException(method + ": pos is " + pos + " but the Clob holds " + size
          + " chars; the largest pos is " + (size + 1) + " (just past the end)", sqlState);
    }
  }

  @Override
  public String toString() {
    return "TextClob[" + (store.isFreed() ? "freed" : store.length() + " chars, " + store.storedByteCount()
        + " bytes, " + store.segmentCount() + " segments" + (store.isSpilled() ? ", spilled" : ", in memory")) + "]";
  }

  /**
   * Options and sources for a new TextClob. The defaults: segments of {@value #DEFAULT_SEGMENT_BYTES}
   * bytes, in memory up to 1 MiB, spill files in {@code java.io.tmpdir}, UTF-8.
   */
  public static final class Builder {
    /** Chosen by measurement (docs/BENCHMARKS.md, "Clob"): random reads against index size. */
    public static final int DEFAULT_SEGMENT_BYTES = 2048;
    public static final long DEFAULT_SPILL_THRESHOLD_BYTES = 1024 * 1024;
    /** Holds any char in either codec: a surrogate pair is 6 bytes in modified UTF-8. */
    public static final int MIN_SEGMENT_BYTES = 8;

    private int segmentBytes = DEFAULT_SEGMENT_BYTES;
    private long spillThresholdBytes = DEFAULT_SPILL_THRESHOLD_BYTES;
    private Path directory;
    private boolean modifiedUtf8;

    Builder() {}

    /** Stored bytes above which the text moves to a temporary file; 0 spills any content. */
    public Builder spillThreshold(long byteCount) {
      if (byteCount < 0) {
        throw new IllegalArgumentException("spillThreshold is " + byteCount + " bytes; it must be 0 or more");
      }
      this.spillThresholdBytes = byteCount;
      return this;
    }

    /** Where spill files go; {@code java.io.tmpdir} by default. */
    public Builder tempDirectory(Path directory) {
      this.directory = java.util.Objects.requireNonNull(directory, "directory");
      return this;
    }

    /**
     * Bytes per segment: the index's granularity. A read decodes up to one segment more than it returns;
     * the index costs about 17 bytes per segment.
     */
    public Builder segmentBytes(int byteCount) {
      if (byteCount < MIN_SEGMENT_BYTES) {
        throw new IllegalArgumentException("segmentBytes is " + byteCount + "; it must be at least "
            + MIN_SEGMENT_BYTES);
      }
      this.segmentBytes = byteCount;
      return this;
    }

    /** Stores Java modified UTF-8 (Derby's on-disk format) instead of UTF-8. */
    public Builder modifiedUtf8(boolean on) {
      this.modifiedUtf8 = on;
      return this;
    }

    /** An empty Clob. */
    public TextClob build() {
      Path dir = directory != null ? directory : Path.of(System.getProperty("java.io.tmpdir"));
      return new TextClob(new TextStore(new StoreConfig(segmentBytes, spillThresholdBytes, dir, modifiedUtf8)));
    }

    public TextClob build(CharSequence text) throws SQLException {
      TextClob clob = build();
      try {
        clob.store.write(0, text, 0, text.length());
      } catch (SQLException | RuntimeException e) {
        clob.free();
        throw e;
      }
      return clob;
    }

    /** Reads {@code reader} to its end (it is not closed). */
    public TextClob build(Reader reader) throws SQLException {
      return ClobSources.fromReader(build(), reader);
    }

    /** Strict UTF-8: malformed bytes are an SQLException (22021) with their offset and hex. */
    public TextClob buildFromUtf8(byte[] bytes, int offset, int length) throws SQLException {
      return ClobSources.fromUtf8(build(), bytes, offset, length);
    }

    /** Strict UTF-8, read to the end of the stream (it is not closed). */
    public TextClob buildFromUtf8(InputStream in) throws SQLException {
      return ClobSources.fromUtf8(build(), in);
    }

    /** Strict UTF-8: the buffer's bytes, which it keeps. */
    public TextClob buildFromUtf8(dev.textwire.buffer.SegmentedBuffer buffer) throws SQLException {
      return ClobSources.fromUtf8(build(), buffer);
    }
  }

  TextStore store() {
    return store;
  }
}
