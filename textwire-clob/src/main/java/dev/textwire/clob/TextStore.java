package dev.textwire.clob;

import dev.textwire.MalformedTextException;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * Text held as segments of whole UTF-8 sequences, found by char position through {@link SegmentTable}.
 *
 * <p>A read finds its segment by binary search and decodes that one segment (or nothing, for ASCII),
 * so a piece at any position costs one segment plus the piece, forwards and backwards alike. The two
 * segments decoded last are kept as chars, so reading piece by piece decodes each segment once.
 *
 * <p>A write replaces the chars {@code [from, to)} by decoding only the first and last segments it
 * touches (for the chars it keeps around the edit) and encoding the new chars between them into new
 * segments. A setString keeps the char count of what it overwrites, so no offset after it moves: the
 * cost is the new text plus two segments, whatever the byte widths involved.
 *
 * <p>Not safe for concurrent use, like the JDBC objects it serves; {@link #free()} alone may come from
 * another thread (a reader there then fails on its next call, and never sees released bytes).
 */
final class TextStore {
  /** Chars encoded per chunk of one replace, so a huge setString uses bounded scratch (it still commits once). */
  private static final int WRITE_CHUNK_CHARS = 64 * 1024;

  private static final class Cleaning {
    static final Cleaner CLEANER = Cleaner.create();
  }

  private final StoreConfig config;
  private final SegmentCodec codec;
  private volatile SegmentTable table = new SegmentTable(2);
  private volatile SpillFile spill;
  private Cleaner.Cleanable spillCleanable;
  private volatile boolean freed;
  private int modCount;
  private int findHint;

  // The two segments decoded last, as chars; valid while their modCount is current.
  private final int[] cachedSegment = {-1, -1};
  private final int[] cachedModCount = new int[2];
  private final char[][] cachedChars = new char[2][];
  private int lastCacheEntry;
  /** Bytes of one spilled segment, read back for decoding. */
  private byte[] slotBuffer;
  /** The chars of one replace: kept prefix, new text, kept suffix. */
  private char[] work = new char[0];

  TextStore(StoreConfig config) {
    this.config = config;
    this.codec = new SegmentCodec(config.segmentBytes(), config.modifiedUtf8());
  }

  long length() {
    return table.length();
  }

  long storedByteCount() {
    return table.totalBytes;
  }

  boolean isFreed() {
    return freed;
  }

  int modCount() {
    return modCount;
  }

  boolean isSpilled() {
    return spill != null;
  }

  Path spillPath() {
    SpillFile file = spill;
    return file == null ? null : file.path();
  }

  /** Segments in the index; for tests and the docs' index-size figures. */
  int segmentCount() {
    return table.count;
  }

  // ---- reading

  /** Copies up to {@code maxChars} chars from {@code charIndex} on; returns how many (fewer only at the end). */
  int read(long charIndex, char[] dst, int offset, int maxChars) throws SQLException {
    SegmentTable t = table;
    int n = (int) Math.min(maxChars, t.length() - charIndex);
    int done = 0;
    while (done < n) {
      long at = charIndex + done;
      int index = t.find(at, findHint);
      findHint = index;
      int local = (int) (at - t.charStart(index));
      int take = Math.min(n - done, t.charCount(index) - local);
      byte[] bytes = t.memory[index];
      if (bytes != null && t.singleWidth(index)) {
        SegmentCodec.widen(bytes, local, dst, offset + done, take);
      } else {
        System.arraycopy(segmentChars(t, index), local, dst, offset + done, take);
      }
      done += take;
    }
    return Math.max(n, 0);
  }

  /** {@code charCount} chars from {@code charIndex}, which the caller has checked are all there. */
  String substring(long charIndex, int charCount) throws SQLException {
    if (charCount == 0) {
      return "";
    }
    SegmentTable t = table;
    int index = t.find(charIndex, findHint);
    int local = (int) (charIndex - t.charStart(index));
    byte[] bytes = t.memory[index];
    if (local + charCount <= t.charCount(index)) {
      findHint = index;
      if (bytes != null && t.singleWidth(index)) {
        // ASCII: the bytes are the chars, and a compact String takes them in one copy.
        return new String(bytes, local, charCount, StandardCharsets.ISO_8859_1);
      }
      return new String(segmentChars(t, index), local, charCount);
    }
    String ascii = asciiAcross(t, index, local, charCount);
    if (ascii != null) {
      return ascii;
    }
    char[] chars = new char[charCount];
    read(charIndex, chars, 0, charCount);
    return new String(chars);
  }

  /**
   * A piece over several ASCII segments in memory, gathered as bytes: half the memory traffic of widening
   * to chars and compressing back into a Latin-1 String. Null when any segment on the way is not one.
   */
  private static String asciiAcross(SegmentTable t, int index, int local, int charCount) {
    int last = index;
    for (long remaining = charCount - (t.charCount(index) - local); remaining > 0; ) {
      last++;
      if (t.memory[last] == null || !t.singleWidth(last)) {
        return null;
      }
      remaining -= t.charCount(last);
    }
    if (t.memory[index] == null || !t.singleWidth(index)) {
      return null;
    }
    byte[] bytes = new byte[charCount];
    int done = 0;
    for (int i = index; i <= last; i++) {
      int from = i == index ? local : 0;
      int take = Math.min(charCount - done, t.charCount(i) - from);
      System.arraycopy(t.memory[i], from, bytes, done, take);
      done += take;
    }
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  private char[] segmentChars(SegmentTable t, int index) throws SQLException {
    for (int entry = 0; entry < 2; entry++) {
      if (cachedSegment[entry] == index && cachedModCount[entry] == modCount) {
        lastCacheEntry = entry;
        return cachedChars[entry];
      }
    }
    int entry = 1 - lastCacheEntry;
    int charCount = t.charCount(index);
    char[] chars = cachedChars[entry];
    if (chars == null || chars.length < charCount) {
      chars = new char[Math.max(charCount, Math.min(config.segmentBytes(), 2 * charCount))];
      cachedChars[entry] = chars;
    }
    cachedSegment[entry] = -1;
    byte[] bytes = segmentBytes(t, index);
    try {
      codec.decode(bytes, t.byteCount[index], t.flags[index], chars, 0, charCount);
    } catch (MalformedTextException e) {
      throw ClobErrors.io("the spill file no longer holds what was written to it", spillPath(), new IOException(e));
    }
    cachedSegment[entry] = index;
    cachedModCount[entry] = modCount;
    lastCacheEntry = entry;
    return chars;
  }

  private byte[] segmentBytes(SegmentTable t, int index) throws SQLException {
    byte[] bytes = t.memory[index];
    if (bytes != null) {
      return bytes;
    }
    if (slotBuffer == null) {
      slotBuffer = new byte[config.segmentBytes()];
    }
    SpillFile file = spill;
    try {
      if (file == null) {
        throw new IOException("the spill file was closed");
      }
      file.read(t.slot[index], slotBuffer, t.byteCount[index]);
    } catch (IOException e) {
      if (freed) {
        throw ClobErrors.freed("read");
      }
      throw ClobErrors.io("reading the spill file failed", spillPath(), e);
    }
    return slotBuffer;
  }

  // ---- writing

  /**
   * Overwrites chars from {@code charIndex} with {@code text[offset, offset + charCount)}, growing the text
   * where it runs past the end ({@code charIndex <= length()}, checked by the caller).
   */
  void write(long charIndex, CharSequence text, int offset, int charCount) throws SQLException {
    if (charCount == 0) {
      return;
    }
    if (spill == null && charCount > WRITE_CHUNK_CHARS
        && table.totalBytes + charCount > config.spillThresholdBytes()) {
      // A write this large will spill anyway: move the text first (its content does not change), so the
      // new segments go to the file as they are made instead of gathering in memory.
      spillAll(table, 0, 0, new SegmentTable(0));
    }
    replace(charIndex, Math.min(charIndex + charCount, table.length()), text, offset, charCount);
  }

  void write(long charIndex, char[] text, int offset, int charCount) throws SQLException {
    write(charIndex, java.nio.CharBuffer.wrap(text), offset, charCount);
  }

  void truncate(long charCount) throws SQLException {
    long length = table.length();
    if (charCount < length) {
      replace(charCount, length, "", 0, 0);
    }
  }

  /**
   * Replaces chars {@code [from, to)} with the given ones: the one mechanism behind setString, appends and
   * truncate. Nothing the index refers to changes until the new segments are in place (in memory or
   * written to fresh slots), so a failure leaves the text as it was.
   */
  private void replace(long from, long to, CharSequence text, int offset, int charCount) throws SQLException {
    SegmentTable t = table;
    int first;
    int end;
    if (t.count == 0) {
      first = 0;
      end = 0;
    } else {
      // An append re-encodes the last segment with the new chars, so small appends fill it up.
      first = from == t.length() ? t.count - 1 : t.find(from, findHint);
      end = (to > from ? t.find(to - 1, first) : first) + 1;
    }
    if (end > 0) {
      // A small neighbour joins the rewrite, so segments split by growing writes are merged back and
      // the index does not fill with slivers.
      int small = config.segmentBytes() / 4;
      if (first > 0 && t.byteCount[first - 1] < small) {
        first--;
      }
      if (end < t.count && t.byteCount[end] < small) {
        end++;
      }
    }
    long regionStart = end == 0 ? 0 : t.charStart(first);
    long regionEnd = end == 0 ? 0 : t.charEnd[end - 1];
    int prefix = (int) (from - regionStart);
    int suffix = (int) (regionEnd - to);
    // The new text is encoded WRITE_CHUNK_CHARS at a time, so the scratch stays bounded; when spilled,
    // each chunk's segments go to fresh slots at once. Nothing is committed before the last chunk, so a
    // write that fails part way leaves no part of itself behind.
    SegmentTable rows = new SegmentTable(2);
    int done = 0;
    try {
      while (true) {
        int chunk = Math.min(charCount - done, WRITE_CHUNK_CHARS);
        if (done + chunk < charCount && Character.isHighSurrogate(text.charAt(offset + done + chunk - 1))) {
          chunk--; // keep a pair in one chunk, so it is one 4-byte sequence
        }
        boolean firstChunk = done == 0;
        boolean lastChunk = done + chunk == charCount;
        int head = firstChunk ? prefix : 0;
        int tail = lastChunk ? suffix : 0;
        int total = head + chunk + tail;
        if (work.length < total) {
          work = new char[Math.max(total, Math.min(work.length * 2, WRITE_CHUNK_CHARS + 2 * config.segmentBytes()))];
        }
        char[] w = work;
        read(regionStart, w, 0, head);
        copy(text, offset + done, chunk, w, head);
        read(to, w, head + chunk, tail);
        int before = rows.count;
        codec.encode(w, total, rows);
        if (spill != null) {
          writeRows(rows, before);
        }
        done += chunk;
        if (lastChunk) {
          break;
        }
      }
      commit(t, first, end, rows);
    } catch (SQLException | RuntimeException e) {
      releaseWrittenRows(rows);
      throw e;
    }
  }

  private static void copy(CharSequence text, int offset, int charCount, char[] dst, int at) {
    if (text instanceof String) {
      ((String) text).getChars(offset, offset + charCount, dst, at);
    } else if (text instanceof java.nio.CharBuffer && ((java.nio.CharBuffer) text).hasArray()) {
      java.nio.CharBuffer buffer = (java.nio.CharBuffer) text;
      System.arraycopy(buffer.array(), buffer.arrayOffset() + buffer.position() + offset, dst, at, charCount);
    } else {
      for (int i = 0; i < charCount; i++) {
        dst[at + i] = text.charAt(offset + i);
      }
    }
  }

  /**
   * Puts {@code rows} in place of rows {@code [first, end)}, moving the text to the spill file when it
   * grows past the threshold, and back to memory when it falls below half of it (half, so text hovering
   * at the threshold does not move between memory and disk on every write).
   */
  private void commit(SegmentTable t, int first, int end, SegmentTable rows) throws SQLException {
    long removedBytes = 0;
    for (int i = first; i < end; i++) {
      removedBytes += t.byteCount[i];
    }
    long newTotal = t.totalBytes - removedBytes + rows.totalBytes;
    if (spill == null && newTotal > config.spillThresholdBytes()) {
      spillAll(t, first, end, rows);
    } else if (spill != null) {
      writeRows(rows, 0);
      int[] oldSlots = slotsOf(t, first, end);
      t.splice(first, end, rows);
      for (int slot : oldSlots) {
        spill.release(slot);
      }
      if (newTotal < config.spillThresholdBytes() / 2) {
        unspill(t);
      }
    } else {
      t.splice(first, end, rows);
    }
    modCount++;
  }

  private static int[] slotsOf(SegmentTable t, int first, int end) {
    int[] slots = new int[end - first];
    System.arraycopy(t.slot, first, slots, 0, slots.length);
    return slots;
  }

  /**
   * Writes the rows from {@code fromRow} on that are still in memory to fresh slots and drops their
   * memory. On failure the slots this call took are given back and the error says the content is unchanged.
   */
  private void writeRows(SegmentTable rows, int fromRow) throws SQLException {
    int row = fromRow;
    try {
      for (; row < rows.count; row++) {
        if (rows.memory[row] != null) {
          rows.slot[row] = spill.allocate();
          spill.write(rows.slot[row], rows.memory[row], rows.byteCount[row]);
          rows.memory[row] = null;
        }
      }
    } catch (IOException e) {
      if (row < rows.count) {
        spill.release(rows.slot[row]);
      }
      if (freed) {
        throw ClobErrors.freed("write");
      }
      throw ClobErrors.ioUnchanged("writing the spill file failed", spill.path(), e);
    }
  }

  /** Gives back the slots of new rows already written, after a write that failed. */
  private void releaseWrittenRows(SegmentTable rows) {
    if (spill == null) {
      return;
    }
    for (int row = 0; row < rows.count; row++) {
      if (rows.memory[row] == null) {
        spill.release(rows.slot[row]);
      }
    }
  }

  private void spillAll(SegmentTable t, int first, int end, SegmentTable rows) throws SQLException {
    Path directory = config.directory();
    SpillFile file;
    try {
      file = SpillFile.create(directory, config.segmentBytes());
    } catch (IOException e) {
      throw ClobErrors.ioUnchanged("cannot create a spill file in the temporary directory", directory, e);
    }
    spill = file;
    int[] keptSlots = new int[t.count];
    try {
      for (int i = 0; i < t.count; i++) {
        if (i < first || i >= end) {
          keptSlots[i] = file.allocate();
          file.write(keptSlots[i], t.memory[i], t.byteCount[i]);
        }
      }
      writeRows(rows, 0);
    } catch (IOException | SQLException e) {
      spill = null;
      file.close();
      if (e instanceof SQLException) {
        throw (SQLException) e;
      }
      throw ClobErrors.ioUnchanged("writing the spill file failed", file.path(), (IOException) e);
    }
    for (int i = 0; i < t.count; i++) {
      if (i < first || i >= end) {
        t.slot[i] = keptSlots[i];
        t.memory[i] = null;
      }
    }
    t.splice(first, end, rows);
    spillCleanable = Cleaning.CLEANER.register(this, file);
  }

  /**
   * Brings every segment back into memory and deletes the file. Runs after a write has committed, so a
   * read that fails here only leaves the text spilled (the next read of that segment reports the error).
   */
  private void unspill(SegmentTable t) {
    byte[][] loaded = new byte[t.count][];
    try {
      for (int i = 0; i < t.count; i++) {
        loaded[i] = java.util.Arrays.copyOf(segmentBytes(t, i), t.byteCount[i]);
      }
    } catch (SQLException stayOnDisk) {
      return;
    }
    System.arraycopy(loaded, 0, t.memory, 0, t.count);
    closeSpill();
  }

  private void closeSpill() {
    if (spill != null) {
      spill = null;
      spillCleanable.clean();
      spillCleanable = null;
    }
  }

  /** Releases the text and deletes the spill file; idempotent. */
  void free() {
    if (freed) {
      return;
    }
    freed = true;
    table = new SegmentTable(0);
    Cleaner.Cleanable cleanable = spillCleanable;
    if (cleanable != null) {
      cleanable.clean();
    }
    spill = null;
  }
}
