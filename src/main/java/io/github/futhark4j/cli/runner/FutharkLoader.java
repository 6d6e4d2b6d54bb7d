package io.github.futhark4j.cli.runner;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.cli.runner.LoadedProgram.RunFailure;
import io.github.futhark4j.data.Value;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Loads programs through {@link Futhark#compile(Path, FutharkOptions)} and converts values both ways. */
public final class FutharkLoader implements ProgramLoader {
  private final FutharkOptions options;

  public FutharkLoader(FutharkOptions options) {
    this.options = options;
  }

  /**
   * Options for a command-line backend name: {@code builtin} (our compiler, multicore code),
   * {@code builtin-c} (our compiler, sequential code), or any other name for an installed futhark
   * with that backend ({@code c}, {@code multicore}, {@code ispc} ...).
   */
  public static FutharkOptions optionsFor(String backend) {
    FutharkOptions o = FutharkOptions.defaults();
    return switch (backend) {
      case "builtin" -> o.withCompiler("builtin").withBackend("multicore");
      case "builtin-c" -> o.withCompiler("builtin").withBackend("c");
      case "builtin-opencl" -> o.withCompiler("builtin").withBackend("opencl");
      default -> o.withCompiler("external").withBackend(backend);
    };
  }

  @Override
  public LoadedProgram load(Path program) throws CompileFailure {
    FutharkProgram p;
    try {
      FutharkOptions o = options.withSourceName(program.toString());
      Map<String, Long> tuning = tuningFile(program);
      if (!tuning.isEmpty()) o = o.withTuning(tuning);
      p = Futhark.compile(program, o);
    } catch (FutharkCompileException e) {
      throw new CompileFailure(e.getMessage(), e.line() > 0 || e.fileName() != null, e);
    } catch (RuntimeException e) {
      throw new CompileFailure(e.getClass().getSimpleName() + ": " + e.getMessage(), false, e);
    }
    return new Loaded(p);
  }

  /**
   * The tuning parameters of {@code prog.fut.tuning} next to the program, as {@code futhark test}
   * and {@code futhark bench} read them: one {@code NAME=VALUE} per line. None if there is no file.
   */
  static Map<String, Long> tuningFile(Path program) throws CompileFailure {
    Path f = program.resolveSibling(program.getFileName() + ".tuning");
    if (!java.nio.file.Files.isRegularFile(f)) return Map.of();
    Map<String, Long> out = new LinkedHashMap<>();
    List<String> lines;
    try {
      lines = java.nio.file.Files.readAllLines(f);
    } catch (java.io.IOException e) {
      throw new CompileFailure("cannot read " + f + ": " + e.getMessage(), false, e);
    }
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) continue;
      int eq = line.indexOf('=');
      try {
        if (eq <= 0) throw new NumberFormatException();
        out.put(line.substring(0, eq).strip(), Long.parseLong(line.substring(eq + 1).strip()));
      } catch (NumberFormatException e) {
        throw new CompileFailure(f + ":" + (i + 1) + ": expected NAME=VALUE (a tuning parameter and a number), found \""
            + line + "\"", false, null);
      }
    }
    return out;
  }

  private record Loaded(FutharkProgram program) implements LoadedProgram {
    @Override
    public Map<String, EntryInfo> entryPoints() {
      Map<String, EntryInfo> out = new LinkedHashMap<>();
      for (var e : program.entryPoints().entrySet()) {
        out.put(e.getKey(), new EntryInfo(e.getValue().parameterTypes(), e.getValue().resultTypes()));
      }
      return out;
    }

    @Override
    public void prepare(String entry) {
      FutharkFunction f = program.entryPoints().get(entry);
      if (f != null) f.prepare();
    }

    @Override
    public void run(String entry, List<Value> args) throws RunFailure {
      FutharkFunction f = program.entryPoints().get(entry);
      Object[] results = invoke(entry, f, args);
      close(results);
    }

    private Object[] invoke(String entry, FutharkFunction f, List<Value> args) throws RunFailure {
      if (f == null) {
        throw new RunFailure("no entry point '" + entry + "'; the program has " + program.entryPoints().keySet(), true, null);
      }
      checkArguments(entry, f.parameterTypes(), args);
      Object[] java = new Object[args.size()];
      for (int i = 0; i < java.length; i++) java[i] = args.get(i).toJava();
      Object result;
      try {
        // Native results keep the exact shape of empty arrays ([0][3]), which Java arrays cannot.
        result = f.callNative(java);
      } catch (FutharkException e) {
        throw new RunFailure(e.getMessage(), false, e);
      } catch (IllegalArgumentException e) {
        throw new RunFailure(e.getMessage(), true, e);
      }
      // With one result the value itself is returned, even when it is an array of arrays.
      return f.resultTypes().size() == 1 ? new Object[] {result} : (Object[]) result;
    }

    private static void close(Object[] results) {
      for (Object r : results) {
        if (r instanceof io.github.futhark4j.FutharkArray a) a.close();
        else if (r instanceof io.github.futhark4j.FutharkOpaque o) o.close();
      }
    }

    @Override
    public List<Value> call(String entry, List<Value> args) throws RunFailure {
      FutharkFunction f = program.entryPoints().get(entry);
      Object[] results = invoke(entry, f, args);
      List<String> types = f.resultTypes();
      List<Value> out = new ArrayList<>();
      try {
        for (int i = 0; i < types.size(); i++) {
          try {
            out.add(value(results[i], types.get(i)));
          } catch (IllegalArgumentException e) {
            throw new RunFailure("result " + i + " of " + entry + " has type " + types.get(i)
                + ", which cannot be shown as a value: " + e.getMessage(), false, e);
          }
        }
      } finally {
        close(results);
      }
      return out;
    }

    @Override
    public Resident resident(String entry, List<Value> args) throws RunFailure {
      FutharkFunction f = program.entryPoints().get(entry);
      if (f == null) {
        throw new RunFailure("no entry point '" + entry + "'; the program has " + program.entryPoints().keySet(), true, null);
      }
      checkArguments(entry, f.parameterTypes(), args);
      return new NativeArguments(program, f, args);
    }

    @Override
    public List<PropValue> callValues(String entry, List<PropValue> args) throws RunFailure {
      FutharkFunction f = program.entryPoints().get(entry);
      if (f == null) {
        throw new RunFailure("no entry point '" + entry + "'; the program has " + program.entryPoints().keySet(), true, null);
      }
      if (f.parameterTypes().size() != args.size()) {
        throw new RunFailure("entry point " + entry + " takes " + f.parameterTypes().size() + " argument(s) "
            + f.parameterTypes() + ", but " + args.size() + " value(s) were given", true, null);
      }
      Object[] java = new Object[args.size()];
      for (int i = 0; i < java.length; i++) java[i] = toJava(args.get(i));
      List<String> types = f.resultTypes();
      List<PropValue.Type> shapes = new ArrayList<>();
      for (String t : types) shapes.add(PropValue.Type.parse(t));
      // Records and tuples are converted by call(); callNative keeps them native. Arrays alone go
      // through callNative, whose native arrays keep the exact shape of empty arrays.
      boolean records = shapes.stream().anyMatch(t -> t instanceof PropValue.Type.TupleType || t instanceof PropValue.Type.RecordType);
      Object result;
      try {
        result = records ? f.call(java) : f.callNative(java);
      } catch (FutharkException e) {
        throw new RunFailure(e.getMessage(), false, e);
      } catch (IllegalArgumentException e) {
        throw new RunFailure(e.getMessage(), true, e);
      }
      Object[] results = types.isEmpty() ? new Object[0] : types.size() == 1 ? new Object[] {result} : (Object[]) result;
      List<PropValue> out = new ArrayList<>();
      try {
        for (int i = 0; i < types.size(); i++) out.add(propValue(results[i], shapes.get(i), types.get(i)));
      } catch (IllegalArgumentException | ClassCastException e) {
        for (Object r : results) if (r instanceof io.github.futhark4j.FutharkOpaque o) o.close();
        throw new RunFailure("the results of " + entry + " (" + String.join(", ", types) + ") cannot be read: "
            + e.getMessage(), false, e);
      } finally {
        for (Object r : results) if (r instanceof FutharkArray a) a.close();
      }
      return out;
    }

    @Override
    public void release(PropValue v) {
      switch (v) {
        case PropValue.Native n -> {
          if (n.handle() instanceof io.github.futhark4j.FutharkOpaque o) o.close();
        }
        case PropValue.Tuple t -> t.elems().forEach(this::release);
        case PropValue.Record r -> r.fields().forEach(this::release);
        case PropValue.Prim p -> { }
      }
    }

    /** A value as the Java object the runtime takes: tuples as {@code Object[]}, records as maps. */
    private static Object toJava(PropValue v) {
      return switch (v) {
        case PropValue.Prim p -> p.value().toJava();
        case PropValue.Tuple t -> t.elems().stream().map(Loaded::toJava).toArray();
        case PropValue.Record r -> {
          Map<String, Object> m = new LinkedHashMap<>();
          for (int i = 0; i < r.names().size(); i++) m.put(r.names().get(i), toJava(r.fields().get(i)));
          yield m;
        }
        case PropValue.Native n -> n.handle();
      };
    }

    /** A result (or a field of one) as a value of its manifest type. */
    private static PropValue propValue(Object java, PropValue.Type type, String name) {
      if (java instanceof io.github.futhark4j.FutharkOpaque o) return new PropValue.Native(o, o.type());
      return switch (type) {
        case PropValue.Type.PrimArray p -> new PropValue.Prim(value(java, "[]".repeat(p.rank()) + p.prim().futharkName()));
        case PropValue.Type.TupleType t -> {
          Object[] parts = (Object[]) java;
          if (parts.length != t.elems().size()) throw new IllegalArgumentException("expected a tuple of " + t.elems().size());
          List<PropValue> elems = new ArrayList<>();
          for (int i = 0; i < parts.length; i++) elems.add(propValue(parts[i], t.elems().get(i), null));
          yield new PropValue.Tuple(List.copyOf(elems));
        }
        case PropValue.Type.RecordType r -> {
          Map<?, ?> m = (Map<?, ?>) java;
          List<PropValue> fields = new ArrayList<>();
          for (int i = 0; i < r.names().size(); i++) {
            if (!m.containsKey(r.names().get(i))) throw new IllegalArgumentException("no field " + r.names().get(i));
            fields.add(propValue(m.get(r.names().get(i)), r.fields().get(i), null));
          }
          yield new PropValue.Record(r.names(), List.copyOf(fields));
        }
        case PropValue.Type.Other o -> throw new IllegalArgumentException("a value of type " + (name != null ? name : o.name())
            + " came back as " + (java == null ? "null" : java.getClass().getSimpleName()));
      };
    }

    /** A result of {@code callNative} as a value: native arrays are copied out once, flat. */
    private static Value value(Object result, String type) {
      if (result instanceof io.github.futhark4j.FutharkArray a && Value.elementTypeOf(type) != null) {
        return Value.of(Value.elementTypeOf(type), a.shape(), a.toFlatJava());
      }
      return Value.fromJava(result, type);
    }

    @Override
    public void close() {
      program.close();
    }
  }

  /**
   * A dataset's arguments in the program's native memory: each array converted once into a native
   * {@link FutharkArray} ({@link FutharkProgram#newArray}), scalars boxed once. A run passes them
   * to {@link FutharkFunction#callNative}, so it converts nothing; its array and opaque results stay
   * native until {@link #finishRun()} frees them. An array for a consuming parameter is copied
   * natively before each run, and the copy (consumed by the call) freed after it.
   */
  private static final class NativeArguments implements LoadedProgram.Resident {
    private final FutharkFunction f;
    private final FutharkProgram program;
    /** Boxed scalars and native arrays, made once. */
    private final Object[] resident;
    private final boolean[] consumed;
    /** What the next run passes: {@link #resident}, or a fresh copy for a consumed parameter. */
    private final Object[] callArgs;
    private Object[] last;

    NativeArguments(FutharkProgram program, FutharkFunction f, List<Value> args) throws RunFailure {
      this.program = program;
      this.f = f;
      this.resident = new Object[args.size()];
      this.consumed = new boolean[args.size()];
      this.callArgs = new Object[args.size()];
      try {
        for (int i = 0; i < resident.length; i++) {
          Value v = args.get(i);
          consumed[i] = f.consumes(i);
          resident[i] = v.isScalar() ? v.toJava()
              : program.newArray(FutharkArray.ofFlat(v.type().futharkName(), v.shape(), v.data()));
        }
      } catch (FutharkException | IllegalArgumentException | IllegalStateException e) {
        close();
        throw new RunFailure("converting the arguments of " + f.name() + ": " + e.getMessage(),
            e instanceof IllegalArgumentException, e);
      } catch (RuntimeException | Error e) {
        close();
        throw e;
      }
    }

    @Override
    public void prepareRun() throws RunFailure {
      finishRun();
      try {
        for (int i = 0; i < resident.length; i++) {
          callArgs[i] = consumed[i] && resident[i] instanceof FutharkArray a ? program.newArray(a) : resident[i];
        }
      } catch (FutharkException | IllegalStateException e) {
        throw new RunFailure("copying a consumed argument of " + f.name() + ": " + e.getMessage(), false, e);
      }
    }

    @Override
    public void run() throws RunFailure {
      if (last != null) throw new IllegalStateException("finishRun() was not called after the last run");
      Object r;
      try {
        r = f.callNative(callArgs);
      } catch (FutharkException | IllegalStateException e) {
        throw new RunFailure(e.getMessage(), false, e);
      } catch (IllegalArgumentException e) {
        throw new RunFailure(e.getMessage(), true, e);
      }
      int n = f.resultTypes().size();
      last = n == 0 ? new Object[0] : n == 1 ? new Object[] {r} : (Object[]) r;
    }

    @Override
    public List<Value> results() throws RunFailure {
      if (last == null) throw new IllegalStateException("no run to take results from");
      List<String> types = f.resultTypes();
      List<Value> out = new ArrayList<>();
      for (int i = 0; i < types.size(); i++) {
        try {
          out.add(Loaded.value(last[i], types.get(i)));
        } catch (IllegalArgumentException e) {
          throw new RunFailure("result " + i + " of " + f.name() + " has type " + types.get(i)
              + ", which cannot be shown as a value: " + e.getMessage(), false, e);
        }
      }
      return out;
    }

    @Override
    public void finishRun() {
      if (last != null) Loaded.close(last);
      last = null;
      for (int i = 0; i < callArgs.length; i++) {
        if (callArgs[i] != resident[i] && callArgs[i] instanceof FutharkArray a) a.close();
        callArgs[i] = null;
      }
    }

    @Override
    public void close() {
      finishRun();
      for (Object o : resident) if (o instanceof FutharkArray a) a.close();
    }
  }

  /** Rejects arguments whose number or types do not match the entry point, naming the parameter. */
  static void checkArguments(String entry, List<String> params, List<Value> args) throws LoadedProgram.RunFailure {
    if (params.size() != args.size()) {
      throw new LoadedProgram.RunFailure("entry point " + entry + " takes " + params.size() + " argument(s) "
          + params + ", but " + args.size() + " value(s) were given", true, null);
    }
    for (int i = 0; i < params.size(); i++) {
      String want = params.get(i).replace("*", "");
      if (!want.equals(args.get(i).typeName())) {
        throw new LoadedProgram.RunFailure("entry point " + entry + ": argument " + i + " must have type "
            + params.get(i) + ", but the value has type " + args.get(i).typeName(), true, null);
      }
    }
  }
}
