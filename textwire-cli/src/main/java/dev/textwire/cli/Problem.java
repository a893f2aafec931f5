package dev.textwire.cli;

/**
 * An ill-formed sequence in the input: how many bytes it spans (its maximal subpart, so the bytes a
 * replacing decoder turns into one U+FFFD) and the rule it breaks, in plain words.
 */
record Problem(int byteCount, String reason) {}
