package io.github.futhark4j.cli.runner;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loader that stands in for the compiler and runtime: programs whose text contains
 * {@code SYNTAX ERROR} fail to compile; every other program has these entry points, implemented in Java:
 * {@code main}/{@code sum} ([]i32 -> i32), {@code add1}/{@code sub1} (i32 -> i32), {@code index}
 * ([]i32, i64 -> i32, failing out of bounds), {@code pair} (f64 -> f64, f64), {@code wrong}
 * (i32 -> i32, off by one), {@code halve} ([]f64 -> []f64).
 */
public final class FakeLoader implements ProgramLoader {
  public final AtomicInteger loads = new AtomicInteger();
  public final AtomicInteger calls = new AtomicInteger();
  /** What the programs were asked to do, in order: {@code prepare:ENTRY} and {@code call:ENTRY}. */
  public final List<String> events = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

  @Override
  public LoadedProgram load(Path program) throws CompileFailure {
    loads.incrementAndGet();
    String text;
    try {
      text = Files.readString(program);
    } catch (java.io.IOException e) {
      throw new CompileFailure(e.toString(), false, e);
    }
    int at = text.indexOf("SYNTAX ERROR");
    if (at >= 0) {
      throw new CompileFailure(program + ":1:1: error[E0001]: Unexpected token SYNTAX", true, null);
    }
    return new Fake();
  }

  private final class Fake implements LoadedProgram {
    @Override
    public Map<String, EntryInfo> entryPoints() {
      Map<String, EntryInfo> m = new LinkedHashMap<>();
      m.put("main", new EntryInfo(List.of("[]i32"), List.of("i32")));
      m.put("sum", new EntryInfo(List.of("[]i32"), List.of("i32")));
      m.put("add1", new EntryInfo(List.of("i32"), List.of("i32")));
      m.put("sub1", new EntryInfo(List.of("i32"), List.of("i32")));
      m.put("wrong", new EntryInfo(List.of("i32"), List.of("i32")));
      m.put("index", new EntryInfo(List.of("[]i32", "i64"), List.of("i32")));
      m.put("pair", new EntryInfo(List.of("f64"), List.of("f64", "f64")));
      m.put("halve", new EntryInfo(List.of("[]f64"), List.of("[]f64")));
      return m;
    }

    @Override
    public void prepare(String entry) {
      events.add("prepare:" + entry);
    }

    @Override
    public List<Value> call(String entry, List<Value> args) throws RunFailure {
      calls.incrementAndGet();
      events.add("call:" + entry);
      EntryInfo info = entryPoints().get(entry);
      if (info == null) throw new RunFailure("no entry point '" + entry + "'", true, null);
      FutharkLoader.checkArguments(entry, info.parameterTypes(), args);
      return switch (entry) {
        case "main", "sum" -> {
          int s = 0;
          for (int x : (int[]) args.get(0).data()) s += x;
          yield List.of(Value.i32(s));
        }
        case "add1" -> List.of(Value.i32((int) args.get(0).longAt(0) + 1));
        case "sub1" -> List.of(Value.i32((int) args.get(0).longAt(0) - 1));
        case "wrong" -> List.of(Value.i32((int) args.get(0).longAt(0) + 2));
        case "index" -> {
          int[] a = (int[]) args.get(0).data();
          long i = args.get(1).longAt(0);
          if (i < 0 || i >= a.length) {
            throw new RunFailure("Error: Index [" + i + "] out of bounds for array of shape [" + a.length + "].\n\n"
                + "Backtrace:\n-> #0  prog.fut:3:3-6", false, null);
          }
          yield List.of(Value.i32(a[(int) i]));
        }
        case "pair" -> List.of(args.get(0), Value.f64(args.get(0).doubleAt(0) * 2));
        case "halve" -> {
          double[] a = ((double[]) args.get(0).data()).clone();
          for (int i = 0; i < a.length; i++) a[i] /= 2;
          yield List.of(Value.vector(ScalarType.F64, a));
        }
        default -> throw new IllegalStateException(entry);
      };
    }

    @Override
    public void close() {}
  }
}
