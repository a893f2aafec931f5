package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link SharedArrays}: the arrays of decodes longer than a thread keeps are reused, never lent to two
 * calls at once, bounded in number and length, and hold nothing a later decode shows.
 */
class SharedArraysTest {
  /** Takes every kept array out, so each test starts from an empty pool. */
  @BeforeEach
  void emptyThePool() {
    for (int i = 0; i < SharedArrays.SLOTS; i++) {
      SharedArrays.CHARS.take(1); // a kept array, or a new one of one element; not given back
      SharedArrays.LATIN1.take(1);
    }
  }

  /** Runs {@code body} on {@code threads} new threads, each given its number, released at once. */
  private static void atOnce(int threads, IntConsumer body) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> started = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int number = t;
      Thread thread = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        body.accept(number);
      });
      thread.start();
      started.add(thread);
    }
    start.countDown();
    for (Thread thread : started) {
      thread.join();
    }
  }

  @Test
  void anArrayGivenBackIsTakenAgain() {
    char[] first = SharedArrays.CHARS.take(40_000);
    assertTrue(first.length >= 40_000);
    SharedArrays.CHARS.give(first);
    assertSame(first, SharedArrays.CHARS.take(40_000), "the kept array");
    assertNotSame(first, SharedArrays.CHARS.take(40_000), "lent once, not twice");
  }

  @Test
  void aShorterArrayIsNotTakenForALongerText() {
    char[] shorter = SharedArrays.CHARS.take(20_000);
    SharedArrays.CHARS.give(shorter);
    char[] longer = SharedArrays.CHARS.take(shorter.length + 1);
    assertNotSame(shorter, longer);
    assertTrue(longer.length > shorter.length);
  }

  @Test
  void theNumberKeptIsBoundedAndLongerArraysTakeShorterOnesPlaces() {
    int slots = SharedArrays.SLOTS;
    List<char[]> shorter = new ArrayList<>();
    for (int i = 0; i < slots; i++) {
      shorter.add(new char[20_000]);
    }
    shorter.forEach(SharedArrays.CHARS::give);
    SharedArrays.CHARS.give(new char[20_000]); // every slot full, none shorter: dropped
    char[] longer = new char[100_000];
    SharedArrays.CHARS.give(longer);
    Set<char[]> taken = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int i = 0; i < slots + 1; i++) {
      taken.add(SharedArrays.CHARS.take(1));
    }
    assertTrue(taken.contains(longer), "the longer array replaced a shorter one");
    long keptShorter = shorter.stream().filter(taken::contains).count();
    assertEquals(slots - 1, keptShorter, "one shorter array made room; the extra one was dropped");
    assertEquals(slots + 1, taken.size());
  }

  @Test
  void arraysLongerThanTheLimitAreNeverKept() {
    char[] huge = SharedArrays.CHARS.take(SharedArrays.MAX_LENGTH + 1);
    assertEquals(SharedArrays.MAX_LENGTH + 1, huge.length, "exactly what was asked, not rounded up");
    SharedArrays.CHARS.give(huge);
    for (int i = 0; i < SharedArrays.SLOTS; i++) {
      assertNotSame(huge, SharedArrays.CHARS.take(1));
    }
  }

  @Test
  void threadsNeverHoldTheSameArrayAtOnce() throws Exception {
    int threads = 4 * SharedArrays.SLOTS;
    int rounds = 2_000;
    Set<char[]> held = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    AtomicInteger shared = new AtomicInteger();
    AtomicInteger overwritten = new AtomicInteger();
    atOnce(threads, t -> {
      char mark = (char) ('A' + t);
      for (int round = 0; round < rounds; round++) {
        char[] chars = SharedArrays.CHARS.take(20_000 + round % 7);
        if (!held.add(chars)) {
          shared.incrementAndGet();
        }
        java.util.Arrays.fill(chars, 0, 64, mark);
        Thread.yield();
        for (int i = 0; i < 64; i++) {
          if (chars[i] != mark) {
            overwritten.incrementAndGet();
            break;
          }
        }
        held.remove(chars);
        SharedArrays.CHARS.give(chars);
      }
    });
    assertEquals(0, shared.get(), "an array was lent to two threads at once");
    assertEquals(0, overwritten.get(), "another thread wrote into an array while it was lent");
  }

  /** Text of {@code charCount} chars, mostly ASCII with Cyrillic, CJK and emoji, from {@code seed}. */
  private static String mixedText(int charCount, long seed) {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder(charCount + 1);
    while (text.length() < charCount) {
      int pick = random.nextInt(20);
      if (pick == 0) {
        text.append((char) (0x0410 + random.nextInt(32)));
      } else if (pick == 1) {
        text.append((char) (0x4E00 + random.nextInt(0x5000)));
      } else if (pick == 2) {
        text.appendCodePoint(0x1F600 + random.nextInt(64));
      } else {
        text.append((char) ('a' + random.nextInt(26)));
      }
    }
    return text.toString();
  }

  @Test
  void aLongerTextThenAShorterOneDecodeToExactlyTheirOwnChars() {
    String longer = mixedText(200_000, 1);
    String shorter = mixedText(30_000, 2);
    assertEquals(longer, Utf8.decode(longer.getBytes(StandardCharsets.UTF_8)));
    assertEquals(shorter, Utf8.decode(shorter.getBytes(StandardCharsets.UTF_8)), "nothing of the longer text");
    assertEquals(longer, Utf8.decode(longer.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void aFailedDecodeGivesItsArrayBack() {
    byte[] broken = mixedText(50_000, 3).getBytes(StandardCharsets.UTF_8);
    broken[broken.length - 1] = (byte) 0xFF;
    assertThrows(MalformedTextException.class, () -> Utf8.decode(broken));
    // The pool was empty: a new array would be one char long.
    char[] kept = SharedArrays.CHARS.take(1);
    assertTrue(kept.length >= broken.length, "the failed decode's array was given back");
    SharedArrays.CHARS.give(kept);
    String text = mixedText(50_000, 4);
    assertEquals(text, Utf8.decode(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** Latin-1 text of {@code charCount} chars (accented letters among ASCII ones), from {@code seed}. */
  private static String latin1Text(int charCount, long seed) {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder(charCount);
    while (text.length() < charCount) {
      text.append(random.nextInt(8) == 0 ? (char) (0xC0 + random.nextInt(64)) : (char) ('a' + random.nextInt(26)));
    }
    return text.toString();
  }

  @Test
  void longLatin1TextDecodesThroughASharedArrayAndGivesItBack() {
    String longer = latin1Text(100_000, 5);
    String shorter = latin1Text(20_000, 6);
    byte[] longerBytes = longer.getBytes(StandardCharsets.UTF_8);
    assertEquals(longer, Utf8.decode(longerBytes));
    byte[] kept = SharedArrays.LATIN1.take(1);
    assertTrue(kept.length >= longerBytes.length, "the decode's Latin-1 array was given back");
    SharedArrays.LATIN1.give(kept);
    assertEquals(shorter, Utf8.decode(shorter.getBytes(StandardCharsets.UTF_8)), "nothing of the longer text");
  }

  @Test
  void latin1TextThatWidensOrBreaksGivesBothArraysBack() {
    String widening = latin1Text(40_000, 7) + "\u0416\u4E2D" + latin1Text(10_000, 8);
    byte[] wideningBytes = widening.getBytes(StandardCharsets.UTF_8);
    assertEquals(widening, Utf8.decode(wideningBytes));
    assertTrue(SharedArrays.LATIN1.take(1).length >= wideningBytes.length, "the Latin-1 array was given back");
    assertTrue(SharedArrays.CHARS.take(1).length >= wideningBytes.length, "the chars were given back");

    byte[] broken = latin1Text(40_000, 9).getBytes(StandardCharsets.UTF_8);
    int badOffset = 30_000;
    while (broken[badOffset] < 0) { // an ASCII byte starts a char of its own
      badOffset++;
    }
    broken[badOffset] = (byte) 0xC0; // never in UTF-8
    MalformedTextException error = assertThrows(MalformedTextException.class, () -> Utf8.decode(broken));
    assertEquals(badOffset, error.byteOffset());
    assertTrue(SharedArrays.LATIN1.take(1).length >= broken.length, "the Latin-1 array was given back");
    assertTrue(SharedArrays.CHARS.take(1).length >= broken.length, "the chars were given back");
  }

  @Test
  void threadsDecodingLongTextsAtOnceEachGetTheirOwnText() throws Exception {
    int threads = 4 * SharedArrays.SLOTS;
    List<String> texts = new ArrayList<>();
    List<byte[]> encoded = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      String text = t % 2 == 0 ? mixedText(20_000 + 3_001 * t, 100 + t) : latin1Text(20_000 + 3_001 * t, 100 + t);
      texts.add(text);
      encoded.add(text.getBytes(StandardCharsets.UTF_8));
    }
    AtomicInteger wrong = new AtomicInteger();
    atOnce(threads, t -> {
      for (int round = 0; round < 200; round++) {
        if (!texts.get(t).equals(Utf8.decode(encoded.get(t)))) {
          wrong.incrementAndGet();
        }
      }
    });
    assertEquals(0, wrong.get(), "a decode returned another thread's text or a mix");
  }
}
