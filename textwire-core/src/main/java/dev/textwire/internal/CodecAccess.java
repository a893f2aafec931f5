package dev.textwire.internal;

import dev.textwire.TextCodec;

/**
 * How the buffer and stream classes reach a {@link TextCodec}'s kernels, which its public API does not
 * show: {@code TextCodec} registers the way in when it is initialised, which is before any codec exists.
 * The JDK's {@code SharedSecrets} pattern, for a package that is not exported.
 */
public final class CodecAccess {
  private CodecAccess() {}

  /** Implemented once, by {@code TextCodec}. */
  public interface Opener {
    EncodeKernel encodeKernel(TextCodec codec);

    DecodeKernel decodeKernel(TextCodec codec);
  }

  private static Opener opener;

  public static synchronized void register(Opener registered) {
    if (opener != null) {
      throw new IllegalStateException("registered already");
    }
    opener = registered;
  }

  public static EncodeKernel encodeKernel(TextCodec codec) {
    return opener.encodeKernel(codec);
  }

  public static DecodeKernel decodeKernel(TextCodec codec) {
    return opener.decodeKernel(codec);
  }
}
