package io.github.futhark4j.toolchain;

import java.util.Locale;

/** Byte sizes as people write them: {@code 1073741824}, {@code 64k}, {@code 512m}, {@code 1g}, {@code 1GiB}. */
public final class Sizes {
  private Sizes() {}

  /**
   * Parses a size in bytes: a number, optionally followed by k, m, g or t (binary units, with an
   * optional {@code i} and {@code b}: {@code 512m}, {@code 512MiB}, {@code 512mb} are all 512 MiB).
   *
   * @return the size, or -1 when the text is not a size
   */
  public static long parse(String v) {
    String s = v.strip().toLowerCase(Locale.ROOT);
    if (s.endsWith("b")) s = s.substring(0, s.length() - 1);
    if (s.endsWith("i")) s = s.substring(0, s.length() - 1);
    int shift = 0;
    if (!s.isEmpty()) {
      switch (s.charAt(s.length() - 1)) {
        case 'k' -> shift = 10;
        case 'm' -> shift = 20;
        case 'g' -> shift = 30;
        case 't' -> shift = 40;
        default -> { }
      }
    }
    if (shift > 0) s = s.substring(0, s.length() - 1);
    try {
      long n = Long.parseLong(s.strip());
      if (n < 0 || n > (Long.MAX_VALUE >> shift)) return -1;
      return n << shift;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** A size for people: {@code 512 MiB}, {@code 1.5 GiB}, {@code 84 KiB}, {@code 12 bytes}. */
  public static String describe(long bytes) {
    if (bytes < 1024) return bytes + (bytes == 1 ? " byte" : " bytes");
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return (v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v)) + " " + units[u];
  }
}
