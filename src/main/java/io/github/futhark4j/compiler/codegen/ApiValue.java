package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * One input or output of an entry point as the C API shows it, with the IR values (leaves) that
 * represent it: one for a scalar or an array of primitives, several for an opaque value (a record
 * or tuple, or an array of them), in the canonical field order lowering uses.
 */
record ApiValue(String typeName, Type type, boolean unique, List<Atom> leaves, String name) {
  boolean opaque() { return leaves.size() != 1 || !(type instanceof Type.Prim || type instanceof Type.Array a && a.elem() instanceof Type.Prim); }

  IrType leafType() { return leaves.get(0).type(); }

  /** The C identifier part of an opaque type: the programmer's name if it is one, else a hash. */
  String opaqueName() {
    if (isCIdentifier(typeName)) return typeName;
    return "t" + Integer.toHexString(typeName.hashCode());
  }

  /** Whether {@code s} matches {@code [A-Za-z_][A-Za-z0-9_]*}. */
  private static boolean isCIdentifier(String s) {
    if (s.isEmpty()) return false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
      if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
  }

  String opaqueStruct() { return "struct futhark_opaque_" + opaqueName(); }

  /** The record fields, each a single leaf, in leaf order; null when this is no flat record. */
  List<String> recordFields() {
    if (!(type instanceof Type.Record r)) return null;
    List<String> names = new ArrayList<>(new TreeSet<>(V_ORDER) {{ addAll(r.fields().keySet()); }});
    if (names.size() != leaves.size()) return null;
    for (String n : names) {
      Type f = r.fields().get(n);
      if (!(f instanceof Type.Prim || f instanceof Type.Array a && a.elem() instanceof Type.Prim)) return null;
    }
    return names;
  }

  /** A constructor of a sum type: its name, payload types and the index of its first leaf. */
  record Variant(String name, List<Type> payload, int firstLeaf) {}

  /** The variants of a sum whose payloads are primitives or arrays of them; null otherwise. */
  List<Variant> sumVariants() {
    if (!(type instanceof Type.Sum sm)) return null;
    List<Variant> out = new ArrayList<>();
    int k = 1;
    for (var e : sm.constructors().entrySet()) {
      for (Type f : e.getValue()) {
        if (!(f instanceof Type.Prim || f instanceof Type.Array a && a.elem() instanceof Type.Prim)) return null;
      }
      out.add(new Variant(e.getKey(), e.getValue(), k));
      k += e.getValue().size();
    }
    return out;
  }

  static final java.util.Comparator<String> V_ORDER = (a, b) -> {
    boolean na = !a.isEmpty() && a.chars().allMatch(Character::isDigit);
    boolean nb = !b.isEmpty() && b.chars().allMatch(Character::isDigit);
    if (na && nb) return Long.compare(Long.parseLong(a), Long.parseLong(b));
    return a.compareTo(b);
  };

  static List<ApiValue> inputs(Program.Entry e) {
    return group(e.signature().params(), new ArrayList<>(e.params()), e.paramNames());
  }

  static List<ApiValue> outputs(Program.Entry e) {
    return group(e.signature().results(), e.body().results(), null);
  }

  private static List<ApiValue> group(List<TDecl.EntryType> sig, List<? extends Atom> leaves, List<String> names) {
    List<ApiValue> out = new ArrayList<>();
    int k = 0;
    for (int i = 0; i < sig.size(); i++) {
      TDecl.EntryType t = sig.get(i);
      int n = Lowerer.leafCount(t.type());
      out.add(new ApiValue(t.name(), t.type(), t.unique(), new ArrayList<>(leaves.subList(k, k + n)),
          names == null ? null : names.get(i)));
      k += n;
    }
    return out;
  }
}
