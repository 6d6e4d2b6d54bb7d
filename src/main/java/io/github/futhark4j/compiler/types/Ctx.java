package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.types.Env.Mod;
import io.github.futhark4j.compiler.types.Env.MTy;
import io.github.futhark4j.compiler.types.Env.TypeB;
import io.github.futhark4j.compiler.types.Env.ValB;
import java.util.HashMap;
import java.util.Map;

/**
 * What is in scope at a point of a program: the module-level environment, the local values bound
 * by patterns around the point (innermost first), and the type parameters of the enclosing
 * definitions. Immutable: binding returns a new context.
 */
record Ctx(Env env, Locals locals, Map<String, Ty> typeParams, Checker.FileCtx file) {
  /** A persistent list of local bindings. */
  record Locals(String name, ValB binding, Locals next) {
    ValB lookup(String n) {
      for (Locals l = this; l != null; l = l.next) if (l.name.equals(n)) return l.binding;
      return null;
    }
  }

  Ctx bind(String name, ValB b) {
    return new Ctx(env, new Locals(name, b, locals), typeParams, file);
  }

  Ctx withTypeParam(String name, Ty t) {
    Map<String, Ty> m = new HashMap<>(typeParams);
    m.put(name, t);
    return new Ctx(env, locals, m, file);
  }

  Ctx withEnv(Env e) {
    return new Ctx(e, locals, typeParams, file);
  }

  // ---- name resolution ------------------------------------------------------------------------

  /** The result of resolving a qualified name: the binding, or why there is none. */
  record Found<T>(T value, String error) {
    static <T> Found<T> of(T v) { return new Found<>(v, null); }

    static <T> Found<T> fail(String why) { return new Found<>(null, why); }
  }

  /** A local value, if {@code name} (unqualified) is one. */
  ValB local(String name) {
    return locals == null ? null : locals.lookup(name);
  }

  /**
   * What a possibly qualified term name stands for: a value ({@link ValB}) or a module
   * ({@link Mod}); null if nothing. Locals shadow module-level names.
   */
  Object term(String qualified) {
    int dot = qualDot(qualified);
    if (dot < 0) {
      ValB l = local(qualified);
      if (l != null) return l;
      return env.term(qualified);
    }
    String head = qualified.substring(0, dot);
    String last = qualified.substring(dot + 1);
    if (head.equals("intrinsics") && local("intrinsics") == null && env.term("intrinsics") == null) {
      return new Env.Intrinsic(last);
    }
    Env m = moduleEnv(head);
    return m == null ? null : m.terms.get(last);
  }

  /**
   * The dot separating a qualified name's module path from the name, or -1: the last dot, unless
   * the name is an operator containing dots ({@code +.}, {@code m.*.}), which starts at its first
   * segment that is not an identifier.
   */
  static int qualDot(String q) {
    int from = 0, last = -1;
    while (true) {
      int d = q.indexOf('.', from);
      if (d < 0) return last;
      String seg = q.substring(from, d);
      if (seg.isEmpty() || !(Character.isLetter(seg.charAt(0)) || seg.charAt(0) == '_')) return last;
      last = d;
      from = d + 1;
    }
  }

  /** The environment of the structure a qualified module name stands for, or null. */
  Env moduleEnv(String qualified) {
    return module(qualified) instanceof Env.Struct s ? s.env() : null;
  }

  /** The module a qualified name stands for, or null. */
  Mod module(String qualified) {
    String[] parts = qualified.split("\\.");
    if (local(parts[0]) != null) return null;
    Object o = env.term(parts[0]);
    for (int i = 1; i < parts.length; i++) {
      if (!(o instanceof Env.Struct s)) return null;
      o = s.env().terms.get(parts[i]);
    }
    return o instanceof Mod m ? m : null;
  }

  /**
   * Whether a module path ({@code M.N}) goes through a parametric module: its components cannot
   * be named ({@code F.x} where {@code F} is parametric is "Cannot have parametric module here.").
   */
  boolean throughParametric(String modulePath) {
    String[] parts = modulePath.split("\\.");
    if (local(parts[0]) != null) return false;
    Object o = env.term(parts[0]);
    for (int i = 1; i <= parts.length; i++) {
      if (o instanceof Env.Functor || o instanceof Env.FunSig) return true;
      if (!(o instanceof Env.Struct s) || i == parts.length) return false;
      o = s.env().terms.get(parts[i]);
    }
    return false;
  }

  /** The type a possibly qualified type name stands for, or null. */
  TypeB type(String qualified) {
    int dot = qualified.lastIndexOf('.');
    if (dot < 0) return env.type(qualified);
    Env m = moduleEnv(qualified.substring(0, dot));
    return m == null ? null : m.types.get(qualified.substring(dot + 1));
  }

  /** The module type a possibly qualified name stands for, or null. */
  MTy sig(String qualified) {
    int dot = qualified.lastIndexOf('.');
    if (dot < 0) return env.sig(qualified);
    Env m = moduleEnv(qualified.substring(0, dot));
    return m == null ? null : (MTy) m.sigs.get(qualified.substring(dot + 1));
  }
}
