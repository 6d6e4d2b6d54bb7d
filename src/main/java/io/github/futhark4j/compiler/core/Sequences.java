package io.github.futhark4j.compiler.core;

import java.util.List;

/**
 * Which arrays may stay virtual arithmetic sequences: an {@code iota} or a range whose elements
 * code generation computes from their index instead of storing them. The schedule marks them
 * {@code #[virtual]} by this rule and the verifier checks the mark against it.
 */
public final class Sequences {
  private Sequences() {}

  /**
   * Whether {@code v}, an {@code iota} or a range bound in {@code b}, can stay virtual (an
   * arithmetic sequence whose elements are computed from their index): it is used only as an
   * input array of map, reduce or scan of {@code b} (or of a histogram with a map function),
   * whose rows are then computed from the operator's loop index, and, in {@code b} or any body
   * nested in it, by {@code shape v 0} and by indexing one element, {@code v[i]} (a for loop over
   * the elements of a range reads them so).
   */
  public static boolean onlyIndexed(String v, Body b) { return sequenceUses(v, b, true); }

  private static boolean sequenceUses(String v, Body b, boolean top) {
    for (Atom a : b.results()) if (named(a, v)) return false;
    for (Stm s : b.stms()) {
      Exp e = s.exp();
      if (e instanceof Exp.Shape sh && named(sh.array(), v)) {
        if (sh.dim() != 0) return false;
        continue;
      }
      if (e instanceof Exp.Index ix && named(ix.array(), v)) {
        if (ix.indices().size() != 1 || named(ix.indices().get(0), v)) return false;
        continue;
      }
      // Any other mention is a use it cannot have, except as an input array of an operator of b.
      long allowed = top ? soacInputs(e).stream().filter(a -> named(a, v)).count() : 0;
      int[] seen = {0};
      boolean[] nestedOk = {true};
      Rewrite.exp(e, a -> {
        if (named(a, v)) seen[0]++;
        return a;
      }, nb -> {
        if (nestedOk[0] && !sequenceUses(v, nb, false)) nestedOk[0] = false;
        return nb;
      });
      if (seen[0] != allowed || !nestedOk[0]) return false;
    }
    return true;
  }

  /** The input arrays of a map, reduce or scan, or of a histogram with a map function; else none. */
  private static List<Atom> soacInputs(Exp e) {
    return switch (e) {
      case Exp.Map m -> m.arrays();
      case Exp.Reduce r -> r.arrays();
      case Exp.Scan sc -> sc.arrays();
      case Exp.Hist h when h.mapf() != null -> h.arrays();
      default -> List.of();
    };
  }

  private static boolean named(Atom a, String v) { return a instanceof Atom.Var x && x.name().equals(v); }

}
