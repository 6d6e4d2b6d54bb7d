package io.github.futhark4j.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The kernels of the harness, in report order. */
public final class Kernels {
  private Kernels() {}

  public static final List<Kernel> ALL = List.of(
      new SumKernel(), new DotKernel(), new SaxpyKernel(), new HistogramKernel(), new ScanKernel(),
      new MatmulKernel(), new MandelbrotKernel(), new NBodyKernel(), new FactorKernel());

  public static List<String> names() {
    return ALL.stream().map(Kernel::name).toList();
  }

  public static Kernel byName(String name) {
    return ALL.stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("unknown kernel '" + name + "'; known: " + String.join(", ", names())));
  }

  /** The kernels named in a comma-separated list, in report order; all of them for null or empty. */
  public static List<Kernel> select(String list) {
    if (list == null || list.isBlank()) return ALL;
    List<String> wanted = new ArrayList<>();
    for (String s : list.split(",")) {
      if (!s.isBlank()) wanted.add(byName(s.trim()).name());
    }
    return ALL.stream().filter(k -> wanted.contains(k.name())).collect(Collectors.toUnmodifiableList());
  }
}
