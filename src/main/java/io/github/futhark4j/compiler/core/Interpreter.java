package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.diag.RuntimeMessages;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp.RangeKind;
import io.github.futhark4j.compiler.typed.TExp.BinOperator;
import io.github.futhark4j.compiler.typed.PrimType;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A reference interpreter of the first-order IR, written for clarity rather than speed: the oracle
 * of the fuzzer ({@code futhark4j fuzz}), which runs it on the IR straight from the lowering
 * (before any optimisation pass) and compares its results with the generated C.
 *
 * <p>Semantics are value semantics: every operation that makes an array makes a fresh one, and
 * updates ({@link Exp.Update}, {@link Exp.Hist}, {@link Exp.Scatter}) copy their destination, so
 * nothing depends on aliasing or on the order in which parallel operators run. SOACs run
 * sequentially, in index order; reductions fold from the neutral element left to right. Scalars are
 * {@link PrimValue}s, arrays {@link ArrayValue}s; the primitive operations are {@link PrimOps}.
 * Failures (bounds, assertions, division by zero, invalid slices, ranges and shapes) are
 * {@link ProgramError}s with the message the generated C reports.
 */
public final class Interpreter {
  /** A run-time error of the interpreted program (the interpreter's {@code FutharkProgramException}). */
  public static final class ProgramError extends RuntimeException {
    public ProgramError(String message) { super(message); }
  }

  /**
   * A regular array: element type, shape and the elements in row-major order in one Java
   * primitive array ({@code byte[]} for i8/u8, {@code short[]} for i16/u16, {@code int[]} for
   * i32/u32, {@code long[]} for i64/u64, {@code float[]} for f16/f32, {@code double[]} for f64,
   * {@code boolean[]} for bool: the storage of {@code io.github.futhark4j.data.Value}).
   */
  public record ArrayValue(PrimType elem, long[] shape, Object data) {
    public int rank() { return shape.length; }

    public int length() { return Array.getLength(data); }

    @Override public String toString() { return Arrays.toString(shape) + elem; }
  }

  /** The values of the variables of the function or entry being run (a call has its own). */
  private Map<String, Object> env = new HashMap<>();
  /** Statements executed; bounded so that a generated program cannot run forever. */
  private long steps;
  private final long maxSteps;
  /** The program's functions, by name. */
  private final Map<String, Program.Function> functions = new HashMap<>();
  /** How many calls of functions are running (nested). */
  private int depth;

  private Interpreter(long maxSteps) { this.maxSteps = maxSteps; }

  /**
   * Runs entry {@code e} on its (flattened) arguments: {@link PrimValue}s and {@link ArrayValue}s,
   * one per IR parameter, of the parameters' types.
   *
   * @param maxSteps the most statements to execute (an {@link IllegalStateException} past that)
   * @return one value per result of the entry's body
   * @throws ProgramError the program failed as Futhark code fails (the C would return an error)
   */
  public static List<Object> run(Program.Entry e, List<Object> args, long maxSteps) {
    return run(null, e, args, maxSteps);
  }

  /**
   * As {@link #run(Program.Entry, List, long)} for an entry of program {@code p} (null: a program
   * without functions), whose functions the entry may call. Calls nest at most {@link
   * Program#MAX_CALL_DEPTH} deep, as in the generated C, and fail with its message beyond that or
   * when the interpreter's own stack runs out first.
   */
  public static List<Object> run(Program p, Program.Entry e, List<Object> args, long maxSteps) {
    if (args.size() != e.params().size()) {
      throw new IllegalArgumentException("entry takes " + e.params().size() + " values, got " + args.size());
    }
    Interpreter in = new Interpreter(maxSteps);
    if (p != null) for (Program.Function f : p.functions()) in.functions.put(f.name(), f);
    for (int i = 0; i < args.size(); i++) {
      Atom.Var x = e.params().get(i);
      Object v = args.get(i);
      if (!typeOf(v).equals(x.type())) throw new IllegalArgumentException("parameter " + x.name() + " of type " + x.type() + " given " + typeOf(v));
      in.env.put(x.name(), v);
    }
    if (in.functions.isEmpty()) return in.body(e.body());
    // Calls nest up to Program.MAX_CALL_DEPTH deep, each some Java frames of this interpreter: a
    // thread of its own with a stack for that (reserved address space, committed as it is used).
    Object[] result = new Object[1];
    Thread t = new Thread(null, () -> {
      try {
        result[0] = in.body(e.body());
      } catch (RuntimeException | Error x) {
        result[0] = x;
      }
    }, "futhark4j-interpreter", STACK);
    t.start();
    try {
      t.join();
    } catch (InterruptedException x) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while interpreting", x);
    }
    if (result[0] instanceof RuntimeException x) throw x;
    if (result[0] instanceof Error x) throw x;
    @SuppressWarnings("unchecked") List<Object> out = (List<Object>) result[0];
    return out;
  }

  /** The stack of the thread that runs a program with functions: room for calls nested {@link Program#MAX_CALL_DEPTH} deep. */
  private static final long STACK = 1L << 30;

  /** The IR type of a value. */
  public static IrType typeOf(Object v) {
    return switch (v) {
      case PrimValue p -> new IrType.Scalar(p.type());
      case ArrayValue a -> new IrType.Arr(a.elem(), a.rank());
      default -> throw new IllegalArgumentException("not a value: " + v);
    };
  }

  // ---- arrays ----------------------------------------------------------------------------------

  static Object alloc(PrimType t, long n) {
    if (n > Integer.MAX_VALUE - 16) throw new ProgramError("Failed to allocate memory: array too large.");
    int k = (int) n;
    return switch (t) {
      case I8, U8 -> new byte[k];
      case I16, U16 -> new short[k];
      case I32, U32 -> new int[k];
      case I64, U64 -> new long[k];
      case F16, F32 -> new float[k];
      case F64 -> new double[k];
      case BOOL -> new boolean[k];
    };
  }

  static PrimValue get(PrimType t, Object data, int i) {
    return switch (t) {
      case I8, U8 -> new PrimValue(t, PrimValue.wrap(t, ((byte[]) data)[i]), 0);
      case I16, U16 -> new PrimValue(t, PrimValue.wrap(t, ((short[]) data)[i]), 0);
      case I32, U32 -> new PrimValue(t, PrimValue.wrap(t, ((int[]) data)[i]), 0);
      case I64, U64 -> new PrimValue(t, ((long[]) data)[i], 0);
      case F16, F32 -> new PrimValue(t, 0, ((float[]) data)[i]);
      case F64 -> new PrimValue(t, 0, ((double[]) data)[i]);
      case BOOL -> PrimValue.ofBool(((boolean[]) data)[i]);
    };
  }

  static void set(PrimType t, Object data, int i, PrimValue v) {
    switch (t) {
      case I8, U8 -> ((byte[]) data)[i] = (byte) v.bits();
      case I16, U16 -> ((short[]) data)[i] = (short) v.bits();
      case I32, U32 -> ((int[]) data)[i] = (int) v.bits();
      case I64, U64 -> ((long[]) data)[i] = v.bits();
      case F16, F32 -> ((float[]) data)[i] = (float) v.floatValue();
      case F64 -> ((double[]) data)[i] = v.floatValue();
      case BOOL -> ((boolean[]) data)[i] = v.boolValue();
    }
  }

  static long numel(long[] shape, int from) {
    long n = 1;
    for (int i = from; i < shape.length; i++) n *= shape[i];
    return n;
  }

  static ArrayValue make(PrimType t, long[] shape) {
    long[] s = shape.clone();
    long n = 1;
    for (int i = 0; i < s.length; i++) {
      if (s[i] < 0) s[i] = 0;
      try {
        n = Math.multiplyExact(n, s[i]);
      } catch (ArithmeticException e) {
        throw new ProgramError("Failed to allocate memory: array too large.");
      }
    }
    return new ArrayValue(t, s, alloc(t, n));
  }

  static ArrayValue copy(ArrayValue a) {
    Object d = alloc(a.elem(), a.length());
    System.arraycopy(a.data(), 0, d, 0, a.length());
    return new ArrayValue(a.elem(), a.shape().clone(), d);
  }

  /** Row {@code i} (a scalar of a one-dimensional array, else a fresh array). */
  static Object row(ArrayValue a, long i) {
    if (a.rank() == 1) return get(a.elem(), a.data(), (int) i);
    long rl = numel(a.shape(), 1);
    ArrayValue r = make(a.elem(), Arrays.copyOfRange(a.shape(), 1, a.rank()));
    System.arraycopy(a.data(), (int) (i * rl), r.data(), 0, (int) rl);
    return r;
  }

  /** Writes {@code v} (a scalar or an array of the row's shape, checked by the caller) into row {@code i}. */
  static void setRow(ArrayValue a, long i, Object v) {
    if (v instanceof PrimValue p) {
      set(a.elem(), a.data(), (int) i, p);
      return;
    }
    ArrayValue r = (ArrayValue) v;
    System.arraycopy(r.data(), 0, a.data(), (int) (i * r.length()), r.length());
  }

  static String shapeText(long[] shape) {
    StringBuilder sb = new StringBuilder();
    for (long d : shape) sb.append('[').append(d).append(']');
    return sb.toString();
  }

  /** Stacks rows of type {@code rowType} into an array; rows that are arrays must share one shape. */
  private static ArrayValue stack(List<Object> rows, IrType rowType, Span span) {
    long n = rows.size();
    if (rowType.rank() == 0) {
      ArrayValue out = make(rowType.elem(), new long[] {n});
      for (int i = 0; i < n; i++) set(out.elem(), out.data(), i, (PrimValue) rows.get(i));
      return out;
    }
    long[] rs = n == 0 ? new long[rowType.rank()] : ((ArrayValue) rows.get(0)).shape();
    for (Object r : rows) {
      long[] s = ((ArrayValue) r).shape();
      if (!Arrays.equals(s, rs)) {
        throw new ProgramError("Function result has shape " + shapeText(s) + ", but another has shape " + shapeText(rs)
            + " (irregular array).");
      }
    }
    long[] shape = new long[rs.length + 1];
    shape[0] = n;
    System.arraycopy(rs, 0, shape, 1, rs.length);
    ArrayValue out = make(rowType.elem(), shape);
    for (int i = 0; i < n; i++) setRow(out, i, rows.get(i));
    return out;
  }

  private static boolean sameShape(Object row, ArrayValue a) {
    if (row instanceof PrimValue) return a.rank() == 1;
    long[] s = ((ArrayValue) row).shape();
    return Arrays.equals(s, Arrays.copyOfRange(a.shape(), 1, a.rank()));
  }

  // ---- evaluation -----------------------------------------------------------------------------

  private Object atom(Atom a) {
    return switch (a) {
      case Atom.Const c -> c.value();
      case Atom.Var v -> {
        Object o = env.get(v.name());
        if (o == null) throw new IllegalStateException("unbound variable " + v.name());
        yield o;
      }
    };
  }

  private PrimValue scalar(Atom a) { return (PrimValue) atom(a); }

  private ArrayValue array(Atom a) { return (ArrayValue) atom(a); }

  private long i64(Atom a) { return scalar(a).bits(); }

  private List<Object> body(Body b) {
    for (Stm s : b.stms()) {
      if (++steps > maxSteps) throw new IllegalStateException("interpreter step limit (" + maxSteps + ") exceeded");
      List<Object> vs = exp(s.exp(), s.pattern());
      if (vs.size() != s.pattern().size()) {
        throw new IllegalStateException("statement binds " + s.pattern().size() + " names but produced " + vs.size());
      }
      for (int i = 0; i < vs.size(); i++) env.put(s.pattern().get(i).name(), vs.get(i));
    }
    List<Object> out = new ArrayList<>();
    for (Atom r : b.results()) out.add(atom(r));
    return out;
  }

  private List<Object> apply(Lambda f, List<Object> args) {
    for (int i = 0; i < args.size(); i++) env.put(f.params().get(i).name(), args.get(i));
    return body(f.body());
  }

  /** A call: the function's body runs with its parameters bound, in an environment of its own. */
  private List<Object> call(Exp.Call c) {
    Program.Function f = functions.get(c.fn());
    if (f == null) throw new IllegalStateException("call of unknown function " + c.fn());
    if (depth >= Program.MAX_CALL_DEPTH) throw new ProgramError(Program.recursionTooDeep(f.source()) + loc(c.span()));
    Map<String, Object> inner = new HashMap<>();
    for (int i = 0; i < c.args().size(); i++) inner.put(f.params().get(i).name(), atom(c.args().get(i)));
    Map<String, Object> saved = env;
    env = inner;
    depth++;
    try {
      return body(f.body());
    } catch (StackOverflowError e) {
      throw new ProgramError("Recursion too deep: calls of \"" + f.source() + "\" nested " + depth
          + " deep exhaust the stack." + loc(c.span()));
    } finally {
      env = saved;
      depth--;
    }
  }

  private static String loc(Span span) {
    return span == null || span == Span.NONE ? "" : " at " + span.render();
  }

  private List<Object> exp(Exp e, List<Atom.Var> pat) {
    return switch (e) {
      case Exp.AtomE a -> List.of(atom(a.atom()));
      case Exp.BinOp b -> {
        if (b.op() == BinOperator.POW && b.type().isInteger() && b.type().isSigned() && scalar(b.y()).bits() < 0) {
          throw new ProgramError(RuntimeMessages.NEGATIVE_EXPONENT + loc(b.span()));
        }
        try {
          yield List.of(PrimOps.binop(b.op(), b.type(), scalar(b.x()), scalar(b.y())));
        } catch (ArithmeticException ex) {
          throw new ProgramError(RuntimeMessages.DIVISION_BY_ZERO + loc(b.span()));
        }
      }
      case Exp.UnOp u -> List.of(PrimOps.unop(u.op(), u.type(), scalar(u.x())));
      case Exp.Convert c -> List.of(PrimOps.convert(c.x().type().elem(), c.to(), scalar(c.x())));
      case Exp.PrimCall p -> {
        List<PrimValue> args = new ArrayList<>();
        for (Atom a : p.args()) args.add(scalar(a));
        yield List.of(PrimOps.call(p.name(), args, p.args().get(0).type().elem(), p.result()));
      }
      case Exp.Shape s -> {
        ArrayValue a = array(s.array());
        yield List.of(PrimOps.ofInt(PrimType.I64, s.dim() < a.rank() ? a.shape()[s.dim()] : 0));
      }
      case Exp.Index ix -> List.of(index(ix));
      case Exp.Slice s -> List.of(slice(array(s.array()), s.dims(), s.span()));
      case Exp.Update u -> List.of(update(u));
      case Exp.UpdateSlice u -> List.of(updateSlice(u));
      case Exp.ArrayLit a -> List.of(arrayLit(a));
      case Exp.Iota i -> {
        long n = i64(i.n());
        if (n < 0) throw new ProgramError("Range 0..1..<" + n + " is invalid.");
        ArrayValue out = make(i.type(), new long[] {n});
        for (int k = 0; k < n; k++) set(out.elem(), out.data(), k, PrimOps.ofInt(i.type(), k));
        yield List.of(out);
      }
      case Exp.Replicate r -> {
        long n = i64(r.n());
        Object v = atom(r.value());
        if (n < 0) {
          // As the compiled code (the engine's allocation): a negative count with no empty dimension.
          long inner = v instanceof ArrayValue av ? java.util.Arrays.stream(av.shape()).reduce(1, (a, b) -> a * b) : 1;
          if (inner != 0) throw new ProgramError("Negative allocation of " + n * inner * typeOf(v).elem().bytes() + " bytes attempted.");
          n = 0;
        }
        List<Object> rows = new ArrayList<>();
        for (long k = 0; k < n; k++) rows.add(v);
        IrType rt = typeOf(v);
        if (n == 0 && v instanceof ArrayValue av) {
          long[] sh = new long[av.rank() + 1];
          System.arraycopy(av.shape(), 0, sh, 1, av.rank());
          yield List.of(make(av.elem(), sh));
        }
        yield List.of(stack(rows, rt, null));
      }
      case Exp.Copy c -> List.of(copy(array(c.array())));
      case Exp.Concat c -> {
        ArrayValue a = array(c.arrays().get(0));
        for (int k = 1; k < c.arrays().size(); k++) a = concat(a, array(c.arrays().get(k)), c.span());
        yield List.of(a);
      }
      case Exp.Transpose t -> List.of(transpose(array(t.array())));
      case Exp.Flatten f -> {
        ArrayValue a = array(f.array());
        long[] s = new long[a.rank() - 1];
        s[0] = a.shape()[0] * a.shape()[1];
        System.arraycopy(a.shape(), 2, s, 1, a.rank() - 2);
        yield List.of(new ArrayValue(a.elem(), s, copy(a).data()));
      }
      case Exp.Unflatten u -> {
        ArrayValue a = array(u.array());
        long n = i64(u.n()), m = i64(u.m());
        if (n < 0 || m < 0 || n * m != a.shape()[0]) {
          throw new ProgramError("Cannot unflatten array of shape [" + a.shape()[0] + "] to array of shape [" + n + "][" + m + "]"
              + loc(u.span()));
        }
        long[] s = new long[a.rank() + 1];
        s[0] = n;
        s[1] = m;
        System.arraycopy(a.shape(), 1, s, 2, a.rank() - 1);
        yield List.of(new ArrayValue(a.elem(), s, copy(a).data()));
      }
      case Exp.Rotate r -> {
        ArrayValue a = array(r.array());
        long n = a.shape()[0];
        ArrayValue out = make(a.elem(), a.shape());
        if (n > 0) {
          // Row i is a[(i + r) % n] with i + r wrapping around, as the language defines it.
          long s = i64(r.amount());
          for (long i = 0; i < n; i++) setRow(out, i, row(a, Math.floorMod(i + s, n)));
        }
        yield List.of(out);
      }
      case Exp.Range r -> List.of(range(r));
      case Exp.If i -> scalar(i.cond()).boolValue() ? body(i.then()) : body(i.otherwise());
      case Exp.Loop l -> loop(l);
      case Exp.Call c -> call(c);
      case Exp.Assert a -> {
        if (!scalar(a.cond()).boolValue()) {
          String msg = a.message();
          for (Atom x : a.args()) msg = msg.replaceFirst("%lld", Long.toString(i64(x)));
          throw new ProgramError(msg.replace("%%", "%") + loc(a.span()));
        }
        yield List.of();
      }
      case Exp.Map m -> map(m, pat);
      case Exp.Reduce r -> reduce(r);
      case Exp.Scan s -> scan(s);
      case Exp.Filter f -> filter(f);
      case Exp.Partition p -> partition(p);
      case Exp.Hist h -> hist(h);
      case Exp.Scatter s -> scatter(s);
      case Exp.WithVjp w -> apply(w.f(), w.args().stream().map(this::atom).toList()); // its primal: f
    };
  }

  private Object index(Exp.Index ix) {
    ArrayValue a = array(ix.array());
    List<Long> idx = new ArrayList<>();
    for (Atom i : ix.indices()) idx.add(i64(i));
    checkBounds(a, idx, ix.span());
    long off = 0;
    for (int d = 0; d < idx.size(); d++) off = off * a.shape()[d] + idx.get(d);
    if (idx.size() == a.rank()) return get(a.elem(), a.data(), (int) off);
    long inner = numel(a.shape(), idx.size());
    ArrayValue out = make(a.elem(), Arrays.copyOfRange(a.shape(), idx.size(), a.rank()));
    System.arraycopy(a.data(), (int) (off * inner), out.data(), 0, (int) inner);
    return out;
  }

  private static void checkBounds(ArrayValue a, List<Long> idx, Span span) {
    for (int d = 0; d < idx.size(); d++) {
      if (idx.get(d) < 0 || idx.get(d) >= a.shape()[d]) {
        if (span == null) throw new IllegalStateException("unchecked index out of bounds (an #[unsafe] index)");
        StringBuilder sb = new StringBuilder("[");
        for (int k = 0; k < idx.size(); k++) sb.append(k > 0 ? ", " : "").append(idx.get(k));
        // The shape of the dimensions indexed, as the reference prints it (a[3] of [2][2]: "[2]").
        throw new ProgramError("Index " + sb + "] out of bounds for array of shape "
            + shapeText(java.util.Arrays.copyOf(a.shape(), idx.size())) + "." + loc(span));
      }
    }
  }

  private Object update(Exp.Update u) {
    ArrayValue a = copy(array(u.array()));
    List<Long> idx = new ArrayList<>();
    for (Atom i : u.indices()) idx.add(i64(i));
    checkBounds(a, idx, u.span());
    long off = 0;
    for (int d = 0; d < idx.size(); d++) off = off * a.shape()[d] + idx.get(d);
    Object v = atom(u.value());
    if (idx.size() == a.rank()) {
      set(a.elem(), a.data(), (int) off, (PrimValue) v);
      return a;
    }
    ArrayValue r = (ArrayValue) v;
    if (!Arrays.equals(r.shape(), Arrays.copyOfRange(a.shape(), idx.size(), a.rank()))) {
      throw new ProgramError("Cannot write a value of shape " + r.shape()[0] + " into a row of size " + a.shape()[idx.size()] + "."
          + loc(u.span()));
    }
    System.arraycopy(r.data(), 0, a.data(), (int) (off * r.length()), r.length());
    return a;
  }

  /** A resolved slice: per input dimension start, count (-1 for a fixed index) and stride. */
  private record Resolved(long[] start, long[] count, long[] stride) {}

  private Resolved resolve(ArrayValue a, List<Exp.SliceDim> dims, Span span) {
    int nd = dims.size();
    long[] start = new long[nd], count = new long[nd], stride = new long[nd];
    boolean bad = false;
    StringBuilder text = new StringBuilder("[");
    for (int i = 0; i < nd; i++) {
      long n = a.shape()[i];
      if (i > 0) text.append(", ");
      switch (dims.get(i)) {
        case Exp.SliceDim.Fix f -> {
          long x = i64(f.index());
          text.append(x);
          if (x < 0 || x >= n) bad = true;
          start[i] = x;
          count[i] = -1;
          stride[i] = 1;
        }
        case Exp.SliceDim.Range r -> {
          Long bs = r.start() == null ? null : i64(r.start());
          Long be = r.end() == null ? null : i64(r.end());
          Long bst = r.stride() == null ? null : i64(r.stride());
          // As the reference writes the range: with neither end nor stride, the start even where
          // it was left out (a[:, 3:] is "[0:, 3:]").
          if (bs != null || (be == null && bst == null)) text.append(bs != null ? bs : 0);
          text.append(':');
          if (be != null) text.append(be);
          if (bst != null) text.append(':').append(bst);
          // The reference's rule: (e - b + s - signum s) / s elements, rounded towards zero; an
          // empty range is acceptable wherever it starts, another one only within the dimension.
          long s = bst == null ? 1 : bst;
          if (s == 0) { bad = true; continue; }
          long b = bs != null ? bs : (s > 0 ? 0 : n - 1);
          long e = be != null ? be : (s > 0 ? n : -1);
          long c = (e - b + s - Long.signum(s)) / s;
          if (c != 0) {
            long last = b + (c - 1) * s;
            boolean ok = s > 0 ? 0 <= b && b <= e && 0 <= last && last < n : -1 <= e && e <= b && 0 <= last && b < n;
            if (!ok || c < 0) { bad = true; continue; }
          }
          start[i] = b;
          count[i] = c;
          stride[i] = s;
        }
      }
    }
    if (bad) throw new ProgramError("Index " + text + "] out of bounds for array of shape "
        + shapeText(java.util.Arrays.copyOf(a.shape(), Math.min(nd, a.shape().length))) + "." + loc(span));
    return new Resolved(start, count, stride);
  }

  /** Element offsets (in a's data) of the slice's elements, in row-major order of the slice. */
  private static void offsets(ArrayValue a, Resolved r, int dim, long base, List<Long> out) {
    int nd = r.start().length;
    if (dim == a.rank()) { out.add(base); return; }
    long inner = numel(a.shape(), dim + 1);
    if (dim >= nd) {
      for (long j = 0; j < a.shape()[dim]; j++) offsets(a, r, dim + 1, base + j * inner, out);
    } else if (r.count()[dim] < 0) {
      offsets(a, r, dim + 1, base + r.start()[dim] * inner, out);
    } else {
      for (long j = 0; j < r.count()[dim]; j++) offsets(a, r, dim + 1, base + (r.start()[dim] + j * r.stride()[dim]) * inner, out);
    }
  }

  private static long[] sliceShape(ArrayValue a, Resolved r) {
    List<Long> s = new ArrayList<>();
    for (int i = 0; i < r.count().length; i++) if (r.count()[i] >= 0) s.add(r.count()[i]);
    for (int i = r.count().length; i < a.rank(); i++) s.add(a.shape()[i]);
    return s.stream().mapToLong(Long::longValue).toArray();
  }

  private Object slice(ArrayValue a, List<Exp.SliceDim> dims, Span span) {
    Resolved r = resolve(a, dims, span);
    long[] shape = sliceShape(a, r);
    List<Long> offs = new ArrayList<>();
    offsets(a, r, 0, 0, offs);
    if (shape.length == 0) return get(a.elem(), a.data(), offs.get(0).intValue());
    ArrayValue out = make(a.elem(), shape);
    for (int i = 0; i < offs.size(); i++) set(a.elem(), out.data(), i, get(a.elem(), a.data(), offs.get(i).intValue()));
    return out;
  }

  private Object updateSlice(Exp.UpdateSlice u) {
    ArrayValue a = copy(array(u.array()));
    Resolved r = resolve(a, u.dims(), u.span());
    long[] shape = sliceShape(a, r);
    Object v = atom(u.value());
    long[] vs = v instanceof ArrayValue av ? av.shape() : new long[0];
    if (!Arrays.equals(shape, vs)) {
      throw new ProgramError("Value of shape " + (vs.length > 0 ? vs[0] : 0) + " cannot be written to a slice of a different shape."
          + loc(u.span()));
    }
    List<Long> offs = new ArrayList<>();
    offsets(a, r, 0, 0, offs);
    for (int i = 0; i < offs.size(); i++) {
      PrimValue x = v instanceof ArrayValue av ? get(a.elem(), av.data(), i) : (PrimValue) v;
      set(a.elem(), a.data(), offs.get(i).intValue(), x);
    }
    return a;
  }

  private Object arrayLit(Exp.ArrayLit a) {
    IrType t = a.type();
    List<Object> rows = new ArrayList<>();
    for (Atom x : a.elements()) rows.add(atom(x));
    if (rows.isEmpty()) {
      long[] s = new long[t.rank()];
      return make(t.elem(), s);
    }
    return stack(rows, t.row(), a.span());
  }

  private static ArrayValue concat(ArrayValue a, ArrayValue b, Span span) {
    for (int i = 1; i < a.rank(); i++) {
      if (a.shape()[i] != b.shape()[i]) {
        throw new ProgramError("Cannot concatenate arrays of shapes " + shapeText(a.shape()) + " and " + shapeText(b.shape()) + "."
            + loc(span));
      }
    }
    long[] s = a.shape().clone();
    s[0] = a.shape()[0] + b.shape()[0];
    ArrayValue out = make(a.elem(), s);
    System.arraycopy(a.data(), 0, out.data(), 0, a.length());
    System.arraycopy(b.data(), 0, out.data(), a.length(), b.length());
    return out;
  }

  private static ArrayValue transpose(ArrayValue a) {
    long n = a.shape()[0], m = a.shape()[1];
    long[] s = a.shape().clone();
    s[0] = m;
    s[1] = n;
    ArrayValue out = make(a.elem(), s);
    int inner = (int) numel(a.shape(), 2);
    for (long i = 0; i < n; i++) {
      for (long j = 0; j < m; j++) {
        System.arraycopy(a.data(), (int) ((i * m + j) * inner), out.data(), (int) ((j * n + i) * inner), inner);
      }
    }
    return out;
  }

  private Object range(Exp.Range r) {
    PrimType t = r.type();
    long start = i64(r.start()), end = i64(r.end());
    boolean hasSecond = r.second() != null;
    long step = hasSecond ? i64(r.second()) - start : r.kind() == RangeKind.DOWN_TO_EXCLUSIVE ? -1 : 1;
    int kind = switch (r.kind()) {
      case INCLUSIVE -> 0;
      case DOWN_TO_EXCLUSIVE -> 2;
      default -> 1;
    };
    boolean uns = t.isUnsigned();
    boolean inclusive = kind == 0;
    boolean ok = step != 0;
    if (ok && !uns) {
      if (kind == 0) ok = step > 0 ? start <= end : start >= end;
      else if (kind == 1) ok = step > 0 && start <= end;
      else ok = step < 0 && start >= end;
    }
    if (ok && uns) {
      if (kind == 2) ok = step < 0 && Long.compareUnsigned(start, end) >= 0;
      else ok = Long.compareUnsigned(start, end) <= 0 || !inclusive;
      if (kind == 1) ok = ok && step > 0;
    }
    if (!ok) {
      String op = kind == 0 ? "..." : kind == 1 ? "..<" : "..>";
      throw new ProgramError((hasSecond ? "Range " + start + ".." + (start + step) + op + end : "Range " + start + op + end)
          + " is invalid." + loc(r.span()));
    }
    long count;
    if (uns && kind != 2) {
      long d = end - start;
      count = Long.compareUnsigned(start, end) > 0 ? 0
          : inclusive ? Long.divideUnsigned(d, step) + 1 : Long.divideUnsigned(d + step - 1, step);
    } else if (uns) {
      long d = start - end, s = -step;
      count = Long.divideUnsigned(d + s - 1, s);
    } else if (step > 0) {
      count = end < start ? 0 : inclusive ? (end - start) / step + 1 : (end - start + step - 1) / step;
    } else {
      count = end > start ? 0 : inclusive ? (start - end) / (-step) + 1 : (start - end + (-step) - 1) / (-step);
    }
    if (!inclusive && count < 0) count = 0;
    ArrayValue out = make(t, new long[] {count});
    for (int i = 0; i < count; i++) set(t, out.data(), i, PrimOps.ofInt(t, start + i * step));
    return out;
  }

  private List<Object> loop(Exp.Loop l) {
    List<Object> vals = new ArrayList<>();
    for (Atom a : l.inits()) vals.add(atom(a));
    switch (l.form()) {
      case Exp.LoopForm.For f -> {
        PrimValue bound = scalar(f.bound());
        PrimType it = f.index().type().elem();
        for (long i = 0; ; i++) {
          PrimValue iv = PrimOps.ofInt(it, i);
          if (!PrimOps.binop(io.github.futhark4j.compiler.typed.TExp.BinOperator.LT, it, iv, bound).boolValue()) break;
          if (++steps > maxSteps) throw new IllegalStateException("interpreter step limit (" + maxSteps + ") exceeded");
          env.put(f.index().name(), iv);
          for (int k = 0; k < vals.size(); k++) env.put(l.params().get(k).name(), vals.get(k));
          vals = body(l.body());
        }
      }
      case Exp.LoopForm.While w -> {
        while (true) {
          for (int k = 0; k < vals.size(); k++) env.put(l.params().get(k).name(), vals.get(k));
          if (!((PrimValue) body(w.cond()).get(0)).boolValue()) break;
          if (++steps > maxSteps) throw new IllegalStateException("interpreter step limit (" + maxSteps + ") exceeded");
          vals = body(l.body());
        }
      }
    }
    return vals;
  }

  private List<Object> rowsOf(List<Atom> arrays, long i) {
    List<Object> out = new ArrayList<>();
    for (Atom a : arrays) out.add(row(array(a), i));
    return out;
  }

  private void checkWidth(Atom width, List<Atom> arrays) {
    long w = i64(width);
    for (Atom a : arrays) {
      if (array(a).shape()[0] != w) {
        throw new IllegalStateException("SOAC of width " + w + " over an array of outer size " + array(a).shape()[0]);
      }
    }
  }

  private List<Object> map(Exp.Map m, List<Atom.Var> pat) {
    checkWidth(m.width(), m.arrays());
    long w = i64(m.width());
    List<IrType> rts = m.f().returnTypes();
    List<List<Object>> cols = new ArrayList<>();
    for (int k = 0; k < rts.size(); k++) cols.add(new ArrayList<>());
    for (long i = 0; i < w; i++) {
      List<Object> r = apply(m.f(), rowsOf(m.arrays(), i));
      for (int k = 0; k < r.size(); k++) cols.get(k).add(r.get(k));
    }
    List<Object> out = new ArrayList<>();
    List<List<RowShapes.Dim>> rows = w == 0 ? RowShapes.of(m.f(), m.arrays()) : null;
    for (int k = 0; k < rts.size(); k++) {
      List<RowShapes.Dim> row = rows == null ? null : rows.get(k);
      if (row != null && row.size() == rts.get(k).rank()) {
        // No rows computed: their shape is what the lambda would give (RowShapes).
        long[] shape = new long[row.size() + 1];
        for (int d = 0; d < row.size(); d++) {
          shape[d + 1] = switch (row.get(d)) {
            case RowShapes.Dim.Of o -> i64(o.atom());
            case RowShapes.Dim.ShapeOf so -> array(so.array()).shape()[so.dim()];
          };
        }
        out.add(make(rts.get(k).elem(), shape));
      } else {
        out.add(stack(cols.get(k), rts.get(k), null));
      }
    }
    return out;
  }

  private List<Object> mapped(Lambda mapf, List<Atom> arrays, long i) {
    List<Object> rows = rowsOf(arrays, i);
    return mapf == null ? rows : apply(mapf, rows);
  }

  private List<Object> combine(Lambda op, List<Object> acc, List<Object> x) {
    List<Object> args = new ArrayList<>(acc);
    args.addAll(x);
    return apply(op, args);
  }

  private List<Object> reduce(Exp.Reduce r) {
    checkWidth(r.width(), r.arrays());
    List<Object> acc = new ArrayList<>();
    for (Atom a : r.nes()) acc.add(atom(a));
    long w = i64(r.width());
    for (long i = 0; i < w; i++) acc = combine(r.op(), acc, mapped(r.mapf(), r.arrays(), i));
    return acc;
  }

  private List<Object> scan(Exp.Scan s) {
    checkWidth(s.width(), s.arrays());
    List<Object> acc = new ArrayList<>();
    for (Atom a : s.nes()) acc.add(atom(a));
    long w = i64(s.width());
    List<List<Object>> cols = new ArrayList<>();
    for (int k = 0; k < s.elementTypes().size(); k++) cols.add(new ArrayList<>());
    for (long i = 0; i < w; i++) {
      acc = combine(s.op(), acc, mapped(s.mapf(), s.arrays(), i));
      List<Object> elems = s.postf() == null ? acc : apply(s.postf(), acc);
      for (int k = 0; k < elems.size(); k++) cols.get(k).add(elems.get(k));
    }
    List<Object> out = new ArrayList<>();
    List<IrType> ets = s.elementTypes();
    for (int k = 0; k < ets.size(); k++) {
      // An empty scan of arrays has rows of the neutral element's shape (a post map's are scalars).
      Object ne = s.postf() == null ? atom(s.nes().get(k)) : null;
      if (w == 0 && ne instanceof ArrayValue av) {
        long[] sh = new long[av.rank() + 1];
        System.arraycopy(av.shape(), 0, sh, 1, av.rank());
        out.add(make(av.elem(), sh));
      } else {
        out.add(stack(cols.get(k), ets.get(k), null));
      }
    }
    return out;
  }

  private List<Object> filter(Exp.Filter f) {
    checkWidth(f.width(), f.arrays());
    long w = i64(f.width());
    List<Long> keep = new ArrayList<>();
    for (long i = 0; i < w; i++) {
      if (((PrimValue) apply(f.pred(), rowsOf(f.arrays(), i)).get(0)).boolValue()) keep.add(i);
    }
    List<Object> out = new ArrayList<>();
    for (Atom a : f.arrays()) out.add(select(array(a), keep));
    return out;
  }

  private static ArrayValue select(ArrayValue a, List<Long> rows) {
    long[] s = a.shape().clone();
    s[0] = rows.size();
    ArrayValue out = make(a.elem(), s);
    for (int i = 0; i < rows.size(); i++) setRow(out, i, row(a, rows.get(i)));
    return out;
  }

  private List<Object> partition(Exp.Partition p) {
    checkWidth(p.width(), p.arrays());
    long w = i64(p.width());
    long k = Math.max(0, i64(p.k()));
    List<List<Long>> classes = new ArrayList<>();
    for (long c = 0; c <= k; c++) classes.add(new ArrayList<>());
    for (long i = 0; i < w; i++) {
      long c = ((PrimValue) apply(p.cls(), rowsOf(p.arrays(), i)).get(0)).bits();
      classes.get(c >= 0 && c < k ? (int) c : (int) k).add(i);
    }
    List<Long> order = new ArrayList<>();
    for (List<Long> c : classes) order.addAll(c);
    List<Object> out = new ArrayList<>();
    for (Atom a : p.arrays()) out.add(select(array(a), order));
    ArrayValue sizes = make(PrimType.I64, new long[] {k});
    for (int c = 0; c < k; c++) ((long[]) sizes.data())[c] = classes.get(c).size();
    out.add(sizes);
    return out;
  }

  private List<Object> hist(Exp.Hist h) {
    checkWidth(h.width(), h.arrays());
    List<ArrayValue> dests = new ArrayList<>();
    for (Atom d : h.dests()) dests.add(copy(array(d)));
    long w = i64(h.width());
    for (long i = 0; i < w; i++) {
      List<Object> el = mapped(h.mapf(), h.arrays(), i);
      long ix = ((PrimValue) el.get(0)).bits();
      if (ix < 0 || ix >= dests.get(0).shape()[0]) continue;
      List<Object> args = new ArrayList<>();
      for (ArrayValue d : dests) args.add(row(d, ix));
      args.addAll(el.subList(1, el.size()));
      List<Object> r = apply(h.op(), args);
      for (int k = 0; k < dests.size(); k++) {
        if (!sameShape(r.get(k), dests.get(k))) throw new ProgramError("Histogram operator result of the wrong shape.");
        setRow(dests.get(k), ix, r.get(k));
      }
    }
    return new ArrayList<>(dests);
  }

  private List<Object> scatter(Exp.Scatter s) {
    List<Atom> ins = new ArrayList<>(s.vals());
    ins.add(s.inds());
    checkWidth(s.width(), ins);
    List<ArrayValue> dests = new ArrayList<>();
    for (Atom d : s.dests()) dests.add(copy(array(d)));
    long w = i64(s.width());
    ArrayValue inds = array(s.inds());
    for (long i = 0; i < w; i++) {
      long ix = get(inds.elem(), inds.data(), (int) i).bits();
      for (int k = 0; k < dests.size(); k++) {
        ArrayValue d = dests.get(k);
        if (ix < 0 || ix >= d.shape()[0]) continue;
        Object v = row(array(s.vals().get(k)), i);
        if (!sameShape(v, d)) {
          throw new ProgramError("Cannot write a value of shape " + shapeText(((ArrayValue) v).shape()) + " into a row of shape "
              + shapeText(Arrays.copyOfRange(d.shape(), 1, d.rank())) + ".");
        }
        setRow(d, ix, v);
      }
    }
    return new ArrayList<>(dests);
  }
}
