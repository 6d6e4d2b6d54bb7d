package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.data.Value;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Runs the entry points of a checked program by interpreting its typed tree: an oracle for the
 * compiler that shares nothing with lowering, optimisation or code generation.
 *
 * <p>Arguments and results are {@link Value}s, as the compiled program's entry points take and
 * return them: a parameter or result of a primitive type or an array of one is a value; a top-level
 * tuple in the return type gives one result per component; any other type (a record, a sum, an
 * array of tuples ...) is opaque at the C API, and so here: such an argument cannot be given
 * ({@link IllegalArgumentException}) and such a result cannot be returned as a value
 * ({@link OpaqueValueException}; {@link #run} runs an entry point without converting its results).
 *
 * <p>Failures: a run-time error of the program is an {@link EvalError} worded as the compiled
 * program's ({@code Error: Index [3] out of bounds for array of shape [3].} and its backtrace); a
 * construct the interpreter does not implement (second derivatives of gamma) an
 * {@link UnsupportedConstructException}; arguments that do not fit the entry point an
 * {@link IllegalArgumentException}. Calls are run one at a time, each on a thread of its own with a
 * large stack (recursion); a call whose time limit passes, or whose caller is interrupted, ends
 * with a {@link CancellationException}.
 */
public final class SourceInterpreter {
  private final Map<String, TDecl> entries = new LinkedHashMap<>();
  private final Evaluator ev;

  private SourceInterpreter(TProgram program, boolean copyOnUpdate, Map<String, Long> tuning) {
    for (TDecl d : program.entryPoints()) entries.put(d.entry().name(), d);
    this.ev = new Evaluator(program.decls(), copyOnUpdate, tuning);
  }

  /** An interpreter for a checked program. */
  public static SourceInterpreter load(TProgram program) {
    return new SourceInterpreter(program, false, Map.of());
  }

  /**
   * An interpreter for a checked program with tuning parameters: {@code #[param(NAME)] e} is the
   * value of {@code NAME} when {@code tuning} has it, else {@code e} (as compiled programs read a
   * {@code .tuning} file).
   */
  public static SourceInterpreter load(TProgram program, Map<String, Long> tuning) {
    return new SourceInterpreter(program, false, tuning);
  }

  /**
   * An interpreter that never writes into a consumed array but copies it on every update (slow):
   * for checking that results do not depend on in-place updates.
   */
  public static SourceInterpreter loadCopyingUpdates(TProgram program) {
    return new SourceInterpreter(program, true, Map.of());
  }

  /** {@link #loadCopyingUpdates(TProgram)} with tuning parameters. */
  public static SourceInterpreter loadCopyingUpdates(TProgram program, Map<String, Long> tuning) {
    return new SourceInterpreter(program, true, tuning);
  }

  /** The entry points by name, in the order of the program. */
  public Map<String, TDecl.EntryPoint> entryPoints() {
    Map<String, TDecl.EntryPoint> out = new LinkedHashMap<>();
    entries.forEach((k, d) -> out.put(k, d.entry()));
    return out;
  }

  /** Whether a type crosses the C API as a value (a primitive or an array of primitives) rather than opaque. */
  public static boolean transparent(TDecl.EntryType t) {
    return Value.elementTypeOf(t.name()) != null;
  }

  /** Calls an entry point and returns its results as values. */
  public List<Value> call(String entry, List<Value> args) {
    return call(entry, args, null);
  }

  /** {@link #call}, ended with a {@link CancellationException} after {@code limit} (none if null). */
  public List<Value> call(String entry, List<Value> args, Duration limit) {
    TDecl d = entry(entry);
    Object r = invoke(d, args, limit);
    List<TDecl.EntryType> rs = d.entry().results();
    List<Object> parts = results(r, rs.size());
    List<Value> out = new ArrayList<>();
    for (int i = 0; i < rs.size(); i++) {
      TDecl.EntryType t = rs.get(i);
      if (!transparent(t)) {
        throw new OpaqueValueException("result " + i + " of " + entry + " has type " + t.name()
            + ", which is opaque at the C API: it cannot be shown as a value");
      }
      out.add(toValue(parts.get(i), t.type()));
    }
    return out;
  }

  /** Runs an entry point for its effect (success or failure), whatever the types of its results. */
  public void run(String entry, List<Value> args, Duration limit) {
    invoke(entry(entry), args, limit);
  }

  private TDecl entry(String name) {
    TDecl d = entries.get(name);
    if (d == null) throw new IllegalArgumentException("no entry point '" + name + "'; the program has " + entries.keySet());
    return d;
  }

  private static List<Object> results(Object r, int n) {
    if (n == 1) return List.of(r);
    RecordVal t = (RecordVal) r;
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) out.add(t.get(Integer.toString(i)));
    return out;
  }

  private synchronized Object invoke(TDecl d, List<Value> args, Duration limit) {
    List<TDecl.EntryType> ps = d.entry().params();
    String name = d.entry().name();
    if (ps.size() != args.size()) {
      throw new IllegalArgumentException("entry point " + name + " takes " + ps.size() + " argument(s) "
          + ps.stream().map(TDecl.EntryType::name).toList() + ", but " + args.size() + " value(s) were given");
    }
    List<Object> in = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) {
      TDecl.EntryType p = ps.get(i);
      if (!transparent(p)) {
        throw new IllegalArgumentException("entry point " + name + ": argument " + i + " has type " + p.name()
            + ", which is opaque at the C API: it cannot be given as a value");
      }
      String want = p.name().replace("*", "");
      if (!want.equals(args.get(i).typeName())) {
        throw new IllegalArgumentException("entry point " + name + ": argument " + i + " must have type " + p.name()
            + ", but the value has type " + args.get(i).typeName());
      }
      in.add(fromValue(args.get(i)));
    }
    Object[] result = new Object[1];
    Throwable[] failure = new Throwable[1];
    Thread t = new Thread(null, () -> {
      try {
        result[0] = ev.callEntry(d, in);
      } catch (StackOverflowError e) {
        failure[0] = ev.fail("Recursion too deep: the interpreter's stack is exhausted.", null);
      } catch (Throwable e) {
        failure[0] = e;
      } finally {
        ev.reset();
      }
    }, "futhark4j-interpreter", 2L << 30);
    t.setDaemon(true);
    t.start();
    try {
      if (limit == null) t.join();
      else t.join(Math.max(1, limit.toMillis()));
    } catch (InterruptedException e) {
      t.interrupt();
      joinQuietly(t);
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted while interpreting " + name);
    }
    if (t.isAlive()) {
      t.interrupt();
      joinQuietly(t);
      throw new CancellationException("interpreting " + name + " took longer than " + limit.toMillis() + " ms");
    }
    if (failure[0] instanceof RuntimeException e) throw e;
    if (failure[0] instanceof Error e) throw e;
    if (failure[0] != null) throw new IllegalStateException(failure[0]);
    return result[0];
  }

  private static void joinQuietly(Thread t) {
    try {
      t.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- values at the boundary -------------------------------------------------------------

  /** A value of a primitive type or an array of one, as the interpreter represents it. */
  static Object fromValue(Value v) {
    int rank = v.rank();
    if (rank == 0) return scalar(v, 0);
    long[] shape = v.shape();
    int[] pos = {0};
    return build(v, shape, 0, pos);
  }

  private static Object build(Value v, long[] shape, int d, int[] pos) {
    int n = (int) shape[d];
    Object[] elems = new Object[n];
    if (d == shape.length - 1) {
      for (int i = 0; i < n; i++) elems[i] = scalar(v, pos[0]++);
    } else {
      for (int i = 0; i < n; i++) elems[i] = build(v, shape, d + 1, pos);
    }
    return ArrayVal.of(elems, rowShape(shape, d + 1));
  }

  private static RowShape rowShape(long[] shape, int from) {
    RowShape s = RowShape.LEAF;
    for (int d = shape.length - 1; d >= from; d--) s = new RowShape.Dim(shape[d], s);
    return s;
  }

  /**
   * The compiler's primitive type of a value: the interpreter's one crossing between the value
   * model's {@code ScalarType} and {@link PrimType} (the two enums have the same constants).
   */
  private static PrimType prim(Value v) { return PrimType.valueOf(v.type().name()); }

  private static PrimValue scalar(Value v, int i) {
    PrimType t = prim(v);
    return switch (t.kind()) {
      case BOOL -> PrimArith.bool(v.boolAt(i));
      case FLOAT -> PrimValue.ofFloat(t, v.doubleAt(i));
      default -> PrimArith.ofInt(t, v.longAt(i));
    };
  }

  /** A result of a primitive type or an array of one as a {@link Value}. */
  static Value toValue(Object v, Type t) {
    PrimType elem = t instanceof Type.Array a && a.elem() instanceof Type.Prim p ? p.prim()
        : t instanceof Type.Prim p ? p.prim() : null;
    if (elem == null) throw new OpaqueValueException("a value of type " + t + " is opaque");
    if (v instanceof PrimValue p) return storeAll(elem, new long[0], List.of(p));
    ArrayVal a = (ArrayVal) v;
    List<Long> dims = a.dims();
    long[] shape = new long[dims.size()];
    for (int i = 0; i < shape.length; i++) shape[i] = dims.get(i);
    List<PrimValue> flat = new ArrayList<>();
    flatten(a, flat);
    return storeAll(elem, shape, flat);
  }

  private static void flatten(Object v, List<PrimValue> out) {
    if (v instanceof ArrayVal a) {
      for (Object x : a.elems) flatten(x, out);
    } else {
      out.add((PrimValue) v);
    }
  }

  private static Value storeAll(PrimType t, long[] shape, List<PrimValue> xs) {
    int n = xs.size();
    Object data = switch (t) {
      case I8, U8 -> { byte[] d = new byte[n]; for (int i = 0; i < n; i++) d[i] = (byte) xs.get(i).bits(); yield d; }
      case I16, U16 -> { short[] d = new short[n]; for (int i = 0; i < n; i++) d[i] = (short) xs.get(i).bits(); yield d; }
      case I32, U32 -> { int[] d = new int[n]; for (int i = 0; i < n; i++) d[i] = (int) xs.get(i).bits(); yield d; }
      case I64, U64 -> { long[] d = new long[n]; for (int i = 0; i < n; i++) d[i] = xs.get(i).bits(); yield d; }
      case F16, F32 -> { float[] d = new float[n]; for (int i = 0; i < n; i++) d[i] = (float) xs.get(i).floatValue(); yield d; }
      case F64 -> { double[] d = new double[n]; for (int i = 0; i < n; i++) d[i] = xs.get(i).floatValue(); yield d; }
      case BOOL -> { boolean[] d = new boolean[n]; for (int i = 0; i < n; i++) d[i] = xs.get(i).bits() != 0; yield d; }
    };
    return Value.of(io.github.futhark4j.ScalarType.valueOf(t.name()), shape, data);
  }
}
