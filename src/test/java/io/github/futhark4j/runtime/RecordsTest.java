package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkOpaque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Records and tuples (opaque types with a record view): built from and converted to Java values. */
@Tag("native")
class RecordsTest {
  LoadedLibrary lib;

  @BeforeEach
  void load() { lib = Fixture.load(); }

  @AfterEach
  void close() {
    assertEquals(0L, lib.function("live").call(), "every record, field and temporary was freed");
    lib.close();
  }

  @Test
  void recordResultsBecomeMapsInFieldOrder() {
    Object r = lib.function("mkpair").call(2, 0.5);
    Map<?, ?> m = assertInstanceOf(Map.class, r);
    assertEquals(List.of("n", "x"), List.copyOf(m.keySet()));
    assertEquals(2L, m.get("n"));
    assertEquals(0.5, m.get("x"));
  }

  @Test
  void tupleResultsBecomeObjectArraysWithArrayFieldsCopied() {
    Object[] t = (Object[]) lib.function("mktup").call((Object) new double[] {1, 2, 3});
    assertArrayEquals(new double[] {1, 2, 3}, (double[]) t[0]);
    assertEquals(3L, t[1]);
  }

  @Test
  void recordsAreBuiltFromMapsArraysOrLists() {
    assertEquals(3.5, lib.function("pairsum").call(Map.of("n", 1, "x", 2.5)));
    assertEquals(3.5, lib.function("pairsum").call((Object) new Object[] {1, 2.5}));
    assertEquals(3.5, lib.function("pairsum").call(List.of(1L, 2.5)));
    assertEquals(10.0, lib.function("tupsum").call((Object) new Object[] {new double[] {1, 2, 3}, 4}));
  }

  @Test
  void fieldsMayBeNativeArraysOfTheSameProgram() {
    FutharkArray xs = (FutharkArray) lib.function("alloc").callNative(4L);
    assertEquals(7.0, lib.function("tupsum").call((Object) new Object[] {xs, 1}));
    assertEquals(6.0, lib.function("tupsum").call((Object) new Object[] {FutharkArray.of(new double[] {5}), 1}));
    xs.close();
  }

  @Test
  void callNativeKeepsRecordsOpaqueAndTheyPassBack() {
    FutharkOpaque t = (FutharkOpaque) lib.function("mktup").callNative((Object) new double[] {1, 2});
    assertEquals("tup", t.type());
    assertEquals(5.0, lib.function("tupsum").call(t));
    t.close();
  }

  @Test
  void badRecordArgumentsNameTheField() {
    String m = assertThrows(IllegalArgumentException.class, () -> lib.function("pairsum").call(Map.of("n", 1))).getMessage();
    assertTrue(m.contains("'pairsum'") && m.contains("'p'") && m.contains("field 'x'"), m);
    Map<String, Object> extra = new LinkedHashMap<>(Map.of("n", 1, "x", 2.0));
    extra.put("y", 3);
    m = assertThrows(IllegalArgumentException.class, () -> lib.function("pairsum").call(extra)).getMessage();
    assertTrue(m.contains("other than the fields"), m);
    m = assertThrows(IllegalArgumentException.class, () -> lib.function("pairsum").call(Map.of("n", 1.5, "x", 2.0))).getMessage();
    assertTrue(m.contains("field 'n'") && m.contains("i64"), m);
    m = assertThrows(IllegalArgumentException.class, () -> lib.function("tupsum").call((Object) new Object[] {new int[] {1}, 1})).getMessage();
    assertTrue(m.contains("field '0'") && m.contains("double[]"), m);
    m = assertThrows(IllegalArgumentException.class, () -> lib.function("tupsum").call((Object) new Object[] {new double[] {1}})).getMessage();
    assertTrue(m.contains("expected 2 fields"), m);
    m = assertThrows(IllegalArgumentException.class, () -> lib.function("tupsum").call("x")).getMessage();
    assertTrue(m.contains("tuple as Object[]"), m);
  }
}
