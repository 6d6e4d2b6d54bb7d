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
    store(c, v, sigs.get(1));
    restore(c, v, sigs.get(2));
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
    List<ApiValue.Variant> vs = v.sumVariants();
    if (vs != null) {
      c.append(sigs.get(3)).append(" {\n  (void)ctx;\n  return (int)v->v0;\n}\n");
      for (int q = 0; q < vs.size(); q++) {
        ApiValue.Variant var = vs.get(q);
        // new: the tag, this variant's payload; other variants' leaves stay zero/empty.
        c.append(sigs.get(4 + 2 * q)).append(" {\n  (void)ctx;\n  ").append(s).append(" *obj = calloc(1, sizeof(").append(s)
            .append("));\n  if (!obj) return FUTHARK_OUT_OF_MEMORY;\n  obj->v0 = ").append(q).append(";\n");
        for (int j = 0; j < var.payload().size(); j++) {
          int leaf = var.firstLeaf() + j;
          IrType t = leaves.get(leaf).type();
          if (t.isArray()) c.append("  obj->v").append(leaf).append(" = v").append(j).append("->a; fut_incref(&obj->v").append(leaf).append(");\n");
          else if (t.elem() == PrimType.F16) c.append("  obj->v").append(leaf).append(" = fut_bits_f16(v").append(j).append(");\n");
          else c.append("  obj->v").append(leaf).append(" = v").append(j).append(";\n");
        }
        c.append("  *out = obj;\n  return 0;\n}\n");
        c.append(sigs.get(5 + 2 * q)).append(" {\n  (void)ctx;\n");
        for (int j = 0; j < var.payload().size(); j++) {
          int leaf = var.firstLeaf() + j;
          IrType t = leaves.get(leaf).type();
          if (t.isArray()) {
            String st = new CApi.ArrType(t.elem(), t.rank()).struct();
            c.append("  { ").append(st).append(" *r = malloc(sizeof(").append(st).append(")); if (!r) return FUTHARK_OUT_OF_MEMORY;")
                .append(" r->a = obj->v").append(leaf).append("; fut_incref(&r->a); *v").append(j).append(" = r; }\n");
          } else if (t.elem() == PrimType.F16) {
            c.append("  *v").append(j).append(" = fut_f16_bits(obj->v").append(leaf).append(");\n");
          } else {
            c.append("  *v").append(j).append(" = obj->v").append(leaf).append(";\n");
          }
        }
        c.append("  return 0;\n}\n");
      }
    }
    return c.append('\n').toString();
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

  private static final int HEADER = 32;

  private static void store(StringBuilder c, ApiValue v, String sig) {
    List<Atom> leaves = v.leaves();
    c.append(sig).append(" {\n  (void)ctx;\n");
    for (int j = 0; j < leaves.size(); j++) {
      if (leaves.get(j).type().isArray()) c.append("  if (!obj->v").append(j).append(".mem) return fut_consumed_error(ctx);\n");
    }
    c.append("  size_t size = ").append(HEADER).append(";\n");
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
    c.append("  char *w = *p;\n  uint32_t version = 1, k = ").append(leaves.size()).append(", zero = 0;\n")
        .append("  uint64_t fp = UINT64_C(0x").append(Long.toHexString(fingerprint(v))).append("), total = size;\n")
        .append("  memcpy(w, \"F4JO\", 4); memcpy(w + 4, &version, 4); memcpy(w + 8, &fp, 8); memcpy(w + 16, &total, 8);\n")
        .append("  memcpy(w + 24, &k, 4); memcpy(w + 28, &zero, 4); w += ").append(HEADER).append(";\n");
    for (int j = 0; j < leaves.size(); j++) {
      IrType t = leaves.get(j).type();
      String f = "obj->v" + j;
      if (t.isArray()) {
        c.append("  memcpy(w, ").append(f).append(".shape, ").append(8 * t.rank()).append("); w += ").append(8 * t.rank()).append(";\n");
        c.append("  { size_t b = (size_t)fut_numel(&").append(f).append(", ").append(t.rank()).append(") * ").append(CGen.es(t))
            .append("; if (b) memcpy(w, ").append(f).append(".data, b); w += b; }\n");
      } else {
        c.append("  memcpy(w, &").append(f).append(", sizeof(").append(f).append(")); w += sizeof(").append(f).append(");\n");
      }
    }
    c.append("  return 0;\n}\n");
  }

  private static void restore(StringBuilder c, ApiValue v, String sig) {
    List<Atom> leaves = v.leaves();
    String s = v.opaqueStruct();
    String fail = "futhark_free_" + suffix(v) + "(ctx, obj); return NULL;";
    c.append(sig).append(" {\n  const char *r = p;\n  if (!r) { fut_api_error(ctx, \"restore: no bytes\"); return NULL; }\n")
        .append("  uint32_t version, k; uint64_t fp, total;\n")
        .append("  memcpy(&version, r + 4, 4); memcpy(&fp, r + 8, 8); memcpy(&total, r + 16, 8); memcpy(&k, r + 24, 4);\n")
        .append("  if (memcmp(r, \"F4JO\", 4) != 0 || version != 1) {\n")
        .append("    fut_api_error(ctx, \"restore: these bytes are not a value stored by this compiler (futhark4j)\"); return NULL;\n  }\n")
        .append("  if (fp != UINT64_C(0x").append(Long.toHexString(fingerprint(v))).append(") || k != ").append(leaves.size()).append(") {\n")
        .append("    fut_api_error(ctx, \"restore: these bytes hold a value of another type or program, not ")
        .append(cString(v.typeName())).append("\"); return NULL;\n  }\n")
        .append("  if (total < ").append(HEADER).append(") { fut_api_error(ctx, \"restore: corrupt bytes (size)\"); return NULL; }\n")
        .append("  uint64_t at = ").append(HEADER).append(";\n")
        .append("  ").append(s).append(" *obj = calloc(1, sizeof(").append(s).append("));\n")
        .append("  if (!obj) { fut_api_error(ctx, \"restore: out of memory\"); return NULL; }\n");
    for (int j = 0; j < leaves.size(); j++) {
      IrType t = leaves.get(j).type();
      String f = "obj->v" + j;
      if (t.isArray()) {
        int rank = t.rank();
        c.append("  {\n    int64_t sh[").append(rank).append("];\n")
            .append("    if (total - at < ").append(8 * rank).append(") { fut_api_error(ctx, \"restore: corrupt bytes (truncated)\"); ")
            .append(fail).append(" }\n")
            .append("    memcpy(sh, r + at, ").append(8 * rank).append("); at += ").append(8 * rank).append(";\n")
            .append("    uint64_t numel = 1, b = 0; int bad = 0;\n")
            .append("    for (int d = 0; d < ").append(rank).append("; d++) { bad |= sh[d] < 0; bad |= __builtin_mul_overflow(numel, (uint64_t)sh[d], &numel); }\n")
            .append("    bad |= __builtin_mul_overflow(numel, (uint64_t)").append(CGen.es(t)).append(", &b);\n")
            .append("    if (bad || b > total - at) { fut_api_error(ctx, \"restore: corrupt bytes (array shape)\"); ")
            .append(fail).append(" }\n")
            .append("    if (fut_alloc(ctx, &").append(f).append(", ").append(rank).append(", sh, ").append(CGen.es(t))
            .append(")) { ").append(fail).append(" }\n")
            .append("    if (b) memcpy(").append(f).append(".data, r + at, (size_t)b);\n    at += b;\n  }\n");
      } else {
        c.append("  if (total - at < sizeof(").append(f).append(")) { fut_api_error(ctx, \"restore: corrupt bytes (truncated)\"); ")
            .append(fail).append(" }\n")
            .append("  memcpy(&").append(f).append(", r + at, sizeof(").append(f).append(")); at += sizeof(").append(f).append(");\n");
      }
    }
    c.append("  if (at != total) { fut_api_error(ctx, \"restore: corrupt bytes (size)\"); ").append(fail).append(" }\n");
    c.append("  return obj;\n}\n");
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
