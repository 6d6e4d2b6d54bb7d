package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.json.Json;
import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.typed.TDecl;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The manifest JSON (schema in seed 003) describing a generated library's C API. */
final class ManifestWriter {
  private ManifestWriter() {}

  /** The version string the manifest reports for the built-in compiler. */
  static final String VERSION = io.github.futhark4j.toolchain.Version.FUTHARK4J;

  static String typeName(IrType t) {
    return "[]".repeat(t.rank()) + t.elem().futName();
  }

  static String json(Program p, String backend) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("backend", backend);
    Map<String, Object> eps = new LinkedHashMap<>();
    for (Program.Entry e : p.entries()) {
      Map<String, Object> ep = new LinkedHashMap<>();
      ep.put("cfun", e.signature().cFunction());
      List<Object> ins = new ArrayList<>();
      for (ApiValue v : ApiValue.inputs(e)) {
        Map<String, Object> in = new LinkedHashMap<>();
        in.put("name", v.name());
        in.put("type", v.opaque() ? v.typeName() : typeName(v.leafType()));
        in.put("unique", v.unique());
        ins.add(in);
      }
      ep.put("inputs", ins);
      List<Object> outs = new ArrayList<>();
      for (ApiValue v : ApiValue.outputs(e)) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("type", v.opaque() ? v.typeName() : typeName(v.leafType()));
        o.put("unique", v.unique());
        outs.add(o);
      }
      ep.put("outputs", outs);
      ep.put("tuning_params", p.tuningParams()); // every entry point lists all of the program's
      eps.put(e.signature().name(), ep);
    }
    root.put("entry_points", eps);
    Map<String, Object> types = new LinkedHashMap<>();
    for (CApi.ArrType t : CApi.arrayTypes(p)) {
      String suf = t.suffix();
      Map<String, Object> ty = new LinkedHashMap<>();
      ty.put("kind", "array");
      ty.put("ctype", t.struct() + " *");
      ty.put("rank", t.rank());
      ty.put("elemtype", t.elem().futName());
      Map<String, Object> ops = new LinkedHashMap<>();
      ops.put("free", "futhark_free_" + suf);
      ops.put("shape", "futhark_shape_" + suf);
      ops.put("values", "futhark_values_" + suf);
      ops.put("values_raw", "futhark_values_raw_" + suf);
      ops.put("new", "futhark_new_" + suf);
      ops.put("new_raw", "futhark_new_raw_" + suf);
      ops.put("index", "futhark_index_" + suf);
      ty.put("ops", ops);
      types.put(t.futName(), ty);
    }
    for (ApiValue v : CApi.opaqueTypes(p)) types.put(v.typeName(), Opaque.manifest(v));
    root.put("types", types);
    root.put("version", VERSION);
    return Json.pretty(root) + "\n";
  }
}
