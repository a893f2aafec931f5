package dev.textwire.internal;

/**
 * A few bytes lent to one call at a time, for a length prefix built aside: on the paths that cannot
 * write it in place (into a direct buffer, or across a segmented buffer's segments). Lent like
 * {@link Scratch}, so those paths allocate nothing, also on virtual threads.
 */
public final class FrameScratch extends Lender.Loanable {
  private static final Lender<FrameScratch> LENDER = new Lender<>(FrameScratch::new);

  /** Room for the longest prefix: RESP's {@code $}, ten digits, CR LF. */
  public final byte[] bytes = new byte[16];

  public static FrameScratch acquire() {
    return LENDER.acquire();
  }

  public void release() {
    LENDER.release(this);
  }
}
