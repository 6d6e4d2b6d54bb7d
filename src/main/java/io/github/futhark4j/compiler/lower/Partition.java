package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.source.Span;
import java.util.List;
import java.util.Map;

/**
 * {@code partition k f xs}: the rows of {@code xs} grouped by class {@code f x} (stable within a
 * class; rows whose class is outside {@code [0, k)} come last) and the size of each class. One
 * {@link Exp.Partition} with the class function fused in: code generation counts the classes per
 * chunk, takes their prefix and places the rows in parallel (see CSoac).
 */
final class Partition {
  private Partition() {}

  static V lower(Lowerer l, LowerIntrinsics in, List<V> args, Span span) {
    Builder b = l.b;
    Atom k = ((V.Leaf) args.get(0)).atom();
    V xs = args.get(2);
    List<Atom> leaves = V.leaves(xs);
    Atom n = b.shape(leaves.get(0), 0);
    LowerIntrinsics.LamRes f = in.lambda(args.get(1), List.of(xs), io.github.futhark4j.compiler.core.IrType::row, span);
    List<Atom.Var> res = b.bindN("part", new Exp.Partition(n, k, f.lambda(), leaves));
    V parted = V.rebuild(xs, res.subList(0, leaves.size()).iterator());
    return V.Rec.of(Map.of("0", parted, "1", new V.Leaf(res.get(leaves.size()))));
  }
}
