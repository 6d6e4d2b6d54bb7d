package io.github.futhark4j.compiler.core;

import java.util.List;

/**
 * An anonymous function that is a syntactic part of a SOAC (never a value): the IR is first
 * order. Parameters are bound per application; the body's results are the return values.
 */
public record Lambda(List<Atom.Var> params, Body body) {
  public Lambda {
    params = List.copyOf(params);
  }

  public List<IrType> returnTypes() { return body.resultTypes(); }
}
