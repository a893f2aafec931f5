package dev.textwire.fuzz;

import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;

/** What the fuzz tests share: a stream that hands out fuzzer-chosen pieces, and an allocation counter. */
public final class FuzzSupport {
  private FuzzSupport() {}

  /**
   * {@code com.sun.management.ThreadMXBean.getCurrentThreadAllocatedBytes}, bound to the platform bean.
   * Looked up by name: the tests compile inside the module dev.textwire, which does not read
   * java.management (the tests run on the class path, where everything is readable).
   */
  private static final MethodHandle ALLOCATED_BYTES;

  static {
    try {
      Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
      Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
      ALLOCATED_BYTES =
          MethodHandles.publicLookup()
              .findVirtual(type, "getCurrentThreadAllocatedBytes", MethodType.methodType(long.class))
              .bindTo(bean);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Bytes this thread has allocated so far (HotSpot's per-thread count, which includes arrays allocated
   * outside the TLAB): the difference across a call bounds what the call allocated, give or take a few
   * hundred bytes of bookkeeping.
   */
  public static long allocatedBytes() {
    try {
      return (long) ALLOCATED_BYTES.invokeExact();
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /**
   * An InputStream over {@code bytes} whose reads return the piece sizes in {@code pieces} in turn (each
   * byte's low bits plus one, at most {@code maxPiece}), as a socket might, and that says nothing is
   * available. Counts the bytes it handed out.
   */
  public static final class PieceStream extends InputStream {
    private final byte[] bytes;
    private final byte[] pieces;
    private final int maxPiece;
    private int position;
    private int nextPiece;

    public PieceStream(byte[] bytes, byte[] pieces, int maxPiece) {
      this.bytes = bytes;
      this.pieces = pieces.length == 0 ? new byte[] {(byte) (maxPiece - 1)} : pieces;
      this.maxPiece = maxPiece;
    }

    @Override
    public int read() {
      return position < bytes.length ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (position == bytes.length) {
        return -1;
      }
      int piece = 1 + (pieces[nextPiece++ % pieces.length] & 0xFF) % maxPiece;
      int count = Math.min(Math.min(len, bytes.length - position), piece);
      System.arraycopy(bytes, position, b, off, count);
      position += count;
      return count;
    }

    @Override
    public int available() {
      return 0;
    }

    /** Bytes handed out so far. */
    public int position() {
      return position;
    }
  }
}
