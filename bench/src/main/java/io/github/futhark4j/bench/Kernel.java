package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import java.util.List;

/**
 * One benchmark kernel: how to make its input, its two Java baselines, and how its C baseline
 * ({@code bench/c/NAME.c}) and Futhark version ({@code bench/fut/NAME.fut}, entry {@link #entry()})
 * are found and checked.
 *
 * <p>Inputs are listed in the order of the Futhark entry point's parameters: arrays as Java
 * primitive arrays of the parameter's rank, scalars boxed ({@code Float} for f32, {@code Long}
 * for i64, {@code Integer} for i32). HarnessResults use the shapes of {@link io.github.futhark4j.FutharkFunction#call}
 * (several results as {@code Object[]}), so {@link Flat#of} compares all variants.
 */
public interface Kernel {
  /** Short name; also the file names under {@code bench/c} and {@code bench/fut}. */
  String name();

  /** The Futhark entry point. */
  String entry();

  Category category();

  /** The target for this kernel, or {@link Target#NONE}. */
  Target target();

  /** The problem size in words, e.g. {@code 2^25 f64}. */
  String size(Scale scale);

  /** Deterministic inputs for the scale: the same seed gives the same data in every variant. */
  List<Object> inputs(Scale scale, long seed);

  /** The plain sequential Java loop: also the reference the other variants are checked against. */
  Object sequential(List<Object> in);

  /** Java parallel streams (or the JDK's parallel array operations where that is the idiom). */
  Object parallel(List<Object> in);

  /** The element type of the result(s), for reading the C baseline's raw output. */
  ScalarType resultElem();

  Tolerance tolerance();

  /**
   * Other entry points of the kernel's {@code .fut} that compute the same result from the same
   * inputs, written differently ({@code tabulate_2d} instead of nested {@code map} over
   * {@code iota}, {@code zip} instead of {@code map2}, a record of arrays, ...). Each runs as a
   * variant of its own ({@link Variant#spelling}) beside the kernel's entry, resident like it, and
   * the target holds only if every spelling meets it: the compiler's optimisations must not
   * depend on how the same computation is written.
   */
  default List<String> spellings() {
    return List.of();
  }

  /** The C baseline's {@code --variant}s; the first is the baseline the ratios use. */
  default List<String> cVariants() {
    return List.of("");
  }
}
