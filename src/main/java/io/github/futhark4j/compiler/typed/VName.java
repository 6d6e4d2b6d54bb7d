package io.github.futhark4j.compiler.typed;

/**
 * A resolved name: the name as written plus a tag unique within one compilation, so shadowing
 * never confuses later phases. Printed as {@code base_tag}.
 *
 * <p>{@code equals} and {@code hashCode} are written out: names are the keys of most of the
 * compiler's maps, and a record's generated ones are linked on first use, which a fresh JVM's
 * first compile pays for.
 */
public record VName(String base, int tag) {
  @Override
  public boolean equals(Object o) {
    return o instanceof VName v && tag == v.tag && base.equals(v.base);
  }

  @Override
  public int hashCode() { return 31 * base.hashCode() + tag; }

  @Override public String toString() { return base + "_" + tag; }
}
