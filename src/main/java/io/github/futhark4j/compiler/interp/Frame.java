package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.VName;
import java.util.HashMap;
import java.util.Map;

/**
 * The variables of one activation (a function call, a loop iteration) and, through its parent, of
 * the scopes around it. Names are unique in a checked program, so the bindings of one activation
 * share one map. Type parameters are bound lazily to the type argument and the frame it is to be
 * read in ({@link TypeArg}), as they are needed only for the shapes of empty arrays.
 */
final class Frame {
  /** A type parameter's instance: a type, whose sizes and type parameters are those of {@code frame}. */
  record TypeArg(Type type, Frame frame) {}

  final Frame parent;
  private final Map<String, TypeArg> types;
  private HashMap<VName, Object> vars;

  Frame(Frame parent, Map<String, TypeArg> types) {
    this.parent = parent;
    this.types = types == null || types.isEmpty() ? null : types;
  }

  Frame child() {
    return new Frame(this, null);
  }

  /** The value of a variable in scope here, or null. */
  Object get(VName name) {
    for (Frame f = this; f != null; f = f.parent) {
      if (f.vars != null) {
        Object v = f.vars.get(name);
        if (v != null) return v;
      }
    }
    return null;
  }

  void put(VName name, Object value) {
    if (vars == null) vars = new HashMap<>(8);
    vars.put(name, value);
  }

  /** The instance of type parameter {@code name}, or null. */
  TypeArg type(String name) {
    for (Frame f = this; f != null; f = f.parent) {
      if (f.types != null) {
        TypeArg t = f.types.get(name);
        if (t != null) return t;
      }
    }
    return null;
  }
}
