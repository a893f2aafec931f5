package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.buffer.LengthPrefix;
import dev.textwire.buffer.SegmentedBuffer;
import dev.textwire.io.TextReader;
import dev.textwire.io.TextWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The README's tour, line for line, with its comments turned into assertions. */
class ReadmeExamplesTest {
  @Test
  void tour() {
    int byteCount = Utf8.encodedLength("naïve café 日本 😀");
    assertEquals(24, byteCount);

    byte[] frame = new byte[64];
    int written = Utf8.encode("naïve café", frame, 4);
    assertEquals(12, written);

    ByteBuffer out = ByteBuffer.allocateDirect(1024);
    Utf8.encode(new StringBuilder("any CharSequence"), out);
    assertEquals(16, out.position());

    BufferTooSmallException tooSmall =
        assertThrows(BufferTooSmallException.class, () -> Utf8.encode("too long for three bytes", new byte[3], 0));
    assertEquals(24, tooSmall.requiredBytes());

    String text = Utf8.decode(frame, 4, written);
    assertEquals("naïve café", text);
    MalformedTextException bad =
        assertThrows(
            MalformedTextException.class,
            () -> Utf8.decode(new byte[] {'o', 'k', (byte) 0xE0, (byte) 0x80, 'x'}));
    assertEquals(2, bad.byteOffset());
    assertEquals(
        "invalid UTF-8 at byte offset 2: overlong encoding (bytes E0), followed by 80 78", bad.getMessage());

    byte[] partial = {'a', (byte) 0xF0, (byte) 0x9F};
    TextValidation v = Utf8.validate(partial, 0, partial.length);
    assertEquals(1, v.validUpTo());
    assertTrue(v.isTruncated());

    TextCodec lenient = Utf8.codec(ErrorPolicy.REPLACE);
    assertEquals("\uFFFD\uFFFD\uFFFD", lenient.decode(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}));
    assertArrayEquals(
        new byte[] {0x61, 0x3F, 0x62}, Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encode("a\uD800b"));
  }

  @Test
  void buffersFramesAndStreams() throws IOException {
    ByteArrayOutputStream sent = new ByteArrayOutputStream();
    WritableByteChannel channel = Channels.newChannel(sent);

    SegmentedBuffer buffer = new SegmentedBuffer();
    assertEquals(17, buffer.writeText("GET /index.html\r\n"));
    buffer.write(new byte[] {1, 2, 3});
    assertEquals(20, buffer.size());
    assertEquals('/', buffer.get(4));
    assertEquals(20, buffer.writeTo(channel));
    assertEquals(20, sent.size());
    buffer.clear();
    assertEquals(0, buffer.size());

    byte[] request = new byte[64];
    int n = LengthPrefix.RESP_BULK.write("héllo", request, 0);
    assertEquals(12, n);
    assertEquals("$6\r\nhéllo\r\n", new String(request, 0, n, StandardCharsets.UTF_8));
    assertEquals("héllo", LengthPrefix.RESP_BULK.read(request, 0, n, 1 << 20));
    LengthPrefix.VARINT.write("日本", buffer);
    assertArrayEquals(TestSupport.bytes("06 E6 97 A5 E6 9C AC"), buffer.toByteArray());

    String longText = "κείμενο ".repeat(2000);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    TextEncoder encoder = Utf8.newEncoder().reset(longText);
    byte[] window = new byte[4096];
    while (encoder.hasRemaining()) {
      int count = encoder.encode(window, 0, window.length);
      sink.write(window, 0, count);
    }
    assertArrayEquals(longText.getBytes(StandardCharsets.UTF_8), sink.toByteArray());

    // Resumable decoding, from pieces cut anywhere (here inside the multi-byte characters).
    byte[] whole = longText.getBytes(StandardCharsets.UTF_8);
    java.util.List<ByteBuffer> pieces = new java.util.ArrayList<>();
    for (int at = 0; at < whole.length; at += 1001) {
      pieces.add(ByteBuffer.allocateDirect(Math.min(1001, whole.length - at)).put(whole, at, Math.min(1001, whole.length - at)).flip());
    }
    ByteBuffer last = pieces.get(pieces.size() - 1);
    StringBuilder decodedText = new StringBuilder();
    TextDecoder decoder = Utf8.newDecoder();
    char[] decodeSpace = new char[1024];
    for (ByteBuffer piece : pieces) {
      decoder.feed(piece, piece == last);
      int count;
      while ((count = decoder.decode(decodeSpace, 0, decodeSpace.length)) > 0) {
        decodedText.append(decodeSpace, 0, count);
      }
    }
    assertEquals(longText, decodedText.toString());
    TextDecoder charReader = Utf8.newDecoder().feed(whole, true);
    assertEquals(1000, charReader.skip(1000));
    assertEquals(Utf8.encodedLength(longText, 0, 1000), charReader.bytesConsumed()); // the byte offset of char 1000

    ByteArrayOutputStream outputStream = new ByteArrayOutputStream();
    try (Writer writer = new TextWriter(outputStream)) {
      writer.write("a surrogate pair may be split \uD83D");
      writer.write("\uDE00 across calls");
    }
    String written = "a surrogate pair may be split \uD83D\uDE00 across calls";
    assertArrayEquals(written.getBytes(StandardCharsets.UTF_8), outputStream.toByteArray());
    Reader reader = new TextReader(new ByteArrayInputStream(outputStream.toByteArray()));
    char[] chars = new char[100];
    int read = 0;
    for (int r; (r = reader.read(chars, read, chars.length - read)) > 0; ) {
      read += r;
    }
    assertEquals(written, new String(chars, 0, read));
  }

  @Test
  void otherEncodings() throws IOException {
    TextCodec mutf8 = TextCodecs.MODIFIED_UTF_8;
    assertArrayEquals(TestSupport.bytes("61 C0 80 ED A0 BD ED B8 80"), mutf8.encode("a\u0000😀"));
    assertEquals(6, TextCodecs.CESU_8.encodedLength("😀"));
    assertEquals("é", TextCodecs.ISO_8859_1.decode(new byte[] {(byte) 0xE9}));
    assertArrayEquals(TestSupport.bytes("C8 C5 D3 D3 D6"), TextCodecs.IBM500.encode("HELLO"));
    MalformedTextException e =
        assertThrows(MalformedTextException.class, () -> TextCodecs.IBM500.encode("naïve Ā"));
    assertEquals(6, e.charIndex());
    assertTrue(
        e.getMessage().startsWith(
            "cannot encode IBM500: U+0100 (LATIN CAPITAL LETTER A WITH MACRON) at char index 6"),
        e.getMessage());
    assertArrayEquals(new byte[] {0x3F}, TextCodecs.IBM500.withPolicy(ErrorPolicy.REPLACE).encode("Ā"));
    SegmentedBuffer buffer = new SegmentedBuffer();
    assertEquals(6, buffer.writeText("ÉBCDIC", TextCodecs.IBM500_DERBY));
    assertArrayEquals(TextCodecs.IBM500_DERBY.encode("ÉBCDIC"), buffer.toByteArray());
    byte[] ebcdicBytes = TextCodecs.IBM1047.encode("HELLO, EBCDIC");
    assertTrue(TextCodecs.IBM1047.validate(ebcdicBytes).isValid()); // the same answer shape as UTF-8's

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    java.io.DataOutputStream dataOutput = new java.io.DataOutputStream(bytes);
    ModifiedUtf8.writeUTF(dataOutput, "héllo");
    assertArrayEquals(TestSupport.bytes("00 06 68 C3 A9 6C 6C 6F"), bytes.toByteArray());
    String hugeText = "x\u0000".repeat(40_000);
    ModifiedUtf8.writeLongUTF(dataOutput, hugeText);
    java.io.DataInputStream dataInput =
        new java.io.DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    assertEquals("héllo", ModifiedUtf8.readUTF(dataInput));
    assertEquals(hugeText, ModifiedUtf8.readLongUTF(dataInput, 1 << 30));
  }
}
