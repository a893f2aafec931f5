/**
 * textwire core: exact, allocation-free text codecs. No dependencies.
 * The {@code dev.textwire.internal} package holds kernels and access strategies and is not exported.
 */
module dev.textwire {
  exports dev.textwire;
  exports dev.textwire.buffer;
  exports dev.textwire.io;
}
