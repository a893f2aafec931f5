package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * File names reach the files the shell named, whatever the locale: {@code café.txt} in UTF-8 and {@code
 * caf\xE9.txt} (one byte, not UTF-8), with no locale, the C locale and a UTF-8 one. The names are made
 * and passed by {@code sh} from octal escapes, so that the test JVM's own locale cannot change them.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class FileNamesIT {
  @TempDir Path dir;

  private static final String UTF8_NAME = "\"$(printf 'caf\\303\\251.txt')\"";
  private static final String LATIN1_NAME = "\"$(printf 'caf\\351.txt')\"";
  private static final String MAKE_FILES =
      "printf 'hello\\n' > " + UTF8_NAME + " && printf 'hi\\n' > " + LATIN1_NAME + " && ";

  /**
   * Whether this machine has a locale with ISO-8859-1, or can make one (glibc's localedef and its sources),
   * which the launcher needs for names that are not UTF-8; without one they get a plain message instead.
   */
  private static boolean byteLocale() {
    Cli.Result r =
        Cli.exec(Path.of("/"), null, Map.of(), 30, List.of("sh", "-c",
            "locale -a 2>/dev/null | grep -qiE '[.]iso-?8859-?1$' || { command -v localedef >/dev/null"
                + " && [ -e /usr/share/i18n/locales/en_US ] && ls /usr/share/i18n/charmaps/ISO-8859-1* >/dev/null; }"));
    return r.code() == 0;
  }

  private Cli.Result sh(String locale, String script) {
    Map<String, String> env = new HashMap<>();
    env.put("LC_ALL", null);
    env.put("LC_CTYPE", null);
    env.put("LANG", locale.equals("none") ? null : locale);
    env.put("TW", Cli.LAUNCHER.toString());
    return Cli.exec(dir, null, env, 120, List.of("sh", "-c", script));
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "C", "C.UTF-8"})
  void validateOpensTheNamedFiles(String locale) {
    Cli.Result r = sh(locale, MAKE_FILES + "exec \"$TW\" validate " + UTF8_NAME + " " + LATIN1_NAME);
    if (byteLocale()) {
      // Shown as UTF-8, the byte that is not as \xNN, as excerpts show bad bytes.
      assertEquals("café.txt: OK\ncaf\\xE9.txt: OK\n", r.out(), r::toString);
      assertEquals("", r.err(), r::toString);
      assertEquals(0, r.code(), r::toString);
    } else {
      assertEquals(2, r.code(), r::toString);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "C", "C.UTF-8"})
  void convertWritesTheNamedFiles(String locale) {
    // Each converts one file into a file named with the other's kind of name; then the shell lists the
    // names as hex and checks the contents.
    String script =
        MAKE_FILES
            + "\"$TW\" convert -f utf-8 -t latin-1 " + UTF8_NAME + " \"$(printf 'out\\351.txt')\" && "
            + "\"$TW\" convert -f latin-1 -t utf-8 " + LATIN1_NAME + " \"$(printf 'out\\303\\251.txt')\" && "
            + "for f in *; do printf '%s' \"$f\" | od -An -tx1 | tr -d ' \\n'; echo; done | LC_ALL=C sort && "
            + "cat \"$(printf 'out\\351.txt')\" \"$(printf 'out\\303\\251.txt')\"";
    Cli.Result r = sh(locale, script);
    if (!byteLocale()) {
      assertEquals(2, r.code(), r::toString);
      return;
    }
    assertEquals(0, r.code(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(
        List.of(
            hex("caf") + "c3a9" + hex(".txt"),
            hex("caf") + "e9" + hex(".txt"),
            hex("out") + "c3a9" + hex(".txt"),
            hex("out") + "e9" + hex(".txt"),
            "hello",
            "hi"),
        r.outLines(),
        r::toString);
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "C", "C.UTF-8"})
  void aMissingFileIsNamedAsTyped(String locale) {
    Cli.Result r = sh(locale, "exec \"$TW\" validate \"$(printf 'no\\351.txt')\" \"$(printf 'no\\303\\251.txt')\"");
    assertEquals(2, r.code(), r::toString);
    assertEquals("", r.out(), r::toString);
    if (byteLocale()) {
      assertEquals(
          "textwire validate: no\\xE9.txt: no such file\ntextwire validate: noé.txt: no such file\n",
          r.err(),
          r::toString);
    }
  }

  private static String hex(String ascii) {
    StringBuilder sb = new StringBuilder();
    for (byte b : ascii.getBytes(UTF_8)) {
      sb.append(String.format("%02x", b & 0xFF));
    }
    return sb.toString();
  }
}
