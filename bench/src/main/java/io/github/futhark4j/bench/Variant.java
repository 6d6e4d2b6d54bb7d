package io.github.futhark4j.bench;

/** The names of the variants, as used in options, JSON and reports. */
public final class Variant {
  private Variant() {}

  /** (a) the hand-written C+OpenMP baseline (its first {@code --variant}). */
  public static final String C = "c";
  /** (b) a plain sequential Java loop; also the reference for the checks. */
  public static final String JAVA = "java";
  /** (c) Java parallel streams. */
  public static final String STREAMS = "streams";
  /** (d) Futhark with the data resident in native memory. */
  public static final String FUTHARK = "futhark";
  /** (e) Futhark from and to Java arrays, copies included. */
  public static final String FUTHARK_COPY = "futhark-copy";
  /**
   * (f) Futhark from Java arrays into a Java array the caller reuses for every call
   * ({@link io.github.futhark4j.FutharkFunction#callInto}); only kernels with one one-dimensional
   * array result.
   */
  public static final String FUTHARK_INTO = "futhark-into";

  /** (d) for another spelling of the kernel: resident Futhark through entry point {@code entry}. */
  public static String spelling(String entry) {
    return FUTHARK + ":" + entry;
  }

  /** Whether a variant is resident Futhark through a spelling of the kernel ({@link #spelling}). */
  public static boolean isSpelling(String variant) {
    return variant.startsWith(FUTHARK + ":");
  }

  /** A column title for tables. */
  public static String title(String variant) {
    return switch (variant) {
      case C -> "C";
      case JAVA -> "Java";
      case STREAMS -> "Streams";
      case FUTHARK -> "Futhark";
      case FUTHARK_COPY -> "Futhark+copy";
      case FUTHARK_INTO -> "Futhark into";
      default -> variant.startsWith(C + "-") ? "C (" + variant.substring(2) + ")"
          : isSpelling(variant) ? "Futhark (" + variant.substring(FUTHARK.length() + 1) + ")" : variant;
    };
  }
}
