package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.types.PrimType;
import java.util.ArrayList;
import java.util.List;

/**
 * Opaque types at the C API (records, tuples and arrays of them used by entry points): a struct
 * holding the value's leaves, with {@code free}, {@code store} and {@code restore}, and for flat
 * records {@code new} and one {@code project} per field (seed 003, "Opaque Values", "Records").
 * The serialised form is private to this compiler: a magic word, then per leaf the scalar's bytes
 * or an array's dimensions and elements.
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
    return field.matches("[A-Za-z_][A-Za-z0-9_]*") ? field : "f" + field;
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
    return out;
  }

  static String declarations(ApiValue v) {
    StringBuilder h = new StringBuilder(v.opaqueStruct()).append(";\n");
    for (String sig : signatures(v)) h.append(sig).append(";\n");
    return h.toString();
  }

  static String definitions(ApiValue v) {
    List<String> sigs = signatures(v);
    List<Atom> leaves = v.leaves();
    String s = v.opaqueStruct();
    StringBuilder c = new StringBuilder(s).append(" {");
    for (int j = 0; j < leaves.size(); j++) c.append(' ').append(CPrim.ctype(leaves.get(j).type())).append(" v").append(j).append(';');
    c.append(" };\n");
    // free
    c.append(sigs.get(0)).append(" {\n  (void)ctx;\n  if (!obj) return 0;\n");
    for (int j = 0; j < leaves.size(); j++) if (leaves.get(j).type().isArray()) c.append("  fut_decref(&obj->v").append(j).append(");\n");
    c.append("  free(obj);\n  return 0;\n}\n");
    // store
    c.append(sigs.get(1)).append(" {\n  (void)ctx;\n  size_t size = 8;\n");
    for (int j = 0; j < leaves.size(); j++) {
      IrType t = leaves.get(j).type();
      if (t.isArray()) {
        c.append("  size += ").append(8 * t.rank()).append(" + (size_t)fut_numel(&obj->v").append(j).append(", ").append(t.rank())
            .append(") * ").append(CGen.es(t)).append(";\n");
      } else {
        c.append("  size += sizeof(obj->v").append(j).append(");\n");
      }
    }
    c.append("  *n = size;\n  if (!p) return 0;\n  if (!*p) { *p = malloc(size); if (!*p) return FUTHARK_OUT_OF_MEMORY; }\n");
    c.append("  char *w = *p;\n  memcpy(w, \"F4JO\", 4); uint32_t k = ").append(leaves.size()).append("; memcpy(w + 4, &k, 4); w += 8;\n");
    for (int j = 0; j < leaves.size(); j++) {
      IrType t = leaves.get(j).type();
      String f = "obj->v" + j;
      if (t.isArray()) {
        c.append("  memcpy(w, ").append(f).append(".shape, ").append(8 * t.rank()).append("); w += ").append(8 * t.rank()).append(";\n");
        c.append("  { size_t b = (size_t)fut_numel(&").append(f).append(", ").append(t.rank()).append(") * ").append(CGen.es(t))
            .append("; memcpy(w, ").append(f).append(".data, b); w += b; }\n");
      } else {
        c.append("  memcpy(w, &").append(f).append(", sizeof(").append(f).append(")); w += sizeof(").append(f).append(");\n");
      }
    }
    c.append("  return 0;\n}\n");
    // restore
    c.append(sigs.get(2)).append(" {\n  const char *r = p;\n  uint32_t k;\n  memcpy(&k, r + 4, 4);\n");
    c.append("  if (memcmp(r, \"F4JO\", 4) != 0 || k != ").append(leaves.size()).append(") return NULL;\n  r += 8;\n");
    c.append("  ").append(s).append(" *obj = calloc(1, sizeof(").append(s).append("));\n  if (!obj) return NULL;\n");
    for (int j = 0; j < leaves.size(); j++) {
      IrType t = leaves.get(j).type();
      String f = "obj->v" + j;
      if (t.isArray()) {
        c.append("  { int64_t sh[").append(t.rank()).append("]; memcpy(sh, r, ").append(8 * t.rank()).append("); r += ")
            .append(8 * t.rank()).append(";\n");
        c.append("    if (fut_alloc(ctx, &").append(f).append(", ").append(t.rank()).append(", sh, ").append(CGen.es(t))
            .append(")) { futhark_free_").append(suffix(v)).append("(ctx, obj); return NULL; }\n");
        c.append("    size_t b = (size_t)fut_numel(&").append(f).append(", ").append(t.rank()).append(") * ").append(CGen.es(t))
            .append("; memcpy(").append(f).append(".data, r, b); r += b; }\n");
      } else {
        c.append("  memcpy(&").append(f).append(", r, sizeof(").append(f).append(")); r += sizeof(").append(f).append(");\n");
      }
    }
    c.append("  return obj;\n}\n");
    List<String> fields = v.recordFields();
    if (fields != null) {
      c.append(sigs.get(3)).append(" {\n  (void)ctx;\n  ").append(s).append(" *obj = malloc(sizeof(").append(s).append("));\n")
          .append("  if (!obj) return FUTHARK_OUT_OF_MEMORY;\n");
      for (int j = 0; j < fields.size(); j++) {
        IrType t = leaves.get(j).type();
        if (t.isArray()) c.append("  obj->v").append(j).append(" = v").append(j).append("->a; fut_incref(&obj->v").append(j).append(");\n");
        else if (t.elem() == PrimType.F16) c.append("  obj->v").append(j).append(" = fut_bits_f16(v").append(j).append(");\n");
        else c.append("  obj->v").append(j).append(" = v").append(j).append(";\n");
      }
      c.append("  *out = obj;\n  return 0;\n}\n");
      for (int j = 0; j < fields.size(); j++) {
        IrType t = leaves.get(j).type();
        c.append(sigs.get(4 + j)).append(" {\n  (void)ctx;\n");
        if (t.isArray()) {
          String st = new CApi.ArrType(t.elem(), t.rank()).struct();
          c.append("  ").append(st).append(" *r = malloc(sizeof(").append(st).append("));\n  if (!r) return FUTHARK_OUT_OF_MEMORY;\n")
              .append("  r->a = obj->v").append(j).append(";\n  fut_incref(&r->a);\n  *out = r;\n");
        } else if (t.elem() == PrimType.F16) {
          c.append("  *out = fut_f16_bits(obj->v").append(j).append(");\n");
        } else {
          c.append("  *out = obj->v").append(j).append(";\n");
        }
        c.append("  return 0;\n}\n");
      }
    }
    return c.append('\n').toString();
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
        f.put("type", Manifest.typeName(v.leaves().get(j).type()));
        f.put("project", "futhark_project_" + suf + "_" + ident(fields.get(j)));
        fs.add(f);
      }
      rec.put("fields", fs);
      ty.put("record", rec);
    }
    return ty;
  }
}
