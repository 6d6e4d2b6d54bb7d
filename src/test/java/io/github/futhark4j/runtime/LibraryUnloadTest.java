package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.NativeLibrary;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A library is unloaded, and forgotten, once the last program using it is freed: a long-running
 * host that evaluates many distinct programs keeps no trace of the ones it let go. JNA keeps a
 * static table of every library loaded by name and path; an entry used to stay behind for every
 * program (its reference cleared, its strings kept), so the heap grew about 0.5 KB per distinct
 * program forever.
 */
@Tag("native")
class LibraryUnloadTest {
  @TempDir Path dir;

  /** JNA's table of loaded libraries (name or path → weak reference), read by reflection. */
  @SuppressWarnings("unchecked")
  static Map<String, ?> jnaTable() throws Exception {
    Field f = NativeLibrary.class.getDeclaredField("libraries");
    f.setAccessible(true);
    return (Map<String, ?>) f.get(null);
  }

  static boolean jnaKnows(Path so) throws Exception {
    Map<String, ?> t = jnaTable();
    synchronized (t) {
      return t.keySet().stream().anyMatch(k -> k.startsWith(so.toString()));
    }
  }

  /** A copy of the fixture library at a path of its own, as every distinct program has. */
  Path copy(String name) throws Exception {
    Path d = Files.createDirectories(dir.resolve(name));
    Files.copy(Fixture.dir().resolve("fixture.so"), d.resolve("lib.so"), StandardCopyOption.REPLACE_EXISTING);
    Files.copy(Fixture.dir().resolve("fixture.json"), d.resolve("lib.json"), StandardCopyOption.REPLACE_EXISTING);
    return d;
  }

  static LoadedLibrary load(Path d) throws Exception {
    return LoadedLibrary.load(d.resolve("lib.so"), d.resolve("lib.json"), 1);
  }

  @Test
  void closingTheLastProgramOfALibraryUnloadsItAndLeavesNoEntryInJnasTable() throws Exception {
    int before = 0;
    for (int i = 0; i < 20; i++) {
      Path d = copy("p" + i);
      LoadedLibrary p = load(d);
      assertEquals(6.0, (double) p.function("sum").call(new double[] {1, 2, 3}));
      assertTrue(jnaKnows(d.resolve("lib.so")), "loaded");
      p.close();
      assertFalse(jnaKnows(d.resolve("lib.so")), "program " + i + " is closed, but JNA still lists its library");
    }
    assertEquals(before, 0, "every library the test loaded is unloaded");
  }

  @Test
  void aLibraryStaysLoadedWhileAnotherProgramUsesIt() throws Exception {
    Path d = copy("shared");
    LoadedLibrary a = load(d);
    LoadedLibrary b = load(d);
    a.close();
    assertTrue(jnaKnows(d.resolve("lib.so")), "b still holds the library");
    assertEquals(3.0, (double) b.function("sum").call(new double[] {1, 2}), "b still works after a is closed");
    LoadedLibrary c = load(d);
    b.close();
    assertEquals(4.0, (double) c.function("sum").call(new double[] {4}));
    c.close();
    assertFalse(jnaKnows(d.resolve("lib.so")));
    LoadedLibrary again = load(d);
    assertEquals(1.0, (double) again.function("sum").call(new double[] {1}), "a library closed before loads again");
    again.close();
  }

  @Test
  void aValueAliveAfterCloseKeepsTheLibraryUntilItIsFreed() throws Exception {
    Path d = copy("value");
    LoadedLibrary p = load(d);
    var arr = (io.github.futhark4j.FutharkArray) p.function("rev_f64").callNative(new double[] {1, 2, 3});
    p.close();
    assertTrue(jnaKnows(d.resolve("lib.so")), "a live value keeps its context, and so its library");
    assertEquals(java.util.List.of(3.0, 2.0, 1.0),
        java.util.Arrays.stream((double[]) arr.toJava()).boxed().toList(), "the value is still readable");
    arr.close();
    assertFalse(jnaKnows(d.resolve("lib.so")), "freeing the last value freed the context and unloaded the library");
  }
}
