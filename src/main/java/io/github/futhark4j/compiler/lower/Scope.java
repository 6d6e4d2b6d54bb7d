package io.github.futhark4j.compiler.lower;

import io.github.futhark4j.compiler.typed.VName;
import java.util.HashMap;
import java.util.Map;

/** Lexical environment of lowering: names to values, as a chain of scopes. */
final class Scope {
  private final Scope parent;
  private final Map<VName, V> vars = new HashMap<>();

  Scope(Scope parent) { this.parent = parent; }

  Scope extend() { return new Scope(this); }

  void put(VName n, V v) { vars.put(n, v); }

  V lookup(VName n) {
    for (Scope e = this; e != null; e = e.parent) {
      V v = e.vars.get(n);
      if (v != null) return v;
    }
    return null;
  }
}
