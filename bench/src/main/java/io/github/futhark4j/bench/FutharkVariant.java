package io.github.futhark4j.bench;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A kernel's Futhark version compiled through the public API, timed three ways:
 * <ul>
 *   <li><b>resident</b>: the inputs are moved into native memory once, before timing, and passed
 *       as native array handles; results stay native ({@link FutharkFunction#callNative}). The time
 *       is the kernel plus the bridge (argument checks, the JNA call, context sync), not the copies.
 *   <li><b>copy</b>: Java arrays in, Java arrays out ({@link FutharkFunction#call}), so the time
 *       includes copying the inputs in and the results out.
 *   <li><b>into</b>: Java arrays in, the result written into one Java array reused by every run
 *       ({@link FutharkFunction#callInto}): no fresh result array per call.
 * </ul>
 *
 * <p>Inputs become native through the public API only: the harness appends one tiny entry point
 * per array type to the kernel's source ({@code entry bench_resident_f64_1 (x: []f64) : []f64 = copy x})
 * and keeps what {@code callNative} of it returns. Passing that handle to the kernel of the same
 * program passes it without a copy. This needs nothing from the native handle type beyond
 * {@link AutoCloseable}, so the harness compiles before the runtime is merged.
 */
final class FutharkVariant implements AutoCloseable {
  private final FutharkProgram program;
  private final FutharkFunction function;
  private final List<Object> resident = new ArrayList<>();

  private FutharkVariant(FutharkProgram program, FutharkFunction function) {
    this.program = program;
    this.function = function;
  }

  /**
   * Compiles {@code bench/fut/NAME.fut} with the loaders for these inputs.
   */
  static FutharkVariant compile(Kernel kernel, Path futDir, List<Object> inputs, FutharkOptions options)
      throws FutharkCompileException {
    String source;
    try {
      source = Files.readString(futDir.resolve(kernel.name() + ".fut"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    FutharkProgram program = Futhark.compile(withLoaders(source, inputs),
        options.withSourceName(kernel.name() + ".fut"));
    // Bound for the fastest calls now, not on the 8th call, which would be one of the timed runs.
    for (FutharkFunction f : program.entryPoints().values()) f.prepare();
    return new FutharkVariant(program, program.function(kernel.entry()));
  }

  /** The kernel's source followed by one loader entry point per distinct array input type. */
  static String withLoaders(String source, List<Object> inputs) {
    Set<String> types = new LinkedHashSet<>();
    for (Object v : inputs) {
      if (v.getClass().isArray()) types.add(futharkType(v));
    }
    StringBuilder sb = new StringBuilder(source);
    if (!source.endsWith("\n")) sb.append('\n');
    for (String t : types) {
      sb.append("\n-- Added by the benchmark harness: moves an input into native memory once.\n");
      sb.append("entry ").append(loaderName(t)).append(" (x: ").append(t).append(") : ").append(t).append(" = copy x\n");
    }
    return sb.toString();
  }

  /** The Futhark type of a Java array input, e.g. {@code [][]f32} for {@code float[][]}. */
  static String futharkType(Object array) {
    return "[]".repeat(RawInputs.rank(array)) + Flat.elementType(array).futharkName();
  }

  /** e.g. {@code bench_resident_f32_2} for {@code [][]f32}. */
  static String loaderName(String type) {
    int rank = type.lastIndexOf(']') / 2 + 1;
    return "bench_resident_" + type.substring(2 * rank) + "_" + rank;
  }

  /** The inputs with every array replaced by a native handle (made once, freed by {@link #close}). */
  List<Object> makeResident(List<Object> inputs) {
    List<Object> args = new ArrayList<>();
    for (Object v : inputs) {
      if (v.getClass().isArray()) {
        Object handle = program.function(loaderName(futharkType(v))).callNative(v);
        resident.add(handle);
        args.add(handle);
      } else {
        args.add(v);
      }
    }
    return args;
  }

  /** Times {@code entry} (the kernel's, or another spelling of it in the same program) on resident inputs. */
  Stats.Timed timeResident(String entry, List<Object> residentArgs, int warmup, int runs) {
    FutharkFunction f = program.function(entry);
    Object[] args = residentArgs.toArray();
    return Stats.time(warmup, runs, () -> f.callNative(args), FutharkVariant::release);
  }

  Stats.Timed timeCopy(List<Object> inputs, int warmup, int runs) {
    Object[] args = inputs.toArray();
    return Stats.time(warmup, runs, () -> function.call(args), r -> {});
  }

  /**
   * Times {@link FutharkFunction#callInto} from Java arrays into {@code out}, the same array for
   * every run (a one-dimensional Java array of the result's type and length).
   */
  Stats.Timed timeInto(List<Object> inputs, Object out, int warmup, int runs) {
    Object[] args = inputs.toArray();
    Object[] into = {out};
    return Stats.time(warmup, runs, () -> function.callInto(into, args), r -> {});
  }

  /** Frees native results: handles are AutoCloseable, several results come as {@code Object[]}. */
  static void release(Object result) {
    if (result instanceof Object[] tuple) {
      for (Object r : tuple) release(r);
    } else if (result instanceof AutoCloseable c) {
      try {
        c.close();
      } catch (Exception e) {
        throw new IllegalStateException("could not free a native result", e);
      }
    }
  }

  /**
   * A native result as Java values, through the handle type's {@code toJava()} (looked up
   * reflectively, so this class does not depend on the runtime at compile time); scalars as they
   * are. Empty-handed (null) when the handle type has no such method.
   */
  static Object toJava(Object result) {
    if (result instanceof Object[] tuple) {
      Object[] out = new Object[tuple.length];
      for (int i = 0; i < tuple.length; i++) {
        out[i] = toJava(tuple[i]);
        if (out[i] == null) return null;
      }
      return out;
    }
    if (!(result instanceof AutoCloseable)) return result;
    Method m = publicMethod(result.getClass(), "toJava");
    if (m == null) return null;
    try {
      return m.invoke(result);
    } catch (IllegalAccessException e) {
      return null;
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("reading a native result failed", e.getCause());
    }
  }

  /**
   * The no-argument method {@code name} as declared by the nearest public class of the hierarchy.
   * The runtime's handle classes are package-private subclasses of the public FutharkArray, and
   * reflection refuses to invoke a method through a class that is not accessible.
   */
  static Method publicMethod(Class<?> c, String name) {
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      if (Modifier.isPublic(k.getModifiers())) {
        try {
          return k.getMethod(name);
        } catch (NoSuchMethodException e) {
          return null;
        }
      }
    }
    return null;
  }

  @Override
  public void close() {
    for (Object r : resident) release(r);
    resident.clear();
    program.close();
  }
}
