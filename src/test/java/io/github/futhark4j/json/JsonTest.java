package io.github.futhark4j.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON reader and writer, checked against Jackson (an independent implementation, test scope only). */
class JsonTest {
  private static final ObjectMapper JACKSON = new ObjectMapper();

  @Test
  void parsesEveryKindOfValueInDocumentOrder() throws Exception {
    Object v = Json.parse(" {\"z\": 1, \"a\": [true, false, null, -0.5e2, 12345678901234567890, \"x\\u00e9\\ud83d\\ude00\\n\\\"\"], \"m\": {}} ");
    Map<?, ?> m = (Map<?, ?>) v;
    assertEquals(List.of("z", "a", "m"), new ArrayList<>(m.keySet()));
    assertEquals(1L, m.get("z"));
    List<?> a = (List<?>) m.get("a");
    assertEquals(true, a.get(0));
    assertEquals(false, a.get(1));
    assertEquals(null, a.get(2));
    assertEquals(-50.0, a.get(3));
    assertEquals(new BigInteger("12345678901234567890"), a.get(4));
    assertEquals("x\u00e9\ud83d\ude00\n\"", a.get(5));
    assertEquals(Map.of(), m.get("m"));
    assertEquals(Long.MIN_VALUE, Json.parse(Long.toString(Long.MIN_VALUE)));
  }

  @Test
  void rejectsMalformedJsonWithTheOffset() {
    for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "\"abc", "\"\\x\"", "tru", "[1] 2", "{1: 2}", "\"a\tb\"", "1e")) {
      Json.JsonException e = assertThrows(Json.JsonException.class, () -> Json.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("malformed JSON at offset "), e.getMessage());
    }
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    Json.JsonException e = assertThrows(Json.JsonException.class, () -> Json.parse(deep));
    assertTrue(e.getMessage().contains("nested more than"), e.getMessage());
  }

  @Test
  void writesWhatJacksonsPrettyPrinterWritesAndReadsItBack() throws Exception {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("backend", "multicore");
    root.put("empty_object", new LinkedHashMap<>());
    root.put("empty_list", List.of());
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("name", "x\"y\\z\n\u0001");
    inner.put("unique", false);
    inner.put("rank", 3);
    inner.put("big", 1L << 40);
    inner.put("ratio", 0.25);
    inner.put("nothing", null);
    root.put("inputs", List.of(inner, inner));
    root.put("nested", Map.of("k", List.of(1, 2, List.of("a"))));
    String ours = Json.pretty(root);
    assertEquals(JACKSON.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root), ours);
    assertEquals(JACKSON.readTree(ours), JACKSON.readTree(JACKSON.writeValueAsString(Json.parse(ours))));
  }

  @Test
  void writesNonFiniteFloatsAsNullAndRejectsOtherObjects() throws Exception {
    assertEquals("[ null, null, 1.5 ]", Json.pretty(List.of(Double.NaN, Double.POSITIVE_INFINITY, 1.5)));
    assertThrows(IllegalArgumentException.class, () -> Json.pretty(List.of(new Object())));
    record Point(String name, int x, List<Integer> ys) {}
    assertEquals("[ {\n  \"name\" : \"p\",\n  \"x\" : 1,\n  \"ys\" : [ 2 ]\n} ]", Json.pretty(List.of(new Point("p", 1, List.of(2)))));
    assertThrows(IllegalArgumentException.class, () -> Json.pretty(Map.of(1, 2)));
  }
}
