package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Interpreter;
import io.github.futhark4j.compiler.core.Printer;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.typed.PrimValue;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/** Helpers of the tests of single passes: IR from source up to a pass, statements, and running IR. */
final class OptIr {
  private OptIr() {}

  /** The IR of {@code src} after pass {@code pass} (verified after lowering and every pass up to it). */
  static Program after(String src, String pass) throws Exception {
    return Optimiser.run(Lowerer.lower(Frontend.check(new Source("t.fut", src))), true, pass, (n, p) -> { });
  }

  /** The IR just before a pass, and after it (verified). */
  record Run(Program before, Program after) {
    String text() {
      return Printer.program(after);
    }
  }

  /** {@code pass} (named {@code name}) on the IR of {@code src} after {@code dead-code}, the pass before both tested ones. */
  static Run run(String src, java.util.function.UnaryOperator<Program> pass, String name) throws Exception {
    Program before = after(src, "dead-code");
    Program q = pass.apply(before);
    io.github.futhark4j.compiler.core.Verifier.verify(q, name);
    return new Run(before, q);
  }

  static Program.Entry entry(Program p, String name) {
    for (Program.Entry e : p.entries()) if (e.signature().name().equals(name)) return e;
    throw new AssertionError("no entry " + name + " in\n" + Printer.program(p));
  }

  /** Every statement of {@code b} at any depth, in order. */
  static List<Stm> all(Body b) {
    List<Stm> out = new ArrayList<>();
    collect(b, out);
    return out;
  }

  private static void collect(Body b, List<Stm> out) {
    for (Stm s : b.stms()) {
      out.add(s);
      Rewrite.exp(s.exp(), a -> a, nested -> {
        collect(nested, out);
        return nested;
      });
    }
  }

  static Interpreter.ArrayValue i64s(long... xs) {
    return new Interpreter.ArrayValue(PrimType.I64, new long[] {xs.length}, xs);
  }

  static Interpreter.ArrayValue i32s(int... xs) {
    return new Interpreter.ArrayValue(PrimType.I32, new long[] {xs.length}, xs);
  }

  static Interpreter.ArrayValue f32s(float... xs) {
    return new Interpreter.ArrayValue(PrimType.F32, new long[] {xs.length}, xs);
  }

  static Interpreter.ArrayValue f32s(int rows, int cols, float... xs) {
    if (xs.length != rows * cols) throw new IllegalArgumentException("shape");
    return new Interpreter.ArrayValue(PrimType.F32, new long[] {rows, cols}, xs);
  }

  static PrimValue i64(long x) {
    return PrimValue.ofInt(PrimType.I64, x);
  }

  /** Runs entry {@code name} of {@code p} in the IR interpreter; the results as text (see {@link #show}). */
  static String run(Program p, String name, Object... args) {
    List<Object> out = Interpreter.run(p, entry(p, name), List.of(args), 10_000_000);
    return out.size() == 1 ? show(out.get(0)) : out.stream().map(OptIr::show).toList().toString();
  }

  /** A value as text: a scalar as its number, an array as its shape and elements, {@code [2][2]: [1.0, 2.0, 3.0, 4.0]}. */
  static String show(Object v) {
    if (v instanceof PrimValue p) {
      if (p.type().isBool()) return Boolean.toString(p.boolValue());
      return p.type().isSigned() || p.type().isUnsigned() ? Long.toString(p.bits()) : Double.toString(p.floatValue());
    }
    Interpreter.ArrayValue a = (Interpreter.ArrayValue) v;
    StringBuilder sb = new StringBuilder();
    for (long d : a.shape()) sb.append('[').append(d).append(']');
    List<Object> elems = new ArrayList<>();
    for (int i = 0; i < Array.getLength(a.data()); i++) elems.add(Array.get(a.data(), i));
    return sb + ": " + elems;
  }
}
