package io.github.futhark4j.toolchain;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Limits on the external programs Futhark4J runs (the C compiler, an installed {@code futhark},
 * {@code ispc}): how long one may run, and how much of its output is kept.
 *
 * <p>A tool that runs longer than the timeout is stopped (with every process it started) and the
 * build fails with a {@link ToolTimeoutException}. The timeout is {@code FutharkOptions.toolTimeout}
 * when set, else the system property {@value #PROPERTY}, else {@link #DEFAULT_TIMEOUT}: generous,
 * since gcc -O3 on a large generated program can take minutes, but finite, so that a host never
 * waits for ever. Of a tool's output (stdout and stderr together) the last {@link #OUTPUT_LIMIT}
 * bytes are kept for messages; a tool printing without end cannot fill the heap.
 */
public final class ToolLimits {
  private ToolLimits() {}

  /** System property: the timeout, e.g. {@code 600} (seconds), {@code 90s}, {@code 10m}, {@code 1h} or {@code PT10M}. */
  public static final String PROPERTY = "futhark4j.toolTimeout";

  /** The default timeout: 10 minutes. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

  /** Bytes of a tool's output kept (its last ones): 64 KiB. */
  public static final int OUTPUT_LIMIT = 64 * 1024;

  /**
   * The timeout in effect when none is given: the system property {@value #PROPERTY} if set, else
   * {@link #DEFAULT_TIMEOUT}.
   *
   * @throws IllegalArgumentException the property is set to something that is not a positive duration
   */
  public static Duration defaultTimeout() {
    String v = System.getProperty(PROPERTY);
    if (v == null || v.isBlank()) return DEFAULT_TIMEOUT;
    try {
      return parse(v);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the system property " + PROPERTY + ": " + e.getMessage(), e);
    }
  }

  /** The given timeout, or {@link #defaultTimeout()} when it is null. */
  public static Duration orDefault(Duration timeout) {
    return timeout != null ? timeout : defaultTimeout();
  }

  /**
   * Parses a positive duration: a number of seconds ({@code 600}), a number with a unit
   * {@code ms}, {@code s}, {@code m} or {@code h} ({@code 10m}), or ISO-8601 ({@code PT10M}).
   *
   * @throws IllegalArgumentException anything else, or a duration that is not positive
   */
  public static Duration parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    Duration d;
    try {
      if (s.startsWith("pt") || s.startsWith("p")) {
        d = Duration.parse(s.toUpperCase(Locale.ROOT));
      } else if (s.endsWith("ms")) {
        d = Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2).strip()));
      } else if (s.endsWith("s")) {
        d = Duration.ofSeconds(Long.parseLong(s.substring(0, s.length() - 1).strip()));
      } else if (s.endsWith("m")) {
        d = Duration.ofMinutes(Long.parseLong(s.substring(0, s.length() - 1).strip()));
      } else if (s.endsWith("h")) {
        d = Duration.ofHours(Long.parseLong(s.substring(0, s.length() - 1).strip()));
      } else {
        d = Duration.ofSeconds(Long.parseLong(s));
      }
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      throw new IllegalArgumentException("not a duration: '" + text + "' (use e.g. 600, 90s, 10m, 1h or PT10M)", e);
    }
    check(d);
    return d;
  }

  /**
   * Checks a timeout.
   *
   * @throws IllegalArgumentException unless positive
   */
  public static Duration check(Duration d) {
    if (d.isNegative() || d.isZero()) throw new IllegalArgumentException("a tool timeout must be positive, not " + d);
    return d;
  }

  /** A duration for messages: {@code 10 min}, {@code 90 s}, {@code 250 ms}. */
  static String describe(Duration d) {
    if (d.toMillis() % 60_000 == 0) return d.toMinutes() + " min";
    if (d.toMillis() % 1000 == 0) return d.toSeconds() + " s";
    return d.toMillis() + " ms";
  }
}
