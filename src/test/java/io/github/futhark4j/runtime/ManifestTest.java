package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestTest {
  private static final String SEED_STYLE = """
      {"backend": "multicore", "version": "0.25.24",
       "entry_points": {
         "zeta": {"cfun": "futhark_entry_zeta", "tuning_params": ["t1"],
                  "inputs": [{"name": "xs", "type": "[]f32", "unique": true}, {"type": "i32", "unique": false}],
                  "outputs": [{"type": "f32", "unique": false}, {"type": "[]f32", "unique": true}]},
         "alpha": {"cfun": "futhark_entry_alpha", "inputs": [], "outputs": [{"type": "pt"}]}
       },
       "types": {
         "[]f32": {"kind": "array", "ctype": "struct futhark_f32_1d *", "rank": 1, "elemtype": "f32",
                   "ops": {"free": "futhark_free_f32_1d", "new": "futhark_new_f32_1d", "shape": "s", "values": "v", "index": "i"}},
         "pt": {"kind": "opaque", "ctype": "struct futhark_opaque_pt *",
                "ops": {"free": "futhark_free_opaque_pt", "store": "st", "restore": "re"},
                "record": {"new": "futhark_new_opaque_pt",
                           "fields": [{"name": "x", "type": "f64", "project": "px"}, {"name": "y", "type": "f64", "project": "py"}]}}
       }}
      """;

  @Test
  void readsTheSeedSchema() throws IOException {
    Manifest m = Manifest.parse(SEED_STYLE);
    assertEquals("multicore", m.backend());
    assertEquals("0.25.24", m.version());
    assertEquals(List.of("zeta", "alpha"), List.copyOf(m.entryPoints().keySet()), "document order is kept");
    Manifest.Entry z = m.entryPoints().get("zeta");
    assertEquals("futhark_entry_zeta", z.cfun());
    assertEquals(new Manifest.Input("xs", "[]f32", true), z.inputs().get(0));
    assertNull(z.inputs().get(1).name());
    assertEquals(List.of(new Manifest.Output("f32", false), new Manifest.Output("[]f32", true)), z.outputs());
    assertEquals(List.of("t1"), z.tuningParams());
    Manifest.TypeDesc arr = m.types().get("[]f32");
    assertTrue(arr.isArray());
    assertEquals(1, arr.rank());
    assertEquals("f32", arr.elemtype());
    assertEquals("futhark_new_f32_1d", arr.ops().get("new"));
    Manifest.TypeDesc pt = m.types().get("pt");
    assertTrue(pt.isOpaque());
    assertFalse(pt.isArray());
    assertEquals("futhark_new_opaque_pt", pt.record().newFunction());
    assertEquals("py", pt.record().fields().get(1).project());
  }

  @Test
  void acceptsTheSingleOutputFormAndIgnoresUnknownFields() throws IOException {
    Manifest m = Manifest.parse("""
        {"backend": "c", "new_thing": {"a": [1, 2]},
         "entry_points": {"f": {"cfun": "futhark_entry_f", "inputs": [], "output": {"type": "i64", "unique": false},
                                "attributes": ["x"]}},
         "types": {}}
        """);
    assertEquals(List.of(new Manifest.Output("i64", false)), m.entryPoints().get("f").outputs());
    assertNull(m.version());
  }

  @Test
  void rejectsBrokenManifests() {
    assertThrows(IOException.class, () -> Manifest.parse("[]"));
    assertThrows(IOException.class, () -> Manifest.parse("{\"backend\": \"c\"}"));
    assertThrows(IOException.class, () -> Manifest.parse("{\"entry_points\": {\"f\": {\"inputs\": []}}}"));
    assertThrows(IOException.class, () -> Manifest.parse("{\"entry_points\": {\"f\": {\"cfun\": \"x\", \"inputs\": [{\"name\": \"a\"}]}}}"));
    assertThrows(IOException.class, () -> Manifest.parse("{not json"));
  }
}
