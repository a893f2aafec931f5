package dev.textwire.resp;

/**
 * What a reply may declare before the parser refuses it. Each limit is checked when the declaration is
 * read, before anything is allocated for the value, so a hostile or broken peer that declares a
 * 2^63-1-byte string or a billion-element array costs nothing. Immutable; the {@code with} methods return
 * a copy.
 *
 * <p>The defaults follow the server: a bulk string may be as long as Redis's own {@code proto-max-bulk-len}
 * (512 MiB). An aggregate may declare up to 2^24 elements (16,777,216; a map or attribute counts its
 * pairs) and nesting stops at 64 levels, far beyond any reply a Redis command gives. A line (a simple
 * string, a simple error, a big number or a double) may hold 1 MiB.
 */
public final class RespLimits {
  /** 512 MiB bulk strings, 2^24 elements per aggregate, 64 levels, 1 MiB lines. */
  public static final RespLimits DEFAULT = new RespLimits(512L * 1024 * 1024, 1 << 24, 64, 1024 * 1024);

  private final long maxBulkBytes;
  private final int maxAggregateCount;
  private final int maxDepth;
  private final int maxLineBytes;

  private RespLimits(long maxBulkBytes, int maxAggregateCount, int maxDepth, int maxLineBytes) {
    this.maxBulkBytes = requireNonNegative(maxBulkBytes, "maxBulkBytes");
    this.maxAggregateCount = (int) requireNonNegative(maxAggregateCount, "maxAggregateCount");
    if (maxDepth < 1) throw new IllegalArgumentException("maxDepth must be at least 1, not " + maxDepth);
    this.maxDepth = maxDepth;
    this.maxLineBytes = (int) requireNonNegative(maxLineBytes, "maxLineBytes");
  }

  private static long requireNonNegative(long value, String name) {
    if (value < 0) throw new IllegalArgumentException(name + " must not be negative, not " + value);
    return value;
  }

  /** The longest bulk string, bulk error or verbatim string accepted, in bytes. */
  public long maxBulkBytes() {
    return maxBulkBytes;
  }

  /** The most elements an array, set or push may declare, and the most pairs a map or attribute may. */
  public int maxAggregateCount() {
    return maxAggregateCount;
  }

  /** How many aggregates may be open at once: 1 allows an array of scalars but no array inside it. */
  public int maxDepth() {
    return maxDepth;
  }

  /** The longest simple string, simple error, big number or double line accepted, in bytes. */
  public int maxLineBytes() {
    return maxLineBytes;
  }

  public RespLimits withMaxBulkBytes(long maxBulkBytes) {
    return new RespLimits(maxBulkBytes, maxAggregateCount, maxDepth, maxLineBytes);
  }

  public RespLimits withMaxAggregateCount(int maxAggregateCount) {
    return new RespLimits(maxBulkBytes, maxAggregateCount, maxDepth, maxLineBytes);
  }

  public RespLimits withMaxDepth(int maxDepth) {
    return new RespLimits(maxBulkBytes, maxAggregateCount, maxDepth, maxLineBytes);
  }

  public RespLimits withMaxLineBytes(int maxLineBytes) {
    return new RespLimits(maxBulkBytes, maxAggregateCount, maxDepth, maxLineBytes);
  }

  @Override
  public String toString() {
    return "RespLimits[maxBulkBytes=" + maxBulkBytes + ", maxAggregateCount=" + maxAggregateCount + ", maxDepth="
        + maxDepth + ", maxLineBytes=" + maxLineBytes + "]";
  }
}
