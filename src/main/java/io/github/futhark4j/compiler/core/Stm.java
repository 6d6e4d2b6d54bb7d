package io.github.futhark4j.compiler.core;

import java.util.List;

/** {@code let (x, y, ...) = e}: binds one variable per value {@code e} produces. */
public record Stm(List<Atom.Var> pattern, Exp exp) {
  public Stm {
    pattern = List.copyOf(pattern);
  }

  @Override public String toString() { return Printer.stm(this); }
}
