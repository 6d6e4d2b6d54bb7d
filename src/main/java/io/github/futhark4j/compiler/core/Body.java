package io.github.futhark4j.compiler.core;

import java.util.List;

/** A sequence of statements and the atoms it returns. */
public record Body(List<Stm> stms, List<Atom> results) {
  public Body {
    stms = List.copyOf(stms);
    results = List.copyOf(results);
  }

  public List<IrType> resultTypes() {
    return results.stream().map(Atom::type).toList();
  }
}
