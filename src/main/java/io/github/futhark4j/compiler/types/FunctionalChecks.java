package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Span;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The restrictions on functional types (Language Reference, "Higher-order functions"): a value
 * whose type contains a function (a function, or a record or tuple holding one) cannot be an
 * array element, cannot be returned from {@code if}, {@code match} or a loop, and may instantiate
 * only a fully lifted type parameter {@code '^t}. The lowering cannot store functions in data, so
 * these are type errors with a source position rather than failures later on.
 */
final class FunctionalChecks {
  private FunctionalChecks() {}

  /** Whether a value of type {@code t} is or holds a function. */
  static boolean functional(Type t) {
    return switch (t) {
      case Type.Arrow a -> true;
      case Type.Array a -> functional(a.elem());
      case Type.Record r -> r.fields().values().stream().anyMatch(FunctionalChecks::functional);
      case Type.Sum s -> s.constructors().values().stream().flatMap(List::stream).anyMatch(FunctionalChecks::functional);
      default -> false;
    };
  }

  /** A type as written in Futhark: {@code i32 -> i32}, {@code (i32 -> i32) -> i32}. */
  static String show(Type t) {
    return switch (t) {
      case Type.Arrow a -> (a.param() instanceof Type.Arrow ? "(" + show(a.param()) + ")" : show(a.param())) + " -> " + show(a.result());
      case Type.Record r when r.isTuple() -> r.fields().values().stream().map(FunctionalChecks::show)
          .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
      case Type.Record r -> r.fields().entrySet().stream().map(e -> e.getKey() + ": " + show(e.getValue()))
          .collect(java.util.stream.Collectors.joining(", ", "{", "}"));
      case Type.Array a -> a.shape().stream().map(x -> "[" + x + "]").collect(java.util.stream.Collectors.joining())
          + (a.elem() instanceof Type.Arrow ? "(" + show(a.elem()) + ")" : show(a.elem()));
      default -> t.toString();
    };
  }

  /** Reports the result of an {@code if} or {@code match} of functional type {@code t}. */
  static void branch(Type t, Span span, Consumer<Diagnostic> report) {
    if (functional(t)) report.accept(Diagnostics.functionalBranch(span, show(t)));
  }

  /** Reports an array type whose elements are functional. */
  static void array(Type t, Span span, Consumer<Diagnostic> report) {
    if (t instanceof Type.Array a && functional(a.elem())) report.accept(Diagnostics.functionalArray(span, show(a.elem())));
  }

  /**
   * Reports the instantiations of the non-lifted type parameters of {@code name} (every one not in
   * {@code lifted}) with functional types.
   */
  static void instantiation(String name, Map<String, Type> args, Set<String> lifted, Span span, Consumer<Diagnostic> report) {
    for (var e : args.entrySet()) {
      if (!lifted.contains(e.getKey()) && functional(e.getValue())) {
        report.accept(Diagnostics.functionalInstantiation(span, e.getKey(), name, show(e.getValue())));
        return;
      }
    }
  }
}
