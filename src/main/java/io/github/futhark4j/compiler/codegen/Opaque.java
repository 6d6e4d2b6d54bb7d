package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.List;

/**
 * Opaque types at the C API (records, tuples and arrays of them used by entry points): a struct
 * holding the value's leaves, with {@code free}, {@code store} and {@code restore}, and for flat
 * records {@code new} and one {@code project} per field (seed 003, "Opaque Values", "Records").
 *
 * <p>The serialised form ({@code store}/{@code restore}) is this compiler's own; the C API leaves
 * it unspecified beyond "restorable by the same program and compiler version". It is
 * self-describing and checked, all integers in native byte order:
 *
 * <pre>
 *   offset  size  field
 *        0     4  magic "F4JO"
 *        4     4  format version, 1
 *        8     8  type fingerprint: FNV-1a (64 bit) of the type's name, leaf types and field or
 *                 constructor names ({@link #fingerprint})
 *       16     8  total size in bytes, header included
 *       24     4  number of leaves
 *       28     4  zero
 *       32        per leaf: a scalar's bytes (f16 as its 2 bits), or an array's rank dimensions
 *                 (8 bytes each) followed by its elements, row-major
 * </pre>
 *
 * {@code restore} refuses (returning NULL, with the context's error message saying why) bytes with
 * another magic, version or fingerprint, negative dimensions, sizes that overflow, or leaves that
 * would read past the total size; it never reads beyond the size the header declares. The C API's
 * {@code restore} takes no length, so that declared size is trusted: the Java runtime keeps the
 * bytes in a checksummed envelope of its own, so what reaches {@code restore} is exactly what
 * {@code store} wrote.
 */
final class Opaque {
  private Opaque() {}

  private static String suffix(ApiValue v) { return "opaque_" + v.opaqueName(); }

  private static String fieldParam(IrType t, String name, boolean output) {
    if (t.isArray()) {
      String st = new CApi.ArrType(t.elem(), t.rank()).struct();
      return output ? st + " **" + name : "const " + st + " *" + name;
    }
    return output ? t.elem().cType() + " *" + name : t.elem().cType() + " " + name;
  }

  private static String ident(String field) {
    // Field names are identifiers or tuple positions; both are valid after the underscore
    // (futhark_project_opaque_t_0, as the real compiler names tuple projections).
    return field;
  }

  private static List<String> signatures(ApiValue v) {
    String s = v.opaqueStruct(), suf = suffix(v);
    List<String> out = new ArrayList<>();
    out.add("int futhark_free_" + suf + "(struct futhark_context *ctx, " + s + " *obj)");
    out.add("int futhark_store_" + suf + "(struct futhark_context *ctx, const " + s + " *obj, void **p, size_t *n)");
    out.add(s + " *futhark_restore_" + suf + "(struct futhark_context *ctx, const void *p)");
    List<String> fields = v.recordFields();
    if (fields != null) {
      List<String> ps = new ArrayList<>(List.of("struct futhark_context *ctx", s + " **out"));
      for (int j = 0; j < fields.size(); j++) ps.add(fieldParam(v.leaves().get(j).type(), "v" + j, false));
      out.add("int futhark_new_" + suf + "(" + String.join(", ", ps) + ")");
      for (int j = 0; j < fields.size(); j++) {
        out.add("int futhark_project_" + suf + "_" + ident(fields.get(j)) + "(struct futhark_context *ctx, "
            + fieldParam(v.leaves().get(j).type(), "out", true) + ", const " + s + " *obj)");
      }
    }
    List<ApiValue.Variant> vs = v.sumVariants();
    if (vs != null) {
      out.add("int futhark_variant_" + suf + "(struct futhark_context *ctx, const " + s + " *v)");
      for (ApiValue.Variant var : vs) {
        List<String> ps = new ArrayList<>(List.of("struct futhark_context *ctx", s + " **out"));
        List<String> ds = new ArrayList<>(List.of("struct futhark_context *ctx"));
        for (int j = 0; j < var.payload().size(); j++) {
          IrType t = v.leaves().get(var.firstLeaf() + j).type();
          ps.add(fieldParam(t, "v" + j, false));
          ds.add(fieldParam(t, "v" + j, true));
        }
        ds.add("const " + s + " *obj");
        out.add("int futhark_new_" + suf + "_" + var.name() + "(" + String.join(", ", ps) + ")");
        out.add("int futhark_destruct_" + suf + "_" + var.name() + "(" + String.join(", ", ds) + ")");
      }
    }
    return out;
  }

  static String declarations(ApiValue v) {
    StringBuilder h = new StringBuilder(v.opaqueStruct()).append(";\n");
    for (String sig : signatures(v)) h.append(sig).append(";\n");
    return h.toString();
  }

  /**
   * The C of an opaque type: its struct, the table of its leaves ({@code fut_leaf}) and one-line
   * functions with the type's own signatures around the engine's generic ones
   * ({@code fut_opaque_free}, {@code fut_opaque_store}, {@code fut_opaque_restore},
   * {@code fut_api_share}; engine/futhark4j_runtime.c).
   */
  static String definitions(ApiValue v) {
    List<String> sigs = signatures(v);
    List<Atom> leaves = v.leaves();
    String s = v.opaqueStruct();
    String table = "fut_leaves_" + suffix(v);
    int n = leaves.size();
    StringBuilder c = new StringBuilder(s).append(" {");
    for (int j = 0; j < n; j++) c.append(' ').append(CPrim.ctype(leaves.get(j).type())).append(" v").append(j).append(';');
    c.append(" };\n");
    c.append("static const fut_leaf ").append(table).append("[] = {");
    for (int j = 0; j < n; j++) {
      IrType t = leaves.get(j).type();
      c.append(j == 0 ? "" : ",").append(" {").append(t.rank()).append(", ")
          .append(t.isArray() ? CGen.es(t) : "sizeof(" + CPrim.ctype(t) + ")")
          .append(", offsetof(").append(s).append(", v").append(j).append(")}");
    }
    c.append(" };\n");
    String fp = "UINT64_C(0x" + Long.toHexString(fingerprint(v)) + ")";
    c.append(sigs.get(0)).append(" { (void)ctx; return fut_opaque_free(obj, ").append(table).append(", ").append(n).append("); }\n");
    c.append(sigs.get(1)).append(" { return fut_opaque_store(ctx, obj, ").append(table).append(", ").append(n).append(", ")
        .append(fp).append(", p, n); }\n");
    c.append(sigs.get(2)).append(" { return fut_opaque_restore(ctx, p, ").append(table).append(", ").append(n).append(", ")
        .append(fp).append(", sizeof(").append(s).append("), \"").append(cString(v.typeName())).append("\"); }\n");
    List<String> fields = v.recordFields();
    if (fields != null) {
      c.append(sigs.get(3)).append(" {\n  (void)ctx;\n  ").append(s).append(" *obj = malloc(sizeof(").append(s).append("));\n")
          .append("  if (!obj) return FUTHARK_OUT_OF_MEMORY;\n");
      for (int j = 0; j < fields.size(); j++) c.append("  ").append(setLeaf(leaves.get(j).type(), j, "v" + j)).append('\n');
      c.append("  *out = obj;\n  return 0;\n}\n");
      for (int j = 0; j < fields.size(); j++) {
        c.append(sigs.get(4 + j)).append(" { (void)ctx; ").append(getLeaf(leaves.get(j).type(), j, "out")).append(" return 0; }\n");
      }
    }
    List<ApiValue.Variant> vs = v.sumVariants();
    if (vs != null) {
      c.append(sigs.get(3)).append(" { (void)ctx; return (int)v->v0; }\n");
      for (int q = 0; q < vs.size(); q++) {
        ApiValue.Variant var = vs.get(q);
        // new: the tag, this variant's payload; other variants' leaves stay zero/empty.
        c.append(sigs.get(4 + 2 * q)).append(" {\n  (void)ctx;\n  ").append(s).append(" *obj = calloc(1, sizeof(").append(s)
            .append("));\n  if (!obj) return FUTHARK_OUT_OF_MEMORY;\n  obj->v0 = ").append(q).append(";\n");
        for (int j = 0; j < var.payload().size(); j++) {
          int leaf = var.firstLeaf() + j;
          c.append("  ").append(setLeaf(leaves.get(leaf).type(), leaf, "v" + j)).append('\n');
        }
        c.append("  *out = obj;\n  return 0;\n}\n");
        c.append(sigs.get(5 + 2 * q)).append(" {\n  (void)ctx;\n");
        for (int j = 0; j < var.payload().size(); j++) {
          int leaf = var.firstLeaf() + j;
          c.append("  ").append(getLeaf(leaves.get(leaf).type(), leaf, "v" + j)).append('\n');
        }
        c.append("  return 0;\n}\n");
      }
    }
    return c.append('\n').toString();
  }

  /** Stores parameter {@code param} into leaf {@code j} of {@code obj}; an array is shared. */
  private static String setLeaf(IrType t, int j, String param) {
    if (t.isArray()) return "obj->v" + j + " = " + param + "->a; fut_incref(&obj->v" + j + ");";
    if (t.elem() == PrimType.F16) return "obj->v" + j + " = fut_bits_f16(" + param + ");";
    return "obj->v" + j + " = " + param + ";";
  }

  /** Reads leaf {@code j} of {@code obj} into {@code *out}; an array as a new value sharing it. */
  private static String getLeaf(IrType t, int j, String out) {
    if (t.isArray()) return "if (!(*" + out + " = fut_api_share(&obj->v" + j + "))) return FUTHARK_OUT_OF_MEMORY;";
    if (t.elem() == PrimType.F16) return "*" + out + " = fut_f16_bits(obj->v" + j + ");";
    return "*" + out + " = obj->v" + j + ";";
  }

  /**
   * The type fingerprint in the serialised form: FNV-1a over the opaque type's name, its leaves'
   * types and its field or constructor names, so that bytes of another type (or of the same name
   * in a changed program) are refused rather than misread.
   */
  static long fingerprint(ApiValue v) {
    StringBuilder d = new StringBuilder(v.opaqueName()).append('|').append(v.typeName());
    for (Atom leaf : v.leaves()) d.append('|').append(ManifestWriter.typeName(leaf.type()));
    if (v.recordFields() != null) d.append("|fields:").append(String.join(",", v.recordFields()));
    if (v.sumVariants() != null) {
      for (ApiValue.Variant var : v.sumVariants()) d.append("|variant:").append(var.name()).append('/').append(var.payload().size());
    }
    long h = 0xcbf29ce484222325L;
    for (byte b : d.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }

  private static String cString(String text) {
    StringBuilder b = new StringBuilder();
    for (char ch : text.toCharArray()) {
      if (ch == '"' || ch == '\\') b.append('\\').append(ch);
      else if (ch >= 32 && ch < 127) b.append(ch);
      else b.append('?');
    }
    return b.toString();
  }

  /** Manifest entry for an opaque type. */
  static java.util.Map<String, Object> manifest(ApiValue v) {
    java.util.Map<String, Object> ty = new java.util.LinkedHashMap<>();
    String suf = suffix(v);
    ty.put("kind", "opaque");
    ty.put("ctype", v.opaqueStruct() + " *");
    java.util.Map<String, Object> ops = new java.util.LinkedHashMap<>();
    ops.put("free", "futhark_free_" + suf);
    ops.put("store", "futhark_store_" + suf);
    ops.put("restore", "futhark_restore_" + suf);
    ty.put("ops", ops);
    List<String> fields = v.recordFields();
    if (fields != null) {
      java.util.Map<String, Object> rec = new java.util.LinkedHashMap<>();
      rec.put("new", "futhark_new_" + suf);
      List<Object> fs = new ArrayList<>();
      for (int j = 0; j < fields.size(); j++) {
        java.util.Map<String, Object> f = new java.util.LinkedHashMap<>();
        f.put("name", fields.get(j));
        f.put("type", ManifestWriter.typeName(v.leaves().get(j).type()));
        f.put("project", "futhark_project_" + suf + "_" + ident(fields.get(j)));
        fs.add(f);
      }
      rec.put("fields", fs);
      ty.put("record", rec);
    }
    List<ApiValue.Variant> vs = v.sumVariants();
    if (vs != null) {
      java.util.Map<String, Object> sum = new java.util.LinkedHashMap<>();
      sum.put("variant", "futhark_variant_" + suf);
      List<Object> variants = new ArrayList<>();
      for (ApiValue.Variant var : vs) {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("name", var.name());
        m.put("construct", "futhark_new_" + suf + "_" + var.name());
        m.put("destruct", "futhark_destruct_" + suf + "_" + var.name());
        List<Object> payload = new ArrayList<>();
        for (int j = 0; j < var.payload().size(); j++) payload.add(ManifestWriter.typeName(v.leaves().get(var.firstLeaf() + j).type()));
        m.put("payload", payload);
        variants.add(m);
      }
      sum.put("variants", variants);
      ty.put("sum", sum);
    }
    return ty;
  }
}
