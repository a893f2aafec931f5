/**
 * Internal: kernels, access strategies and scratch space behind the public codecs. Not exported by the
 * module and not API: anything here may change without notice. The layers are described in
 * docs/DESIGN.md: access (how chars are read), kernels (unchecked loops over arrays), targets.
 */
package dev.textwire.internal;
