package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.types.PrimType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code partition k f xs}: the rows of {@code xs} grouped by class {@code f x} (stable within a
 * class; classes outside {@code [0, k)} dropped) and the size of each class. Built from a map
 * (classes), a histogram (counts), an exclusive scan (offsets) and a sequential placement loop.
 */
final class Partition {
  private Partition() {}

  static V lower(Lowerer l, LowerIntrinsics in, List<V> args, Span span) {
    Builder b = l.b;
    IrType i64 = new IrType.Scalar(PrimType.I64);
    Atom k = ((V.Leaf) args.get(0)).atom();
    V xs = args.get(2);
    List<Atom> leaves = V.leaves(xs);
    Atom n = b.shape(leaves.get(0), 0);
    LowerIntrinsics.LamRes f = in.lambda(args.get(1), List.of(xs), IrType::row, span);
    Atom cls = b.bindN("cls", new Exp.Map(n, f.lambda(), leaves)).get(0);
    Atom zeros = b.bind("zeros", new Exp.Replicate(k, Atom.i64(0)));
    Atom ones = b.bind("ones", new Exp.Replicate(n, Atom.i64(1)));
    Atom counts = b.bindN("counts", new Exp.Hist(n, addLambda(b), List.of(Atom.i64(0)), List.of(zeros), cls,
        List.of(ones))).get(0);
    Atom incl = b.bindN("offs", new Exp.Scan(k, addLambda(b), List.of(Atom.i64(0)), null, List.of(counts))).get(0);
    // Exclusive offsets: cursor[c] = incl[c] - counts[c].
    Atom.Var ci = b.var("c", i64), ii = b.var("i", i64);
    Lambda sub = new Lambda(List.of(ci, ii), b.block(() -> List.of(b.binop(BinOperator.SUB, PrimType.I64, ci, ii))));
    Atom cursor0 = b.bindN("cursor", new Exp.Map(k, sub, List.of(incl, counts))).get(0);
    List<Atom> dests = new ArrayList<>();
    for (Atom a : leaves) dests.add(b.bind("dest", new Exp.Copy(a)));
    // loop (cursor, dests...) for i < n: if 0 <= c < k then place row i at cursor[c] and bump it.
    List<Atom.Var> params = new ArrayList<>();
    Atom.Var cur = b.var("cur", cursor0.type());
    params.add(cur);
    for (Atom d : dests) params.add(b.var("d", d.type()));
    Atom.Var i = b.var("i", i64);
    List<Atom> inits = new ArrayList<>();
    inits.add(cursor0);
    inits.addAll(dests);
    var body = b.block(() -> {
      Atom c = b.bind("c", new Exp.Index(cls, List.of(i), null));
      Atom ok = b.binop(BinOperator.LAND, PrimType.BOOL, b.binop(BinOperator.LE, PrimType.I64, Atom.i64(0), c),
          b.binop(BinOperator.LT, PrimType.I64, c, k));
      var th = b.block(() -> {
        Atom pos = b.bind("pos", new Exp.Index(cur, List.of(c), null));
        List<Atom> res = new ArrayList<>();
        res.add(b.bind("cur", new Exp.Update(cur, List.of(c), b.binop(BinOperator.ADD, PrimType.I64, pos, Atom.i64(1)), null)));
        for (int j = 0; j < leaves.size(); j++) {
          Atom row = b.bind("row", new Exp.Index(leaves.get(j), List.of(i), null));
          res.add(b.bind("d", new Exp.Update(params.get(j + 1), List.of(pos), row, null)));
        }
        return res;
      });
      var el = new io.github.futhark4j.compiler.core.Body(List.of(), new ArrayList<>(params));
      return new ArrayList<Atom>(b.bindN("placed", new Exp.If(ok, th, el)));
    });
    List<Atom.Var> res = b.bindN("part", new Exp.Loop(params, inits, new Exp.LoopForm.For(i, n), body));
    V parted = V.rebuild(xs, res.subList(1, res.size()).iterator());
    return V.Rec.of(Map.of("0", parted, "1", new V.Leaf(counts)));
  }

  private static Lambda addLambda(Builder b) {
    IrType i64 = new IrType.Scalar(PrimType.I64);
    Atom.Var x = b.var("x", i64), y = b.var("y", i64);
    return new Lambda(List.of(x, y), b.block(() -> List.of(b.binop(BinOperator.ADD, PrimType.I64, x, y))));
  }
}
