package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.RuntimeMessages;
import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.Size;
import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.PrimValue;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Typed holes {@code ???} (Language Reference: "The type checker will infer any necessary type
 * for this expression ... Evaluating a typed hole results in a run-time error"). A hole of
 * inferred type {@code t} becomes {@code assert false (a placeholder value of type t)}: the
 * assertion fails whenever the hole is evaluated, and the placeholder, never computed, only
 * gives the back end a value of the right shape. No new node in the checked tree is needed.
 */
final class Holes {
  private Holes() {}

  /** The checked form of a hole of type {@code t} at {@code span}. */
  static TExp hole(Type t, Span span, Function<String, VName> fresh, java.util.function.Predicate<VName> unknown) {
    TExp cond = new TExp.Literal(PrimValue.ofBool(false), Type.BOOL, span);
    return new TExp.Assert(cond, placeholder(t, span, fresh),
        RuntimeMessages.holeReached(show(t, unknown)), t, span);
  }

  /** {@code t} as the programmer would write it: sizes by their names, unknown sizes as {@code []}. */
  static String show(Type t, java.util.function.Predicate<VName> unknown) {
    return switch (t) {
      case Type.Array a -> {
        StringBuilder sb = new StringBuilder(a.unique() ? "*" : "");
        for (Size s : a.shape()) {
          sb.append('[').append(s instanceof Size.Var v ? (unknown.test(v.name()) ? "" : v.name().base()) : s.toString()).append(']');
        }
        yield sb.append(show(a.elem(), unknown)).toString();
      }
      case Type.Record r when r.isTuple() -> r.fields().values().stream().map(x -> show(x, unknown))
          .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
      case Type.Record r -> r.fields().entrySet().stream().map(e -> e.getKey() + ": " + show(e.getValue(), unknown))
          .collect(java.util.stream.Collectors.joining(", ", "{", "}"));
      case Type.Sum s -> s.constructors().entrySet().stream()
          .map(e -> "#" + e.getKey() + e.getValue().stream().map(x -> " " + show(x, unknown)).collect(java.util.stream.Collectors.joining()))
          .collect(java.util.stream.Collectors.joining(" | "));
      case Type.Arrow f -> {
        String p = f.param() instanceof Type.Arrow || f.param() instanceof Type.Sum ? "(" + show(f.param(), unknown) + ")" : show(f.param(), unknown);
        // The parameter as its sizes are shown: its name without the tag that makes it unique.
        if (f.paramName() != null) p = "(" + f.paramName().replaceFirst("_\\d+$", "") + ": " + show(f.param(), unknown) + ")";
        yield p + " -> " + show(f.result(), unknown);
      }
      case Type.Prim p -> t.toString();
      case Type.Param p -> t.toString();
    };
  }

  /** The first element of an empty array of type {@code [0]t}, which the lowering can make for any type. */
  private static TExp emptyElement(Type t, Span span) {
    Type arr = Type.arrayOf(t, new Size.Const(0), false);
    TExp zero = new TExp.Literal(PrimValue.ofInt(PrimType.I64, 0), Type.I64, span);
    return new TExp.Index(new TExp.ArrayLit(List.of(), arr, span), List.of(new TExp.DimIndex.Fix(zero)), t, span);
  }

  private static TExp placeholder(Type t, Span span, Function<String, VName> fresh) {
    return switch (t) {
      case Type.Prim p -> new TExp.Literal(p.prim().isFloat() ? PrimValue.ofFloat(p.prim(), 0)
          : p.prim().isBool() ? PrimValue.ofBool(false) : PrimValue.ofInt(p.prim(), 0), t, span);
      case Type.Array a when !(a.elem() instanceof Type.Arrow) -> new TExp.ArrayLit(List.of(), t, span);
      case Type.Record r -> {
        Map<String, TExp> m = new LinkedHashMap<>();
        r.fields().forEach((k, ft) -> m.put(k, placeholder(ft, span, fresh)));
        yield new TExp.RecordLit(m, t, span);
      }
      case Type.Sum s -> {
        var first = s.constructors().entrySet().iterator().next();
        List<TExp> payload = new ArrayList<>();
        for (Type pt : first.getValue()) payload.add(placeholder(pt, span, fresh));
        yield new TExp.Constr(first.getKey(), payload, t, span);
      }
      case Type.Arrow f -> {
        VName x = fresh.apply("x");
        yield new TExp.Lambda(List.of(new TPat.Id(x, f.param(), span)), placeholder(f.result(), span, fresh), t, span);
      }
      // A type parameter (or an array of functions, which the checker rejects anyway).
      case Type.Array a -> emptyElement(t, span);
      case Type.Param p -> emptyElement(t, span);
    };
  }
}
