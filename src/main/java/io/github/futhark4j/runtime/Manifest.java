package io.github.futhark4j.runtime;

import io.github.futhark4j.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The manifest JSON that describes a compiled library's C API (seed 003, "Manifest"). Entry points
 * and types keep the order of the document. Unknown fields are ignored, so newer compilers that add
 * fields still load; a newer single {@code output} object is accepted in place of the
 * {@code outputs} list.
 *
 * @param backend     the backend that generated the library, e.g. {@code multicore}
 * @param version     compiler version, or {@code null}
 * @param entryPoints by Futhark name
 * @param types       non-scalar types by Futhark name, e.g. {@code []f64}
 */
public record Manifest(String backend, String version, Map<String, Entry> entryPoints, Map<String, TypeDesc> types) {

  /** One input of an entry point; {@code name} is {@code null} when the manifest has none. */
  public record Input(String name, String type, boolean unique) {}

  /** One result of an entry point. */
  public record Output(String type, boolean unique) {}

  /** An entry point: its C function and its signature. */
  public record Entry(String name, String cfun, List<Input> inputs, List<Output> outputs, List<String> tuningParams) {}

  /**
   * A non-scalar type. For arrays {@code elemtype} and {@code rank} are set; {@code ops} maps
   * operation names ({@code new}, {@code free}, {@code shape}, {@code values}, {@code store}...) to C
   * functions; {@code record} is set for opaque records.
   */
  public record TypeDesc(String name, String kind, String ctype, String elemtype, int rank, Map<String, String> ops, Record record) {
    public boolean isArray() { return "array".equals(kind); }

    public boolean isOpaque() { return "opaque".equals(kind); }
  }

  /** The record view of an opaque type: constructor and fields in constructor order. */
  public record Record(String newFunction, List<Field> fields) {}

  /** A record field with its projection function. */
  public record Field(String name, String type, String project) {}

  /** Reads a manifest file. */
  public static Manifest read(Path file) throws IOException {
    return parse(Files.readString(file));
  }

  /**
   * Parses manifest JSON.
   *
   * @throws IOException if it is not JSON or lacks a required part
   */
  public static Manifest parse(String json) throws IOException {
    Object root;
    try {
      root = Json.parse(json);
    } catch (Json.JsonException e) {
      throw new IOException("manifest: " + e.getMessage(), e);
    }
    if (!(root instanceof Map<?, ?> top)) throw new IOException("manifest is not a JSON object");
    if (!(top.get("entry_points") instanceof Map<?, ?> eps)) throw new IOException("manifest has no \"entry_points\" object");
    Map<String, Entry> entries = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : eps.entrySet()) {
      if (!(e.getValue() instanceof Map<?, ?> ep)) throw new IOException("entry point " + e.getKey() + " is not a JSON object");
      entries.put((String) e.getKey(), entry((String) e.getKey(), ep));
    }
    Map<String, TypeDesc> types = new LinkedHashMap<>();
    if (top.get("types") instanceof Map<?, ?> ts) {
      for (Map.Entry<?, ?> e : ts.entrySet()) {
        if (e.getValue() instanceof Map<?, ?> t) types.put((String) e.getKey(), type((String) e.getKey(), t));
      }
    }
    return new Manifest(text(top, "backend"), text(top, "version"),
        Collections.unmodifiableMap(entries), Collections.unmodifiableMap(types));
  }

  private static Entry entry(String name, Map<?, ?> n) throws IOException {
    String cfun = text(n, "cfun");
    if (cfun == null) throw new IOException("entry point " + name + " has no \"cfun\"");
    List<Input> inputs = new ArrayList<>();
    for (Map<?, ?> i : objects(n.get("inputs"))) {
      inputs.add(new Input(text(i, "name"), required(i, "type", name), Boolean.TRUE.equals(i.get("unique"))));
    }
    List<Output> outputs = new ArrayList<>();
    Object outs = n.get("outputs");
    if (outs == null && n.get("output") instanceof Map<?, ?> single) outs = List.of(single);
    for (Map<?, ?> o : objects(outs)) outputs.add(new Output(required(o, "type", name), Boolean.TRUE.equals(o.get("unique"))));
    List<String> tuning = new ArrayList<>();
    if (n.get("tuning_params") instanceof List<?> ts) {
      for (Object t : ts) if (t != null) tuning.add(t.toString());
    }
    return new Entry(name, cfun, List.copyOf(inputs), List.copyOf(outputs), List.copyOf(tuning));
  }

  private static TypeDesc type(String name, Map<?, ?> n) {
    Map<String, String> ops = new LinkedHashMap<>();
    if (n.get("ops") instanceof Map<?, ?> o) {
      for (Map.Entry<?, ?> e : o.entrySet()) {
        if (e.getValue() instanceof String f) ops.put((String) e.getKey(), f);
      }
    }
    Record record = null;
    if (n.get("record") instanceof Map<?, ?> r) {
      List<Field> fields = new ArrayList<>();
      for (Map<?, ?> f : objects(r.get("fields"))) fields.add(new Field(text(f, "name"), text(f, "type"), text(f, "project")));
      record = new Record(text(r, "new"), List.copyOf(fields));
    }
    int rank = n.get("rank") instanceof Number k ? k.intValue() : 0;
    return new TypeDesc(name, text(n, "kind"), text(n, "ctype"), text(n, "elemtype"), rank,
        Collections.unmodifiableMap(ops), record);
  }

  /** The objects of a JSON array (other elements skipped); none when it is not an array. */
  private static List<Map<?, ?>> objects(Object n) {
    List<Map<?, ?>> out = new ArrayList<>();
    if (n instanceof List<?> l) {
      for (Object o : l) if (o instanceof Map<?, ?> m) out.add(m);
    }
    return out;
  }

  private static String text(Map<?, ?> n, String field) {
    Object v = n.get(field);
    return v == null ? null : v.toString();
  }

  private static String required(Map<?, ?> n, String field, String entry) throws IOException {
    String v = text(n, field);
    if (v == null) throw new IOException("entry point " + entry + ": a parameter or result has no \"" + field + "\"");
    return v;
  }
}
