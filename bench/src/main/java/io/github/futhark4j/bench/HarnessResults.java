package io.github.futhark4j.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** What the harness found: per kernel, per variant. */
public final class HarnessResults {
  private HarnessResults() {}

  /** How a variant ended. Only {@link #OK} times count in ratios and targets. */
  public enum Status {
    /** Ran and agrees with the reference. */
    OK,
    /** Ran but its result differs from the reference (its time is shown, flagged). */
    MISMATCH,
    /** Could not run: an error, e.g. a compile error. */
    FAILED,
    /** Not available here: no C compiler, or the Futhark compiler is not merged yet. */
    UNAVAILABLE
  }

  /**
   * One variant of one kernel.
   *
   * @param stats null unless it ran
   * @param note  why it failed or differs, or a remark (e.g. the result was not read back); may be empty
   */
  public record VariantResult(String variant, Status status, Stats stats, String note) {
    public static VariantResult ok(String variant, Stats stats, String note) {
      return new VariantResult(variant, Status.OK, stats, note);
    }

    public static VariantResult failed(String variant, String why) {
      return new VariantResult(variant, Status.FAILED, null, why);
    }

    public static VariantResult unavailable(String variant, String why) {
      return new VariantResult(variant, Status.UNAVAILABLE, null, why);
    }
  }

  /** One kernel: its description and its variants in the order they ran. */
  public record KernelResult(String kernel, String entry, String size, Category category, Target target,
                             Map<String, VariantResult> variants) {
    public KernelResult {
      variants = Collections.unmodifiableMap(new LinkedHashMap<>(variants));
    }

    /** The median of a variant that ran and agrees, or null. */
    public Double median(String variant) {
      VariantResult r = variants.get(variant);
      return r != null && r.status() == Status.OK ? r.stats().medianUs() : null;
    }

    /** A variant's median over the C baseline's, or null when either is missing. */
    public Double ratioToC(String variant) {
      Double v = median(variant);
      Double c = median(Variant.C);
      return v == null || c == null || c == 0 ? null : v / c;
    }

    /**
     * Whether Futhark (data resident) meets the kernel's target, in the kernel's entry and in each
     * of its other spellings that ran ({@link Kernel#spellings}); a spelling that failed or
     * disagrees does not. Empty when it cannot be judged.
     */
    public Optional<Boolean> met() {
      Optional<Boolean> main = target.met(median(Variant.FUTHARK), median(Variant.C), median(Variant.STREAMS));
      if (main.isEmpty() || !main.get()) return main;
      for (VariantResult r : variants.values()) {
        if (!Variant.isSpelling(r.variant()) || r.status() == Status.UNAVAILABLE) continue;
        Optional<Boolean> m = target.met(median(r.variant()), median(Variant.C), median(Variant.STREAMS));
        if (r.status() != Status.OK || (m.isPresent() && !m.get())) return Optional.of(false);
      }
      return main;
    }
  }
}
