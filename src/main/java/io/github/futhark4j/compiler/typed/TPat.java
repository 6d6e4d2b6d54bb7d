package io.github.futhark4j.compiler.typed;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.Type;
import java.util.List;
import java.util.Map;

/** A checked pattern. Type ascriptions have been checked and removed. */
public sealed interface TPat {
  Type type();

  Span span();

  /** Binds a name. The type's uniqueness says whether a parameter is consumed ({@code *[]t}). */
  record Id(VName name, Type type, Span span) implements TPat {}

  record Wildcard(Type type, Span span) implements TPat {}

  /** Tuple and record patterns (tuples have fields "0".."n-1"). */
  record Record(Map<String, TPat> fields, Type type, Span span) implements TPat {}

  /** A literal pattern in a {@code match} case. */
  record Lit(PrimValue value, Type type, Span span) implements TPat {}

  /** {@code #name p1 p2 ...} in a {@code match} case. */
  record Constr(String name, List<TPat> payload, Type type, Span span) implements TPat {}
}
