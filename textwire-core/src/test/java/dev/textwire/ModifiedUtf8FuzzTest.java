package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.fuzz.Outcomes.atMost;
import static dev.textwire.fuzz.Outcomes.expectType;
import static dev.textwire.fuzz.Outcomes.outcome;
import static dev.textwire.fuzz.Outcomes.same;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.textwire.fuzz.FuzzSupport;
import dev.textwire.fuzz.FuzzSupport.PieceStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.UTFDataFormatException;
import java.util.Arrays;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of {@link ModifiedUtf8#readUTF} and {@link ModifiedUtf8#readLongUTF} over
 * arbitrary streams, cut into fuzzer-chosen pieces (see docs/FUZZING.md). Inputs under
 * {@code src/test/resources/dev/textwire/ModifiedUtf8FuzzTestInputs}.
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class ModifiedUtf8FuzzTest {
  /**
   * Against {@code DataInputStream.readUTF} on the same bytes: both throw {@link EOFException} when the
   * stream is shorter than its declared length; otherwise, when the bytes are ones {@code writeUTF}
   * writes (the JDK reads them and writes the same bytes back), both return the same String and leave the
   * stream after the string, and when they are not, ours throws {@link UTFDataFormatException} caused by a
   * {@link MalformedTextException} at {@code MODIFIED_UTF_8.validUpTo}. The JDK may still return a String
   * for those: by design ours refuses a raw 00, overlong forms other than C0 80, and the like, which no
   * writer produces. Nothing else may be thrown.
   */
  @FuzzTest(maxDuration = "30s")
  void readUTF(FuzzedDataProvider data) throws Exception {
    byte[] pieces = data.consumeBytes(4);
    byte[] raw = data.consumeRemainingAsBytes();
    String where = "readUTF of " + hex(raw);
    PieceStream stream = new PieceStream(raw, pieces, 64);
    Object ours = outcome(() -> ModifiedUtf8.readUTF(new DataInputStream(stream)));
    Object jdk = outcome(() -> new DataInputStream(new ByteArrayInputStream(raw)).readUTF());
    int declared = raw.length < 2 ? -1 : ((raw[0] & 0xFF) << 8) | (raw[1] & 0xFF);
    if (declared < 0 || raw.length < 2 + declared) {
      expectType(EOFException.class, ours, where);
      expectType(EOFException.class, jdk, where + " (the JDK)");
      return;
    }
    byte[] body = Arrays.copyOfRange(raw, 2, 2 + declared);
    if (Utf8FamilyAgreementTest.jdkValidModifiedUtf8(body, declared)) {
      same(jdk, ours, where);
      same(2 + declared, stream.position(), where + ": bytes consumed");
    } else {
      checkMalformed(ours, body, where);
    }
  }

  /**
   * The long form: a declared length that is negative or above {@code maxBytes} is refused with
   * {@link UTFDataFormatException} after reading the 8 length bytes and nothing more, allocating next to
   * nothing; a stream shorter than the declared length gives {@link EOFException} (or, past 64 KiB, where
   * the text is decoded as it arrives, the error of a bad byte that came first), allocating in proportion to
   * what arrived, not to what was declared; otherwise the String is the modified UTF-8 codec's decoding of
   * the bytes, or its strict error. One input in four is stretched past 64 KiB ({@link #longForm}).
   */
  @FuzzTest(maxDuration = "30s")
  void readLongUTF(FuzzedDataProvider data) throws Exception {
    long maxBytes = data.pickValue(new long[] {0, 1, 10, 100, 65535, 65536, 1 << 20, Integer.MAX_VALUE, Long.MAX_VALUE});
    boolean pastOneWindow = data.consumeInt(0, 3) == 0;
    byte[] pieces = data.consumeBytes(4);
    byte[] raw = data.consumeRemainingAsBytes();
    if (pastOneWindow && raw.length > 8) {
      raw = longForm(raw);
    }
    byte[] input = raw;
    String where = "readLongUTF(maxBytes " + maxBytes + ") of " + (raw.length > 256 ? raw.length + " bytes: " + hex(raw, 0, 256) + "..." : hex(raw));
    PieceStream stream = new PieceStream(input, pieces, 64);
    Object ours = outcome(() -> ModifiedUtf8.readLongUTF(new DataInputStream(stream), maxBytes));
    // Measured on a second run: the first links string concatenations and loads classes.
    long before = FuzzSupport.allocatedBytes();
    outcome(() -> ModifiedUtf8.readLongUTF(new DataInputStream(new PieceStream(input, pieces, 64)), maxBytes));
    long allocated = FuzzSupport.allocatedBytes() - before;
    if (raw.length < 8) {
      expectType(EOFException.class, ours, where);
      return;
    }
    long declared = 0;
    for (int i = 0; i < 8; i++) {
      declared = (declared << 8) | (raw[i] & 0xFF);
    }
    int available = raw.length - 8;
    // Refused on the length alone: negative, over the caller's limit, or longer than any String's
    // modified UTF-8 (DataUtf.MAX_STRING_BYTES, 2 * (2^31 - 1)).
    if (declared < 0 || declared > maxBytes || declared > 2L * Integer.MAX_VALUE) {
      expectType(UTFDataFormatException.class, ours, where);
      same(8, stream.position(), where + ": bytes read before refusing the length");
      // 4 KiB in a replay. While fuzzing, Jazzer's instrumentation (-Djazzer.hooks=true) adds about 15 KiB
      // of its own to this path, so the bound there is 64 KiB: allocating for a longer declared length shows.
      long bound = Boolean.getBoolean("jazzer.hooks") ? 64 * 1024 : 4096;
      atMost(bound, allocated, where + ": bytes allocated to refuse the length");
      return;
    }
    atMost(256 * 1024 + 16L * raw.length, allocated, where + ": bytes allocated");
    if (available < declared) {
      if (ours instanceof UTFDataFormatException e && e.getCause() instanceof MalformedTextException m
          && declared > 65535 && m.byteOffset() < available) {
        return;
      }
      expectType(EOFException.class, ours, where);
      return;
    }
    byte[] body = Arrays.copyOfRange(raw, 8, 8 + (int) declared);
    Object codec = outcome(() -> TextCodecs.MODIFIED_UTF_8.decode(body));
    if (codec instanceof String) {
      same(codec, ours, where);
      same(8 + (int) declared, stream.position(), where + ": bytes consumed");
    } else {
      checkMalformed(ours, body, where);
    }
  }

  /**
   * A string past the 64 KiB that readLongUTF reads at once, which it decodes in 8 KiB windows as the
   * bytes arrive: the bytes after the first 8, repeated to 64 KiB and up to 9 KiB more (the first byte
   * says how much), so that windows cut its sequences anywhere, with that length in front.
   */
  private static byte[] longForm(byte[] raw) {
    int size = 65536 + (raw[0] & 0xFF) * 37;
    byte[] out = new byte[8 + size];
    for (int i = 0; i < 8; i++) {
      out[i] = (byte) ((long) size >>> (56 - 8 * i));
    }
    for (int i = 0; i < size; i++) {
      out[8 + i] = raw[8 + i % (raw.length - 8)];
    }
    return out;
  }

  /** Ours threw UTFDataFormatException caused by a MalformedTextException where the codec's validUpTo is. */
  private static void checkMalformed(Object ours, byte[] body, String where) {
    expectType(UTFDataFormatException.class, ours, where);
    Throwable cause = ((Throwable) ours).getCause();
    if (!(cause instanceof MalformedTextException m)) {
      throw new AssertionError(where + ": UTFDataFormatException without a MalformedTextException cause", (Throwable) ours);
    }
    same((long) TextCodecs.MODIFIED_UTF_8.validUpTo(body, 0, body.length), m.byteOffset(), where + ": error offset");
  }
}
