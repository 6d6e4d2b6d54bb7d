package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.List;

/** The types of the values an expression produces (its pattern's types). */
public final class Typing {
  private Typing() {}

  private static final IrType I64 = new IrType.Scalar(PrimType.I64);
  private static final IrType BOOL = new IrType.Scalar(PrimType.BOOL);

  public static List<IrType> typesOf(Exp e) {
    return switch (e) {
      case Exp.AtomE a -> List.of(a.atom().type());
      case Exp.BinOp b -> List.of(switch (b.op()) {
        case EQ, NEQ, LT, LE, GT, GE, LAND, LOR -> BOOL;
        default -> new IrType.Scalar(b.type());
      });
      case Exp.UnOp u -> List.of(new IrType.Scalar(u.type()));
      case Exp.Convert c -> List.of(new IrType.Scalar(c.to()));
      case Exp.PrimCall p -> List.of(new IrType.Scalar(p.result()));
      case Exp.Shape s -> List.of(I64);
      case Exp.Index ix -> List.of(IrType.of(ix.array().type().elem(), ix.array().type().rank() - ix.indices().size()));
      case Exp.Slice s -> {
        long fixed = s.dims().stream().filter(d -> d instanceof Exp.SliceDim.Fix).count();
        yield List.of(IrType.of(s.array().type().elem(), s.array().type().rank() - (int) fixed));
      }
      case Exp.Update u -> List.of(u.array().type());
      case Exp.UpdateSlice u -> List.of(u.array().type());
      case Exp.ArrayLit a -> List.of(a.type());
      case Exp.Iota i -> List.of(new IrType.Arr(i.type(), 1));
      case Exp.Replicate r -> List.of(r.value().type().arrayOf());
      case Exp.Copy c -> List.of(c.array().type());
      case Exp.Concat c -> List.of(c.arrays().get(0).type());
      case Exp.Transpose t -> List.of(t.array().type());
      case Exp.Flatten f -> List.of(IrType.of(f.array().type().elem(), f.array().type().rank() - 1));
      case Exp.Unflatten u -> List.of(IrType.of(u.array().type().elem(), u.array().type().rank() + 1));
      case Exp.Rotate r -> List.of(r.array().type());
      case Exp.Range r -> List.of(new IrType.Arr(r.type(), 1));
      case Exp.If i -> i.then().resultTypes();
      case Exp.Loop l -> l.params().stream().map(Atom::type).toList();
      case Exp.Assert a -> List.of();
      case Exp.Call c -> c.results();
      case Exp.Map m -> m.f().returnTypes().stream().map(IrType::arrayOf).toList();
      case Exp.Reduce r -> r.nes().stream().map(Atom::type).toList();
      case Exp.Scan s -> s.elementTypes().stream().map(IrType::arrayOf).toList();
      case Exp.Filter f -> f.arrays().stream().map(Atom::type).toList();
      case Exp.Partition p -> {
        List<IrType> ts = new ArrayList<>(p.arrays().stream().map(Atom::type).toList());
        ts.add(new IrType.Arr(PrimType.I64, 1));
        yield ts;
      }
      case Exp.Hist h -> h.dests().stream().map(Atom::type).toList();
      case Exp.Scatter s -> s.dests().stream().map(Atom::type).toList();
      case Exp.WithVjp w -> w.f().returnTypes();
    };
  }

  /** Every variable an expression reads (free in it, including inside nested bodies). */
  public static List<Atom.Var> freeVars(Exp e) {
    List<Atom.Var> out = new ArrayList<>();
    FreeVars.exp(e, out);
    return out;
  }
}
