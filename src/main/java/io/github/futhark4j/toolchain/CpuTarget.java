package io.github.futhark4j.toolchain;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The instruction set a library is compiled for: {@code native} (the building CPU's, every feature
 * it has: {@code -march=native}, the default) or one of the x86-64 micro-architecture levels
 * {@code x86-64}, {@code x86-64-v2}, {@code x86-64-v3}, {@code x86-64-v4} ({@code -march=LEVEL}),
 * so that one machine can build a library for machines of other CPUs, such as a Spark driver for
 * executors of mixed CPUs.
 *
 * <p>A level's library runs on every CPU with the level's features ({@link #requiredFlags}, as
 * {@code /proc/cpuinfo} names them), whatever its model; a native library on the building CPU's
 * model, or on one with every feature flag of it. The build key records which: its {@code cpu}
 * line is the building CPU's for {@code native}, {@code target LEVEL} otherwise ({@link #keyLine}).
 */
public final class CpuTarget {
  /** The accepted names, {@code native} first. */
  public static final List<String> NAMES = List.of("native", "x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4");

  /** What a {@link #keyLine} of a level starts with. */
  static final String KEY_PREFIX = "target ";

  // The levels' features (the x86-64 psABI's), by the names Linux gives them in /proc/cpuinfo;
  // each level has those of the levels below it. LZCNT (v3) is left out: Linux names it "abm",
  // which virtual machines whose CPUs have it (and which glibc counts as v3) may not show, and
  // every CPU with AVX2, BMI2 and FMA has it.
  private static final List<String> BASELINE = List.of("cmov", "cx8", "fpu", "fxsr", "mmx", "sse", "sse2");
  private static final List<String> V2 = List.of("cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3");
  private static final List<String> V3 = List.of("avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "movbe", "xsave");
  private static final List<String> V4 = List.of("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl");

  private static final CpuTarget NATIVE = new CpuTarget("native");

  private final String name;

  private CpuTarget(String name) { this.name = name; }

  /** The default target: {@code native}. */
  public static CpuTarget nativeTarget() { return NATIVE; }

  /**
   * The target named {@code name} (case-insensitive; surrounding blanks ignored).
   *
   * @throws IllegalArgumentException not one of {@link #NAMES}
   */
  public static CpuTarget of(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    if (!NAMES.contains(n)) {
      throw new IllegalArgumentException("unknown CPU target \"" + name + "\"; use one of " + String.join(", ", NAMES));
    }
    return n.equals("native") ? NATIVE : new CpuTarget(n);
  }

  /** The level a build key's {@code cpu} line names, or {@code null} for a native build's line. */
  static CpuTarget fromKeyLine(String cpuLine) {
    if (cpuLine == null || !cpuLine.startsWith(KEY_PREFIX)) return null;
    return of(cpuLine.substring(KEY_PREFIX.length()));
  }

  public String name() { return name; }

  public boolean isNative() { return this == NATIVE; }

  /** The C compiler's {@code -march=} flag for it. */
  public String marchFlag() { return "-march=" + name; }

  /**
   * The build key's {@code cpu} line: the building CPU's model and features for {@code native},
   * {@code target LEVEL} for a level, whatever CPU builds it.
   */
  public String keyLine() { return isNative() ? Platform.cpu() : KEY_PREFIX + name; }

  /** The CPU features (as {@code /proc/cpuinfo} names them) a level's library needs; empty for {@code native}. */
  public Set<String> requiredFlags() {
    Set<String> f = new TreeSet<>();
    int level = NAMES.indexOf(name);
    if (level >= 1) f.addAll(BASELINE);
    if (level >= 2) f.addAll(V2);
    if (level >= 3) f.addAll(V3);
    if (level >= 4) f.addAll(V4);
    return Collections.unmodifiableSet(f);
  }

  /**
   * Checks that this machine can build for it: a level needs an x86-64 machine (its gcc targets
   * x86-64); {@code native} is always possible.
   *
   * @throws IllegalArgumentException a level on another architecture
   */
  public void checkBuildable() {
    if (isNative()) return;
    String arch = System.getProperty("os.arch", "");
    if (!arch.equals("amd64") && !arch.equals("x86_64")) {
      throw new IllegalArgumentException("the CPU target " + name + " is an x86-64 level; this machine is " + arch
          + " (use \"native\")");
    }
  }

  @Override
  public boolean equals(Object o) { return o instanceof CpuTarget t && t.name.equals(name); }

  @Override
  public int hashCode() { return name.hashCode(); }

  @Override
  public String toString() { return name; }
}
