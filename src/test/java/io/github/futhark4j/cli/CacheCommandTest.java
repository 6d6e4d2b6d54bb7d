package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code futhark4j cache list | prune | clear} on a cache filled by real compilations. */
@Tag("native")
class CacheCommandTest {
  @TempDir Path tmp;
  private final CliCapture cli = new CliCapture();

  private int run(String... args) { return cli.run(args); }

  private String out() { return cli.out(); }

  @Test
  void listPruneAndClear() throws Exception {
    Path cache = tmp.resolve("cache");
    for (String name : List.of("first.fut", "second.fut")) {
      FutharkOptions o = FutharkOptions.defaults().withCacheDir(cache).withSourceName(name).withBackend("c");
      try (FutharkProgram p = Futhark.compile("entry f (x: i64) : i64 = x + " + name.length(), o)) {
        assertEquals(2L + name.length(), p.function("f").call(2L));
      }
    }
    io.github.futhark4j.toolchain.LibraryBuilder.awaitMaintenance(cache); // the first build's pruning, in the background
    // What a crashed build leaves behind.
    Files.createDirectory(cache.resolve("tmp-" + "a".repeat(64) + "-1"));

    assertEquals(0, run("cache", "list", "--dir", cache.toString()), cli.err());
    List<String> lines = out().lines().toList();
    assertTrue(lines.get(0).startsWith("KEY"), out());
    assertTrue(lines.stream().anyMatch(l -> l.endsWith("first.fut")) && lines.stream().anyMatch(l -> l.endsWith("second.fut")), out());
    assertTrue(lines.get(lines.size() - 1).startsWith("2 entries, ") && lines.get(lines.size() - 1).contains("(limit 1 GiB)")
        && lines.get(lines.size() - 1).contains("1 build directory"), out());

    assertEquals(0, run("cache", "prune", "--dir", cache.toString()), cli.err());
    assertTrue(out().startsWith("Removed 0 entries, 1 stale build directory and "), out());
    assertEquals(0, run("cache", "prune", "--dir", cache.toString(), "--limit", "0"), cli.err());
    assertTrue(out().startsWith("Removed 2 entries, 0 stale build directories and ") && out().contains("0 bytes left"), out());
    try (Stream<Path> s = Files.list(cache)) {
      assertEquals(List.of("cache.lock"), s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("tool-versions.txt") && !n.equals("jna")).toList(),
          "no entries and no key lock files left (the tools' version memo may stay)");
    }

    try (FutharkProgram p = Futhark.compile("entry g (x: i64) : i64 = x", FutharkOptions.defaults().withCacheDir(cache).withBackend("c"))) {
      assertEquals(5L, p.function("g").call(5L));
    }
    assertEquals(0, run("cache", "clear", "--dir", cache.toString()), cli.err());
    assertTrue(out().startsWith("Removed 1 entry: "), out());
    assertEquals(0, run("cache", "list", "--dir", cache.toString()), cli.err());
    assertTrue(out().startsWith("0 entries, 0 bytes"), out());
  }

  @Test
  void badUsage() {
    assertEquals(2, run("cache"));
    assertEquals(2, run("cache", "list", "--limit", "1g", "--dir", tmp.toString()));
    assertEquals(2, run("cache", "prune", "--limit", "lots", "--dir", tmp.toString()));
    assertTrue(cli.err().contains("--limit needs a size"), cli.err());
    assertEquals(0, run("cache", "list", "--dir", tmp.resolve("none").toString()));
    assertTrue(out().startsWith("No cache at "), out());
    assertEquals(0, run("help", "cache"));
    assertTrue(out().contains("futhark4j cache prune"), out());
  }
}
