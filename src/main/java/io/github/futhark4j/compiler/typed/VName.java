package io.github.futhark4j.compiler.typed;

/**
 * A resolved name: the name as written plus a tag unique within one compilation, so shadowing
 * never confuses later phases. Printed as {@code base_tag}.
 */
public record VName(String base, int tag) {
  @Override public String toString() { return base + "_" + tag; }
}
