package io.github.futhark4j.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The harness's options; {@link #parse} reads the command line.
 *
 * @param scale    {@link Scale#QUICK} with {@code --quick}: small sizes, 2 runs after 1 warm-up
 * @param kernels  {@code --kernels a,b}: which kernels (default all)
 * @param runs     {@code --runs N}: timed runs per variant (default 10; quick 2)
 * @param warmup   {@code --warmup N}: untimed runs first (default 3; quick 1)
 * @param rounds   {@code --rounds N}: the C baselines and resident Futhark alternate in N rounds of
 *                 warm-up and runs each, so that a drift of the machine (this VM's memory bandwidth
 *                 moves by 15-30% within minutes) reaches both alike, and so do Futhark on Java
 *                 arrays and parallel streams (default 3; quick 1)
 * @param variants {@code --variants c,java,streams,futhark,futhark-copy,futhark-into}: which variants (default all)
 * @param json     {@code --json FILE}: write all results as JSON
 * @param markdown {@code --markdown FILE}: write the Markdown table; into an existing file between
 *                 the markers {@link Report#BEGIN} and {@link Report#END} when it has them
 * @param benchDir {@code --bench-dir DIR}: where {@code c/} and {@code fut/} are (default {@code bench})
 * @param workDir  {@code --work-dir DIR}: C binaries and input files (default {@code target/bench})
 * @param seed     {@code --seed N}: the data's seed (default 1)
 * @param cc       {@code --cc CC}: the C compiler (default {@code $CC} or {@code gcc})
 */
public record HarnessOptions(Scale scale, List<Kernel> kernels, int runs, int warmup, int rounds, Set<String> variants,
                             Path json, Path markdown, Path benchDir, Path workDir, long seed, String cc) {
  /** The variants, in report order. */
  public static final List<String> VARIANTS = List.of(Variant.C, Variant.JAVA, Variant.STREAMS, Variant.FUTHARK, Variant.FUTHARK_COPY,
      Variant.FUTHARK_INTO);

  public HarnessOptions {
    kernels = List.copyOf(kernels);
    variants = Set.copyOf(variants);
    if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1");
    if (warmup < 0) throw new IllegalArgumentException("--warmup must not be negative");
    if (rounds < 1) throw new IllegalArgumentException("--rounds must be at least 1");
  }

  public static HarnessOptions defaults() {
    String cc = System.getenv("CC");
    return new HarnessOptions(Scale.FULL, Kernels.ALL, 10, 3, 3, Set.copyOf(VARIANTS), null, null, Path.of("bench"),
        Path.of("target", "bench"), 1, cc == null || cc.isBlank() ? "gcc" : cc);
  }

  public boolean wants(String variant) {
    return variants.contains(variant);
  }

  public static final String USAGE = """
      usage: Harness [--quick] [--kernels a,b] [--runs N] [--warmup N] [--rounds N] [--variants LIST]
                     [--json FILE] [--markdown FILE] [--bench-dir DIR] [--work-dir DIR] [--seed N] [--cc CC]
        kernels:  %s
        variants: %s""".formatted(String.join(",", Kernels.names()), String.join(",", VARIANTS));

  /** Parses the command line. @throws IllegalArgumentException with a message for the user */
  public static HarnessOptions parse(String... args) {
    HarnessOptions d = defaults();
    Scale scale = d.scale();
    List<Kernel> kernels = d.kernels();
    Integer runs = null;
    Integer warmup = null;
    Integer rounds = null;
    Set<String> variants = d.variants();
    Path json = null;
    Path markdown = null;
    Path benchDir = d.benchDir();
    Path workDir = d.workDir();
    long seed = d.seed();
    String cc = d.cc();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--quick" -> scale = Scale.QUICK;
        case "--kernels" -> kernels = Kernels.select(value(args, ++i, a));
        case "--runs" -> runs = integer(value(args, ++i, a), a);
        case "--warmup" -> warmup = integer(value(args, ++i, a), a);
        case "--rounds" -> rounds = integer(value(args, ++i, a), a);
        case "--variants" -> variants = variants(value(args, ++i, a));
        case "--json" -> json = Path.of(value(args, ++i, a));
        case "--markdown" -> markdown = Path.of(value(args, ++i, a));
        case "--bench-dir" -> benchDir = Path.of(value(args, ++i, a));
        case "--work-dir" -> workDir = Path.of(value(args, ++i, a));
        case "--seed" -> seed = integer(value(args, ++i, a), a);
        case "--cc" -> cc = value(args, ++i, a);
        default -> throw new IllegalArgumentException("unknown option '" + a + "'\n" + USAGE);
      }
    }
    boolean quick = scale == Scale.QUICK;
    return new HarnessOptions(scale, kernels, runs != null ? runs : quick ? 2 : d.runs(),
        warmup != null ? warmup : quick ? 1 : d.warmup(), rounds != null ? rounds : quick ? 1 : d.rounds(), variants, json, markdown, benchDir, workDir, seed, cc);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
    return args[i];
  }

  private static int integer(String s, String option) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number, got '" + s + "'");
    }
  }

  private static Set<String> variants(String list) {
    Set<String> out = new LinkedHashSet<>();
    List<String> unknown = new ArrayList<>();
    for (String s : list.split(",")) {
      String v = s.trim();
      if (v.isEmpty()) continue;
      if (VARIANTS.contains(v)) out.add(v);
      else unknown.add(v);
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown variant(s) " + unknown + "; known: " + String.join(",", VARIANTS));
    }
    return out;
  }
}
