package io.github.futhark4j.fuzz;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random arguments for a generated entry point: valid ones (sizes chosen per size variable, so
 * that shared sizes agree; elements mostly small, sometimes extreme, NaN or infinite) and invalid
 * ones (a wrong size, a wrong rank, null, a ragged array, a scalar out of its type's range).
 */
public final class Inputs {
  private Inputs() {}

  /** How an invalid argument list is wrong. */
  public enum Invalid {
    /** An array whose size disagrees with another parameter's (the entry's size check must fail). */
    SIZE,
    /** An array of the wrong rank, or a scalar for an array. */
    RANK,
    /** {@code null} for a parameter. */
    NULL,
    /** Rows of different lengths. */
    RAGGED,
    /** A scalar outside its type's range. */
    RANGE
  }

  /** Concrete sizes for the entry's size variables. */
  static Map<String, Long> sizes(Gen.Entry e, Random rnd) {
    Map<String, Long> m = new HashMap<>();
    for (String s : e.sizeVars()) {
      long v;
      if (e.big() && s.equals("n0")) v = 4096 + rnd.nextInt(2000);
      else v = rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(e.big() ? 3 : 5);
      m.put(s, v);
    }
    return m;
  }

  /** Valid arguments, one {@link Value} per parameter. */
  public static List<Value> valid(Gen.Entry e, Random rnd) {
    Map<String, Long> sz = sizes(e, rnd);
    List<Value> out = new ArrayList<>();
    for (Gen.Param p : e.params()) {
      long[] shape = new long[p.type().rank()];
      for (int i = 0; i < shape.length; i++) shape[i] = sz.get(p.type().dims().get(i));
      out.add(value(p.type().elem(), shape, rnd));
    }
    return out;
  }

  static Value value(ScalarType t, long[] shape, Random rnd) {
    long n = 1;
    for (long d : shape) n *= d;
    Object data = storage(t, (int) n);
    for (int i = 0; i < n; i++) setRandom(t, data, i, rnd);
    return Value.of(t, shape, data);
  }

  private static Object storage(ScalarType t, int n) {
    return Array.newInstance(Value.storageClass(t).getComponentType(), n);
  }

  private static void setRandom(ScalarType t, Object data, int i, Random rnd) {
    int k = rnd.nextInt(20);
    switch (t.kind()) {
      case BOOL -> ((boolean[]) data)[i] = rnd.nextBoolean();
      case SIGNED, UNSIGNED -> {
        long v = k < 14 ? rnd.nextInt(t.isSigned() ? 21 : 11) - (t.isSigned() ? 10 : 0) : k < 16 ? (k == 14 ? -1 : 0) : rnd.nextLong();
        switch (t) {
          case I8, U8 -> ((byte[]) data)[i] = (byte) v;
          case I16, U16 -> ((short[]) data)[i] = (short) v;
          case I32, U32 -> ((int[]) data)[i] = (int) v;
          default -> ((long[]) data)[i] = v;
        }
      }
      case FLOAT -> {
        double v = k < 16 ? Math.round((rnd.nextDouble() * 20 - 10) * 8) / 8.0
            : switch (k) {
              case 16 -> Double.NaN;
              case 17 -> rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
              case 18 -> -0.0;
              default -> (rnd.nextDouble() - 0.5) * 1e4;
            };
        if (t == ScalarType.F64) ((double[]) data)[i] = v;
        else if (t == ScalarType.F32) ((float[]) data)[i] = (float) v;
        else ((float[]) data)[i] = Float.float16ToFloat(Float.floatToFloat16((float) v));
      }
    }
  }

  /** Which invalid kinds apply to this entry (SIZE needs a size shared by two dimensions). */
  static List<Invalid> applicable(Gen.Entry e) {
    List<Invalid> out = new ArrayList<>(List.of(Invalid.RANK, Invalid.NULL));
    Map<String, Integer> uses = new HashMap<>();
    for (Gen.Param p : e.params()) for (String d : p.type().dims()) uses.merge(d, 1, Integer::sum);
    if (uses.values().stream().anyMatch(c -> c > 1)) out.add(Invalid.SIZE);
    if (e.params().stream().anyMatch(p -> p.type().rank() >= 2)) out.add(Invalid.RAGGED);
    if (e.params().stream().anyMatch(p -> p.type().rank() == 0)) out.add(Invalid.RANGE);
    return out;
  }

  /**
   * Invalid arguments as Java objects for {@code FutharkFunction.call}, and, for {@link Invalid#SIZE}
   * only (which the interpreter can run), the same as values.
   */
  record Bad(Invalid kind, int param, Object[] java, List<Value> values, String description) {}

  static Bad invalid(Gen.Entry e, Invalid kind, Random rnd) {
    List<Value> ok = valid(e, rnd);
    Object[] java = new Object[ok.size()];
    for (int i = 0; i < java.length; i++) java[i] = ok.get(i).toJava();
    List<Gen.Param> ps = e.params();
    switch (kind) {
      case SIZE -> {
        Map<String, Integer> uses = new HashMap<>();
        for (Gen.Param p : ps) for (String d : p.type().dims()) uses.merge(d, 1, Integer::sum);
        for (int i = 0; i < ps.size(); i++) {
          List<String> dims = ps.get(i).type().dims();
          for (int d = 0; d < dims.size(); d++) {
            if (uses.get(dims.get(d)) > 1) {
              long[] shape = ok.get(i).shape();
              shape[d] += 1 + rnd.nextInt(2);
              Value bad = value(ps.get(i).type().elem(), shape, rnd);
              List<Value> vs = new ArrayList<>(ok);
              vs.set(i, bad);
              java[i] = bad.toJava();
              return new Bad(kind, i, java, vs, "parameter " + ps.get(i).name() + " of shape " + bad.shapedTypeName()
                  + " (dimension " + d + " disagrees with size " + dims.get(d) + ")");
            }
          }
        }
        throw new IllegalStateException("no shared size");
      }
      case RANK -> {
        int i = rnd.nextInt(ps.size());
        GenType t = ps.get(i).type();
        int rank = t.rank() == 0 ? 1 : rnd.nextBoolean() ? t.rank() + 1 : t.rank() - 1;
        long[] shape = new long[rank];
        for (int d = 0; d < rank; d++) shape[d] = 2;
        java[i] = value(t.elem(), shape, rnd).toJava();
        return new Bad(kind, i, java, null, "parameter " + ps.get(i).name() + " of rank " + rank + " for " + t.text());
      }
      case NULL -> {
        int i = rnd.nextInt(ps.size());
        java[i] = null;
        return new Bad(kind, i, java, null, "null for parameter " + ps.get(i).name());
      }
      case RAGGED -> {
        List<Integer> is = new ArrayList<>();
        for (int i = 0; i < ps.size(); i++) if (ps.get(i).type().rank() >= 2) is.add(i);
        int i = is.get(rnd.nextInt(is.size()));
        GenType t = ps.get(i).type();
        long[] shape = new long[t.rank()];
        for (int d = 0; d < shape.length; d++) shape[d] = 2;
        Object nested = value(t.elem(), shape, rnd).toJava();
        long[] rowShape = new long[t.rank() - 1];
        for (int d = 0; d < rowShape.length; d++) rowShape[d] = 3;
        Array.set(nested, 1, value(t.elem(), rowShape, rnd).toJava());
        java[i] = nested;
        return new Bad(kind, i, java, null, "ragged array for parameter " + ps.get(i).name());
      }
      case RANGE -> {
        List<Integer> is = new ArrayList<>();
        for (int i = 0; i < ps.size(); i++) if (ps.get(i).type().rank() == 0) is.add(i);
        int i = is.get(rnd.nextInt(is.size()));
        ScalarType t = ps.get(i).type().elem();
        java[i] = switch (t) {
          case I8 -> 200;
          case U8 -> -1;
          case I16 -> 70000;
          case U16 -> 70000;
          case I32 -> 1L << 40;
          case U32 -> -5L;
          case I64 -> BigInteger.ONE.shiftLeft(70);
          case U64 -> BigInteger.ONE.shiftLeft(64);
          case F16 -> 1e6;
          case F32 -> 1e300;
          case F64 -> new BigDecimal("1e400");
          case BOOL -> 1;
        };
        return new Bad(kind, i, java, null, "out-of-range " + java[i].getClass().getSimpleName() + " " + java[i]
            + " for parameter " + ps.get(i).name() + ": " + t);
      }
    }
    throw new AssertionError(kind);
  }
}
