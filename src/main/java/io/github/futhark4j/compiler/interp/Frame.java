package io.github.futhark4j.compiler.interp;

import io.github.futhark4j.compiler.typed.Type;
import io.github.futhark4j.compiler.typed.VName;
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
  // An open-addressing table keyed by the names' tags (unique in a checked program), grown when
  // half full: most activations bind a few names, some (long function bodies) hundreds.
  private VName[] keys;
  private Object[] vals;
  private int size;

  Frame(Frame parent, Map<String, TypeArg> types) {
    this.parent = parent;
    this.types = types == null || types.isEmpty() ? null : types;
  }

  Frame child() {
    return new Frame(this, null);
  }

  private static int slot(int tag, int mask) {
    int h = tag * 0x9E3779B9;
    h ^= h >>> 15;
    h *= 0x85EBCA6B;
    return (h ^ (h >>> 13)) & mask;
  }

  private Object local(VName name) {
    VName[] ks = keys;
    int mask = ks.length - 1;
    int tag = name.tag();
    for (int i = slot(tag, mask); ; i = (i + 1) & mask) {
      VName k = ks[i];
      if (k == null) return null;
      if (k == name || k.tag() == tag && k.base().equals(name.base())) return vals[i];
    }
  }

  /** The value of a variable in scope here, or null. */
  Object get(VName name) {
    for (Frame f = this; f != null; f = f.parent) {
      if (f.size > 0) {
        Object v = f.local(name);
        if (v != null) return v;
      }
    }
    return null;
  }

  void put(VName name, Object value) {
    if (keys == null) {
      keys = new VName[8];
      vals = new Object[8];
    } else if (2 * (size + 1) > keys.length) {
      VName[] oks = keys;
      Object[] ovs = vals;
      keys = new VName[2 * oks.length];
      vals = new Object[2 * oks.length];
      size = 0;
      for (int i = 0; i < oks.length; i++) if (oks[i] != null) insert(oks[i], ovs[i]);
    }
    insert(name, value);
  }

  private void insert(VName name, Object value) {
    int mask = keys.length - 1;
    int tag = name.tag();
    for (int i = slot(tag, mask); ; i = (i + 1) & mask) {
      VName k = keys[i];
      if (k == null) {
        keys[i] = name;
        vals[i] = value;
        size++;
        return;
      }
      if (k == name || k.tag() == tag && k.base().equals(name.base())) {
        vals[i] = value;
        return;
      }
    }
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
