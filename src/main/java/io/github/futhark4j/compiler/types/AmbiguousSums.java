package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Span;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * "Type is ambiguous" for sum types (Language Reference, error index): a constructor such as
 * {@code #some x} only says the type has that constructor, not which others it has. When the type
 * of a top-level definition still contains such an open sum after inference, the type is
 * ambiguous; closing it silently to just the constructors seen would give the function a type
 * other than the one the programmer meant.
 */
final class AmbiguousSums {
  private AmbiguousSums() {}

  /** Reports (once) the first open sum type in {@code fnTy}. */
  static void report(Ty fnTy, Span span, Consumer<Diagnostic> out) {
    Deque<Ty> work = new ArrayDeque<>();
    work.push(fnTy);
    while (!work.isEmpty()) {
      Ty t = Unifier.resolve(work.pop());
      switch (t) {
        case Ty.Var v when v.constructors != null -> {
          String cs = String.join(" | ", v.constructors.keySet().stream().map(c -> "#" + c).toList());
          out.accept(Diagnostics.ambiguousType(span, "a sum type with the constructor(s) " + cs
              + " whose other constructors are not known (add a type annotation, e.g. on the return type)"));
          return;
        }
        case Ty.Arr a -> work.push(a.elem());
        case Ty.Rec r -> r.fields().values().forEach(work::push);
        case Ty.Sum s -> s.constructors().values().forEach(ts -> ts.forEach(work::push));
        case Ty.Fun f -> {
          work.push(f.result());
          work.push(f.param());
        }
        default -> { }
      }
    }
  }
}
