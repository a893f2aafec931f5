package dev.textwire.clob;

import java.util.Arrays;

/**
 * The sparse char-to-byte index: one row per segment, kept as parallel arrays (about 17 bytes a row, so a
 * few bytes per thousand chars at the default segment size). Row i holds the chars that end at
 * {@code charEnd[i]} (cumulative, so the length is the last entry and a position is a binary search),
 * how many bytes they take, whether they take one byte each (then a char position is a byte offset and
 * nothing is decoded), which codec wrote them, and where the bytes are: an array in memory or a slot of
 * the spill file.
 */
final class SegmentTable {
  /** Bytes equal chars: every char is one ASCII byte, so char i of the segment is byte i. */
  static final byte SINGLE_WIDTH = 1;
  /**
   * Written in modified UTF-8 rather than UTF-8 because it holds an unpaired surrogate, which UTF-8 cannot
   * carry. Rare: it takes a write that splits a surrogate pair, or text that arrived with a lone half.
   */
  static final byte MODIFIED = 2;

  int count;
  long[] charEnd;
  int[] byteCount;
  byte[] flags;
  byte[][] memory;
  int[] slot;
  /** Sum of {@link #byteCount}. */
  long totalBytes;

  SegmentTable(int capacity) {
    charEnd = new long[capacity];
    byteCount = new int[capacity];
    flags = new byte[capacity];
    memory = new byte[capacity][];
    slot = new int[capacity];
  }

  long length() {
    return count == 0 ? 0 : charEnd[count - 1];
  }

  long charStart(int index) {
    return index == 0 ? 0 : charEnd[index - 1];
  }

  int charCount(int index) {
    return (int) (charEnd[index] - charStart(index));
  }

  boolean singleWidth(int index) {
    return (flags[index] & SINGLE_WIDTH) != 0;
  }

  /** The segment holding {@code charIndex} ({@code 0 <= charIndex < length()}), starting the search at a hint. */
  int find(long charIndex, int hint) {
    if (hint >= 0 && hint < count && charIndex < charEnd[hint] && charIndex >= charStart(hint)) {
      return hint;
    }
    int low = 0;
    int high = count - 1;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (charEnd[mid] <= charIndex) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  /**
   * Replaces rows {@code [first, end)} with the rows of {@code with}, shifting the cumulative offsets of
   * the rows after them by the change in chars. Only the arrays' tails move: a middle edit that keeps its
   * char count (every setString inside the text) touches no offset after it.
   */
  void splice(int first, int end, SegmentTable with) {
    int removed = end - first;
    int added = with.count;
    long oldChars = charStart(end) - charStart(first);
    long newChars = with.length();
    long base = charStart(first);
    int newCount = count - removed + added;
    if (newCount > charEnd.length) {
      grow(Math.max(newCount, charEnd.length + (charEnd.length >> 1) + 4));
    }
    for (int i = first; i < end; i++) {
      totalBytes -= byteCount[i];
    }
    int tail = count - end;
    int to = first + added;
    System.arraycopy(charEnd, end, charEnd, to, tail);
    System.arraycopy(byteCount, end, byteCount, to, tail);
    System.arraycopy(flags, end, flags, to, tail);
    System.arraycopy(memory, end, memory, to, tail);
    System.arraycopy(slot, end, slot, to, tail);
    for (int i = 0; i < added; i++) {
      charEnd[first + i] = base + with.charEnd[i];
      byteCount[first + i] = with.byteCount[i];
      flags[first + i] = with.flags[i];
      memory[first + i] = with.memory[i];
      slot[first + i] = with.slot[i];
      totalBytes += with.byteCount[i];
    }
    long shift = newChars - oldChars;
    if (shift != 0) {
      for (int i = to; i < to + tail; i++) {
        charEnd[i] += shift;
      }
    }
    // Let dropped arrays go: rows past the new end kept references after the move.
    Arrays.fill(memory, newCount, count > newCount ? count : newCount, null);
    count = newCount;
  }

  /** Appends one row to a table under construction (offsets relative to the table's start). */
  void add(int chars, int bytes, byte rowFlags, byte[] inMemory, int slotIndex) {
    if (count == charEnd.length) {
      grow(charEnd.length + (charEnd.length >> 1) + 4);
    }
    charEnd[count] = length() + chars;
    byteCount[count] = bytes;
    flags[count] = rowFlags;
    memory[count] = inMemory;
    slot[count] = slotIndex;
    totalBytes += bytes;
    count++;
  }

  void clear() {
    Arrays.fill(memory, 0, count, null);
    count = 0;
    totalBytes = 0;
  }

  private void grow(int capacity) {
    charEnd = Arrays.copyOf(charEnd, capacity);
    byteCount = Arrays.copyOf(byteCount, capacity);
    flags = Arrays.copyOf(flags, capacity);
    memory = Arrays.copyOf(memory, capacity);
    slot = Arrays.copyOf(slot, capacity);
  }
}
