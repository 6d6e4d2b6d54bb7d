package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.TExp.RangeKind;
import io.github.futhark4j.compiler.typed.TExp.UnOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;

/**
 * The right-hand side of a statement. Operands are atoms; nested code appears only in
 * {@link Body}s of control flow and {@link Lambda}s of SOACs. Every expression that can fail at run
 * time carries the {@link Span} its error message names.
 */
public sealed interface Exp {
  record AtomE(Atom atom) implements Exp {}

  /** Arithmetic, bitwise, comparison and (non-short-circuit) logical operators on {@code type}. */
  record BinOp(BinOperator op, PrimType type, Atom x, Atom y, Span span) implements Exp {}

  record UnOp(UnOperator op, PrimType type, Atom x) implements Exp {}

  /** Conversion between any two primitive types. */
  record Convert(PrimType to, Atom x) implements Exp {}

  /** A primitive intrinsic ({@code sqrt}, {@code min}, {@code popc}, ...) returning {@code result}. */
  record PrimCall(String name, List<Atom> args, PrimType result) implements Exp {}

  /** The size of dimension {@code dim} of an array (an i64). */
  record Shape(Atom array, int dim) implements Exp {}

  /** {@code a[i, j]}: fixes the outer {@code indices.size()} dimensions; bounds checked. */
  record Index(Atom array, List<Atom> indices, Span span) implements Exp {}

  /** One dimension of a slice; {@code null} parts take Futhark's defaults. */
  sealed interface SliceDim {
    record Fix(Atom index) implements SliceDim {}

    record Range(Atom start, Atom end, Atom stride) implements SliceDim {}
  }

  /** A slice {@code a[i:j:s, k]}: a fresh array. */
  record Slice(Atom array, List<SliceDim> dims, Span span) implements Exp {}

  /** {@code a with [i, j] = v}: consumes {@code array}; in place when its memory is not shared. */
  record Update(Atom array, List<Atom> indices, Atom value, Span span) implements Exp {}

  /** {@code a with [i:j] = v}: a slice update, consuming {@code array}. */
  record UpdateSlice(Atom array, List<SliceDim> dims, Atom value, Span span) implements Exp {}

  /** {@code [a, b, c]} of elements of type {@code type.row()}; rows must have equal shapes. */
  record ArrayLit(List<Atom> elements, IrType type, Span span) implements Exp {}

  record Iota(Atom n, PrimType type) implements Exp {}

  record Replicate(Atom n, Atom value) implements Exp {}

  record Copy(Atom array) implements Exp {}

  /** Concatenation along the outer dimension; inner shapes must agree. */
  record Concat(List<Atom> arrays, Span span) implements Exp {}

  /** Swaps the two outer dimensions. */
  record Transpose(Atom array) implements Exp {}

  /** Merges the two outer dimensions. */
  record Flatten(Atom array) implements Exp {}

  /** Splits the outer dimension into {@code n} by {@code m}; checked. */
  record Unflatten(Atom n, Atom m, Atom array, Span span) implements Exp {}

  record Rotate(Atom amount, Atom array) implements Exp {}

  /** {@code start..step..end} etc.; {@code second} may be null. Invalid ranges are errors. */
  record Range(Atom start, Atom second, Atom end, RangeKind kind, PrimType type, Span span) implements Exp {}

  record If(Atom cond, Body then, Body otherwise) implements Exp {}

  sealed interface LoopForm {
    record For(Atom.Var index, Atom bound) implements LoopForm {}

    /** The condition is computed from the loop parameters before each iteration. */
    record While(Body cond) implements LoopForm {}
  }

  record Loop(List<Atom.Var> params, List<Atom> inits, LoopForm form, Body body) implements Exp {}

  /**
   * Fails with {@code message} (a printf format whose {@code %lld}s take {@code args}, all i64)
   * naming {@code span} when {@code cond} is false. Binds nothing.
   */
  record Assert(Atom cond, String message, List<Atom> args, Span span) implements Exp {}

  /**
   * A call of the program's function {@code fn} ({@link Program.Function}), which returns values of
   * types {@code results}; {@code consumed} (per argument, as the function's parameters) says which
   * array arguments are handed over to it. May fail (the function's own failures, or calls nested
   * too deep: {@code span} is where); never moved out of the code that would run it.
   */
  record Call(String fn, List<Atom> args, List<Boolean> consumed, List<IrType> results, Span span) implements Exp {
    public Call {
      args = List.copyOf(args);
      consumed = List.copyOf(consumed);
      results = List.copyOf(results);
    }
  }

  /**
   * {@code with_vjp f f' args}: {@code f} applied to {@code args} (the statement's results are
   * {@code f}'s), with {@code adjoint} its user-supplied reverse derivative: given {@code f}'s
   * results and then their adjoints, it returns the adjoint of each argument. Exists only while
   * lowering: the reverse sweep uses {@code adjoint} ({@code compiler.ad.Rev}), forward mode
   * differentiates {@code f}, and the lowerer then replaces what is left by {@code f}'s code
   * ({@code WithVjps}), so no optimisation pass and no code generator meets it.
   */
  record WithVjp(List<Atom> args, Lambda f, Lambda adjoint) implements Exp {
    public WithVjp {
      args = List.copyOf(args);
    }
  }

  // ---- SOACs: the parallel operators -------------------------------------------------------

  /** {@code map f arrays}: one result array per return value of {@code f}. */
  record Map(Atom width, Lambda f, List<Atom> arrays) implements Exp {}

  /**
   * A map fused into a reduction ({@code redomap}): reduces {@code mapf} applied to the rows of
   * {@code arrays} (without materialising them) with {@code op} from {@code nes}. When
   * {@code mapf} is null the rows themselves are reduced.
   */
  record Reduce(Atom width, Lambda op, List<Atom> nes, Lambda mapf, List<Atom> arrays, boolean commutative)
      implements Exp {}

  /**
   * Inclusive scan of ({@code mapf} of) the rows; as for {@link Reduce}. When {@code postf} is
   * not null the results are {@code postf} applied to each scanned element (a map that consumed
   * the scan, fused into it: the scanned elements are never stored); it takes the scan's
   * elements and returns scalars.
   */
  record Scan(Atom width, Lambda op, List<Atom> nes, Lambda mapf, List<Atom> arrays, Lambda postf) implements Exp {
    /** A scan without a post function. */
    public Scan(Atom width, Lambda op, List<Atom> nes, Lambda mapf, List<Atom> arrays) {
      this(width, op, nes, mapf, arrays, null);
    }

    /** The types of the scanned elements ({@code op}'s accumulators). */
    public List<IrType> scannedTypes() {
      return nes.stream().map(Atom::type).toList();
    }

    /** The types of the result arrays' elements: {@code postf}'s results, else the scanned elements'. */
    public List<IrType> elementTypes() {
      return postf == null ? scannedTypes() : postf.returnTypes();
    }
  }

  /** Keeps the rows of all {@code arrays} whose {@code pred} is true (one result per array). */
  record Filter(Atom width, Lambda pred, List<Atom> arrays) implements Exp {}

  /**
   * {@code partition k cls arrays}: the rows of all {@code arrays} grouped by their class
   * {@code cls row} (an {@code i64}), classes {@code 0..k-1} in order and stable within a class;
   * rows whose class is outside {@code [0, k)} follow, in their original order. One result per
   * array (same shape as the input), then the {@code [k]i64} sizes of the classes. A negative
   * {@code k} counts as 0.
   */
  record Partition(Atom width, Atom k, Lambda cls, List<Atom> arrays) implements Exp {}

  /**
   * {@code reduce_by_index dests op nes inds vals} of ({@code mapf} of) the rows of
   * {@code arrays}: each element is an index (an i64) followed by the values combined into that
   * bucket with {@code op}; indices outside the destinations are ignored. Consumes the
   * destinations. When {@code mapf} is null the arrays are the indices and the values themselves
   * ({@code inds} and {@code vals}); a map fused into the histogram becomes its {@code mapf}, as
   * for {@link Reduce}.
   */
  record Hist(Atom width, Lambda op, List<Atom> nes, List<Atom> dests, Lambda mapf, List<Atom> arrays)
      implements Exp {
    /** The unfused form: the rows of {@code inds} and {@code vals} themselves. */
    public Hist(Atom width, Lambda op, List<Atom> nes, List<Atom> dests, Atom inds, List<Atom> vals) {
      this(width, op, nes, dests, (Lambda) null, concat(inds, vals));
    }

    private static List<Atom> concat(Atom a, List<Atom> as) {
      List<Atom> l = new java.util.ArrayList<>();
      l.add(a);
      l.addAll(as);
      return List.copyOf(l);
    }
  }

  /** {@code scatter dests inds vals} along the outer dimension; consumes the destinations. */
  record Scatter(Atom width, List<Atom> dests, Atom inds, List<Atom> vals) implements Exp {}
}
