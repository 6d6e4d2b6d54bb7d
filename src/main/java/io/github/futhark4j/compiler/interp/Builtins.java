package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.Intrinsics;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The intrinsics ({@link Intrinsics}): the array combinators and shape operations, and the
 * primitive functions (through {@link PrimArith}). Their types are those of the use, whose type
 * parameters and sizes are read in the frame of the use: needed only for the row shape of the
 * result of a {@code map} over an empty array.
 */
final class Builtins {
  private final Evaluator ev;

  Builtins(Evaluator ev) {
    this.ev = ev;
  }

  /** An intrinsic as a function value. */
  static final class Intrinsic extends FunVal {
    private final Builtins b;
    private final String name;
    private final Type type;
    private final Frame frame;
    private final Span span;
    private final int arity;

    Intrinsic(Builtins b, String name, Type type, Frame frame, Span span) {
      this.b = b;
      this.name = name;
      this.type = type;
      this.frame = frame;
      this.span = span;
      this.arity = Builtins.arity(name, type);
    }

    @Override int arity() { return arity; }

    @Override
    Object call(Object[] args) {
      return b.apply(name, type, frame, span, args);
    }
  }

  /** How many arguments an intrinsic takes; {@code length} takes a second one (a dimension) when the checker gave it one. */
  static int arity(String name, Type type) {
    return switch (name) {
      case "map" -> 2;
      case "map2" -> 3;
      case "map3" -> 4;
      case "map4" -> 5;
      case "map5" -> 6;
      case "reduce", "reduce_comm", "scan", "partition", "scatter", "scatter_2d", "scatter_3d", "unflatten", "jvp2", "jmp2", "vjp2", "mjp2", "with_vjp",
           "fma", "mad", "mad_hi", "lerp" -> 3;
      case "hist" -> 5;
      case "filter", "replicate", "concat", "rotate", "zip", "min", "max", "atan2", "hypot", "pow", "copysign",
           "nextafter", "mul_hi", "ldexp" -> 2;
      case "length" -> type instanceof Type.Arrow a && a.result() instanceof Type.Arrow ? 2 : 1;
      default -> 1;
    };
  }

  private static Type result(Type t) {
    while (t instanceof Type.Arrow a) t = a.result();
    return t;
  }

  private static ArrayVal arr(Object v) {
    return (ArrayVal) v;
  }

  private static long i64(Object v) {
    return Forward.strip(v).bits();
  }

  Object apply(String name, Type type, Frame f, Span span, Object[] a) {
    return switch (name) {
      case "map", "map2", "map3", "map4", "map5" -> map(type, f, span, a);
      case "reduce", "reduce_comm" -> {
        Object acc = a[1];
        for (Object x : arr(a[2]).elems) acc = FunVal.apply2(a[0], acc, x);
        yield acc;
      }
      case "scan" -> {
        ArrayVal xs = arr(a[2]);
        Object acc = a[1];
        Object[] out = new Object[xs.length()];
        for (int i = 0; i < out.length; i++) out[i] = acc = FunVal.apply2(a[0], acc, xs.elems[i]);
        yield out.length == 0 ? new ArrayVal(out, RowShape.of(a[1])) : ev.regular(out, span);
      }
      case "filter" -> {
        ArrayVal xs = arr(a[1]);
        List<Object> out = new ArrayList<>();
        for (Object x : xs.elems) if (Evaluator.truth(FunVal.apply1(a[0], x))) out.add(x);
        yield ArrayVal.of(out.toArray(), xs.row);
      }
      case "partition" -> partition(a, span);
      case "hist" -> hist(a, span);
      case "scatter" -> scatter(a, span);
      case "scatter_2d", "scatter_3d" -> scatterNd(a, span);
      case "iota" -> {
        long n = i64(a[0]);
        if (n < 0) throw ev.fail("Range 0..1..<" + n + " is invalid.", span);
        Object[] out = new Object[checkedLength(n, span)];
        for (int i = 0; i < out.length; i++) out[i] = PrimArith.i64(i);
        yield new ArrayVal(out, RowShape.LEAF);
      }
      case "replicate" -> {
        long n = i64(a[0]);
        if (n < 0) throw ev.fail("Range 0..1..<" + n + " is invalid.", span);
        Object[] out = new Object[checkedLength(n, span)];
        Arrays.fill(out, a[1]);
        yield ArrayVal.of(out, RowShape.of(a[1]));
      }
      case "concat" -> {
        ArrayVal xs = arr(a[0]), ys = arr(a[1]);
        if (xs.length() > 0 && ys.length() > 0 && !xs.row.equals(ys.row)) {
          throw ev.fail("Cannot concatenate arrays of shapes " + RowShape.text(xs.dims()) + " and "
              + RowShape.text(ys.dims()) + ".", span);
        }
        Object[] out = Arrays.copyOf(xs.elems, xs.length() + ys.length());
        System.arraycopy(ys.elems, 0, out, xs.length(), ys.length());
        yield ArrayVal.of(out, xs.length() > 0 ? xs.row : ys.row);
      }
      case "flatten" -> {
        ArrayVal xs = arr(a[0]);
        RowShape inner = xs.row instanceof RowShape.Dim d ? d.row() : RowShape.LEAF;
        List<Object> out = new ArrayList<>();
        for (Object row : xs.elems) out.addAll(Arrays.asList(arr(row).elems));
        yield ArrayVal.of(out.toArray(), inner);
      }
      case "unflatten" -> {
        long n = i64(a[0]), m = i64(a[1]);
        ArrayVal xs = arr(a[2]);
        if (n < 0 || m < 0 || n * m != xs.length()) {
          throw ev.fail("Cannot unflatten array of shape [" + xs.length() + "] to array of shape [" + n + "][" + m + "]", span);
        }
        Object[] rows = new Object[(int) n];
        for (int i = 0; i < n; i++) {
          rows[i] = new ArrayVal(Arrays.copyOfRange(xs.elems, (int) (i * m), (int) ((i + 1) * m)), xs.row);
        }
        ArrayVal.markElems(xs.elems);
        yield new ArrayVal(rows, new RowShape.Dim(m, xs.row));
      }
      case "transpose" -> {
        ArrayVal xs = arr(a[0]);
        RowShape.Dim d = (RowShape.Dim) xs.row;
        int n = xs.length(), m = (int) d.n();
        Object[] rows = new Object[m];
        for (int j = 0; j < m; j++) {
          Object[] col = new Object[n];
          for (int i = 0; i < n; i++) col[i] = arr(xs.elems[i]).elems[j];
          rows[j] = ArrayVal.of(col, d.row());
        }
        yield new ArrayVal(rows, new RowShape.Dim(n, d.row()));
      }
      case "rotate" -> {
        long r = i64(a[0]);
        ArrayVal xs = arr(a[1]);
        int n = xs.length();
        Object[] out = new Object[n];
        for (int i = 0; i < n; i++) out[i] = xs.elems[(int) Math.floorMod(i + r, (long) n)];
        yield ArrayVal.of(out, xs.row);
      }
      case "zip" -> {
        ArrayVal xs = arr(a[0]), ys = arr(a[1]);
        sameLength(xs, ys, span);
        Object[] out = new Object[xs.length()];
        for (int i = 0; i < out.length; i++) out[i] = RecordVal.tuple(xs.elems[i], ys.elems[i]);
        yield ArrayVal.of(out, RowShape.rec(List.of("0", "1"), List.of(xs.row, ys.row)));
      }
      case "unzip" -> {
        ArrayVal xs = arr(a[0]);
        Object[] as = new Object[xs.length()], bs = new Object[xs.length()];
        for (int i = 0; i < as.length; i++) {
          RecordVal r = (RecordVal) xs.elems[i];
          as[i] = r.get("0");
          bs[i] = r.get("1");
        }
        yield RecordVal.tuple(ArrayVal.of(as, RowShape.field(xs.row, "0")), ArrayVal.of(bs, RowShape.field(xs.row, "1")));
      }
      case "length" -> {
        ArrayVal xs = arr(a[0]);
        if (a.length == 1) yield PrimArith.i64(xs.length());
        List<Long> dims = xs.dims();
        int d = (int) i64(a[1]);
        yield PrimArith.i64(d < dims.size() ? dims.get(d) : 0);
      }
      case "copy", "manifest" -> fresh(a[0]);
      case "opaque", "trace", "break" -> a[0];
      case "jvp2" -> Forward.jvp2(a[0], a[1], a[2]);
      case "jmp2" -> Forward.jmp2(a[0], a[1], arr(a[2]));
      case "vjp2" -> Forward.vjp2(a[0], a[1], a[2]);
      case "mjp2" -> Forward.mjp2(a[0], a[1], arr(a[2]));
      // The custom adjoint does not change the value; derivatives come from f (as in the compiled code).
      case "with_vjp" -> FunVal.apply1(a[0], a[2]);
      default -> {
        if (!Intrinsics.PRIM.contains(name)) throw new UnsupportedConstructException("the intrinsic " + name, span);
        PrimType res = name.equals("convert") ? ev.primOf(result(type), f) : null;
        try {
          if (!hasDual(a)) {
            PrimValue[] ps = new PrimValue[a.length];
            for (int i = 0; i < a.length; i++) ps[i] = (PrimValue) a[i];
            yield PrimArith.call(name, ps, res);
          }
          yield Forward.call(name, a, res);
        } catch (PrimArith.Failure e) {
          throw ev.fail(e.getMessage(), span);
        }
      }
    };
  }

  private static boolean hasDual(Object[] a) {
    for (Object x : a) if (x instanceof Forward.Dual) return true;
    return false;
  }

  private int checkedLength(long n, Span span) {
    if (n > Integer.MAX_VALUE - 16) throw ev.fail("Failed to allocate memory: an array of " + n + " elements is too large.", span);
    return (int) n;
  }

  private void sameLength(ArrayVal xs, ArrayVal ys, Span span) {
    if (xs.length() != ys.length()) {
      throw ev.fail("Sizes of arrays do not match: " + ys.length() + " and " + xs.length() + ".", span);
    }
  }

  private Object map(Type type, Frame f, Span span, Object[] a) {
    int k = a.length - 1;
    ArrayVal first = arr(a[1]);
    int n = first.length();
    for (int j = 2; j <= k; j++) sameLength(first, arr(a[j]), span);
    if (n == 0) return new ArrayVal(new Object[0], ev.rowShapeOfType(result(type), f));
    Object[] out = new Object[n];
    Object fn = a[0];
    if (k == 1) {
      Object[] xs = first.elems;
      for (int i = 0; i < n; i++) out[i] = FunVal.apply1(fn, xs[i]);
    } else {
      for (int i = 0; i < n; i++) {
        Object[] args = new Object[k];
        for (int j = 0; j < k; j++) args[j] = arr(a[j + 1]).elems[i];
        out[i] = FunVal.apply(fn, args);
      }
    }
    return ev.regular(out, span);
  }

  private Object partition(Object[] a, Span span) {
    long k = i64(a[0]);
    ArrayVal xs = arr(a[2]);
    int n = xs.length();
    long[] cls = new long[n];
    int classes = (int) Math.max(0, Math.min(k, Integer.MAX_VALUE - 16));
    long[] counts = new long[classes];
    for (int i = 0; i < n; i++) {
      cls[i] = i64(FunVal.apply1(a[1], xs.elems[i]));
      if (cls[i] >= 0 && cls[i] < classes) counts[(int) cls[i]]++;
    }
    Object[] out = new Object[n];
    int o = 0;
    for (int c = 0; c < classes; c++) for (int i = 0; i < n; i++) if (cls[i] == c) out[o++] = xs.elems[i];
    for (int i = 0; i < n; i++) if (cls[i] < 0 || cls[i] >= classes) out[o++] = xs.elems[i];
    Object[] cs = new Object[classes];
    for (int c = 0; c < classes; c++) cs[c] = PrimArith.i64(counts[c]);
    return RecordVal.tuple(ArrayVal.of(out, xs.row), new ArrayVal(cs, RowShape.LEAF));
  }

  private Object hist(Object[] a, Span span) {
    Object op = a[0];
    ArrayVal dest = arr(a[2]).owned(ev.copyOnUpdate);
    ArrayVal is = arr(a[3]), vs = arr(a[4]);
    sameLength(is, vs, span);
    int m = dest.length();
    for (int j = 0; j < is.length(); j++) {
      ev.tick();
      long i = i64(is.elems[j]);
      if (i < 0 || i >= m) continue;
      Object v = FunVal.apply2(op, dest.elems[(int) i], vs.elems[j]);
      ArrayVal.markShared(v);
      dest.elems[(int) i] = v;
    }
    return dest;
  }

  private Object scatter(Object[] a, Span span) {
    ArrayVal dest = arr(a[0]).owned(ev.copyOnUpdate);
    ArrayVal is = arr(a[1]), vs = arr(a[2]);
    sameLength(is, vs, span);
    int m = dest.length();
    for (int j = 0; j < is.length(); j++) {
      long i = i64(is.elems[j]);
      if (i < 0 || i >= m) continue;
      ArrayVal.markShared(vs.elems[j]);
      dest.elems[(int) i] = vs.elems[j];
    }
    return dest;
  }

  private Object scatterNd(Object[] a, Span span) {
    ArrayVal dest = arr(a[0]);
    ArrayVal is = arr(a[1]), vs = arr(a[2]);
    sameLength(is, vs, span);
    List<Long> dims = dest.dims();
    for (int j = 0; j < is.length(); j++) {
      RecordVal ix = (RecordVal) is.elems[j];
      List<Object> idx = new ArrayList<>();
      boolean ok = true;
      for (int d = 0; d < ix.values.length; d++) {
        long i = i64(ix.get(Integer.toString(d)));
        if (i < 0 || d >= dims.size() || i >= dims.get(d)) ok = false;
        idx.add(i);
      }
      if (ok) dest = ev.update(dest, idx, vs.elems[j], span);
    }
    return dest;
  }

  /** A fresh copy of a value: its arrays are new (their elements shared with the original). */
  static Object fresh(Object v) {
    return switch (v) {
      case ArrayVal x -> ArrayVal.of(x.elems.clone(), x.row);
      case RecordVal r -> {
        Object[] vs = new Object[r.values.length];
        for (int i = 0; i < vs.length; i++) vs[i] = fresh(r.values[i]);
        yield new RecordVal(r.names, vs);
      }
      case SumVal s -> {
        Object[] ps = new Object[s.payload.length];
        for (int i = 0; i < ps.length; i++) ps[i] = fresh(s.payload[i]);
        yield new SumVal(s.constructor, ps);
      }
      default -> v;
    };
  }
}
