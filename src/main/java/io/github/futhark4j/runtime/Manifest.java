package io.github.futhark4j.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
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

  private static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

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
    JsonNode root = MAPPER.readTree(json);
    if (root == null || !root.isObject()) throw new IOException("manifest is not a JSON object");
    JsonNode eps = root.get("entry_points");
    if (eps == null || !eps.isObject()) throw new IOException("manifest has no \"entry_points\" object");
    Map<String, Entry> entries = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = eps.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      entries.put(e.getKey(), entry(e.getKey(), e.getValue()));
    }
    Map<String, TypeDesc> types = new LinkedHashMap<>();
    JsonNode ts = root.get("types");
    if (ts != null && ts.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = ts.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        types.put(e.getKey(), type(e.getKey(), e.getValue()));
      }
    }
    return new Manifest(text(root, "backend"), text(root, "version"),
        Collections.unmodifiableMap(entries), Collections.unmodifiableMap(types));
  }

  private static Entry entry(String name, JsonNode n) throws IOException {
    String cfun = text(n, "cfun");
    if (cfun == null) throw new IOException("entry point " + name + " has no \"cfun\"");
    List<Input> inputs = new ArrayList<>();
    for (JsonNode i : list(n.get("inputs"))) {
      inputs.add(new Input(text(i, "name"), required(i, "type", name), i.path("unique").asBoolean(false)));
    }
    List<Output> outputs = new ArrayList<>();
    JsonNode outs = n.get("outputs");
    if (outs == null && n.get("output") != null && n.get("output").isObject()) {
      outs = MAPPER.createArrayNode().add(n.get("output"));
    }
    for (JsonNode o : list(outs)) outputs.add(new Output(required(o, "type", name), o.path("unique").asBoolean(false)));
    List<String> tuning = new ArrayList<>();
    for (JsonNode t : list(n.get("tuning_params"))) tuning.add(t.asText());
    return new Entry(name, cfun, List.copyOf(inputs), List.copyOf(outputs), List.copyOf(tuning));
  }

  private static TypeDesc type(String name, JsonNode n) {
    Map<String, String> ops = new LinkedHashMap<>();
    JsonNode o = n.get("ops");
    if (o != null && o.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getValue().isTextual()) ops.put(e.getKey(), e.getValue().asText());
      }
    }
    Record record = null;
    JsonNode r = n.get("record");
    if (r != null && r.isObject()) {
      List<Field> fields = new ArrayList<>();
      for (JsonNode f : list(r.get("fields"))) fields.add(new Field(text(f, "name"), text(f, "type"), text(f, "project")));
      record = new Record(text(r, "new"), List.copyOf(fields));
    }
    return new TypeDesc(name, text(n, "kind"), text(n, "ctype"), text(n, "elemtype"), n.path("rank").asInt(0),
        Collections.unmodifiableMap(ops), record);
  }

  private static Iterable<JsonNode> list(JsonNode n) {
    return n == null || !n.isArray() ? List.of() : n;
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static String required(JsonNode n, String field, String entry) throws IOException {
    String v = text(n, field);
    if (v == null) throw new IOException("entry point " + entry + ": a parameter or result has no \"" + field + "\"");
    return v;
  }
}
