package io.github.futhark4j.bench;

/** Problem sizes: the benchmark sizes, or small ones that exercise every code path in seconds. */
public enum Scale {
  FULL, QUICK
}
