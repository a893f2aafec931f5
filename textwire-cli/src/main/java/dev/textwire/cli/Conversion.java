package dev.textwire.cli;

import dev.textwire.MalformedTextException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * One input converted to one output as it is read: each well-formed run decoded and encoded, each
 * ill-formed sequence replaced or the end of the conversion. Lines and columns are counted on the
 * decoded text, whatever the encoding.
 */
final class Conversion implements InputScan.Visitor {
  private final Input input;
  private final InputDecoder decoder;
  private final Encoding target;
  private final OutputEncoder encoder;
  private final OutputEncoder replacer;
  private final boolean replace;
  private final OutputStream out;
  private final Positions positions = new Positions();
  private byte[] encoded = new byte[0];
  private String error;

  Conversion(Input input, InputDecoder decoder, Encoding target, boolean replace, OutputStream out) {
    this.input = input;
    this.decoder = decoder;
    this.target = target;
    this.encoder = target.encoder(replace);
    this.replacer = target.encoder(true);
    this.replace = replace;
    this.out = out;
  }

  /** Converts it all, or up to the first error; returns that error to print, or null. */
  String run() throws IOException {
    InputWindow window = new InputWindow(input.stream, Validation.CHUNK_BYTES);
    boolean whole;
    try (Progress progress = Progress.forBytes("convert", input.byteCount)) {
      whole = InputScan.run(window, decoder, true, progress, this);
    }
    if (whole) {
      input.checkWholeFile(window.offsetOf(window.end));
    }
    return error;
  }

  @Override
  public boolean wellFormed(InputWindow window, int from, int to) throws IOException {
    String text = decoder.decode(window.buffer, from, to);
    try {
      write(encoder, text, 0, text.length());
    } catch (MalformedTextException e) {
      int charIndex = (int) e.charIndex();
      write(encoder, text, 0, charIndex); // everything before the error is correct output
      positions.advance(text, 0, charIndex);
      error =
          String.format(
              Locale.ROOT,
              "%s:%d:%d: byte offset %d: cannot write %s: %s",
              input.displayName,
              positions.line(),
              positions.column(),
              window.offsetOf(from) + decoder.byteCount(window.buffer, from, to, charIndex),
              target.displayName(),
              e.reason());
      return false;
    }
    positions.advance(text, 0, text.length());
    return true;
  }

  @Override
  public boolean illFormed(InputWindow window, int at, Problem problem) throws IOException {
    if (!replace) {
      error = Diagnostic.of(input.displayName, positions, decoder, window, at, problem);
      return false;
    }
    write(replacer, "\uFFFD", 0, 1);
    positions.advanceOne();
    return true;
  }

  private void write(OutputEncoder encoder, String text, int from, int to) throws IOException {
    int room = encoder.maxBytesPerChar() * (to - from);
    if (encoded.length < room) {
      encoded = new byte[Math.max(room, 2 * encoded.length)];
    }
    int n = encoder.encode(text, from, to, encoded);
    out.write(encoded, 0, n);
  }
}
