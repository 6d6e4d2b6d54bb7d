package io.github.futhark4j.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Minimal version selection ({@link Solver}) on an in-memory {@link Registry}: its caches of
 * versions and manifests are filled in beforehand, so it never runs git, and the git it would run
 * does not exist (any call would fail with "cannot run git"). Fetching with git is
 * {@code cli.PkgCommandTest}'s.
 */
class SolverTest {
  private String savedGit;
  private final List<String> gitCalls = new ArrayList<>();
  /** Package path -> version -> its requirements; a version's commit is "c" + path + version. */
  private final Map<String, Map<SemVer, List<PkgManifest.Required>>> packages = new LinkedHashMap<>();

  @BeforeEach
  void noGit() {
    savedGit = System.getProperty("futhark4j.git");
    System.setProperty("futhark4j.git", "/nonexistent/futhark4j-test-git");
  }

  @AfterEach
  void restoreGit() {
    if (savedGit == null) System.clearProperty("futhark4j.git");
    else System.setProperty("futhark4j.git", savedGit);
  }

  private static PkgManifest.Required req(String path, String version) {
    return new PkgManifest.Required(path, SemVer.parse(version), null);
  }

  private static String commitOf(String path, String version) {
    return ("c" + path + version).replaceAll("[^A-Za-z0-9]", "0");
  }

  /** Declares version {@code version} of {@code path} and what it requires. */
  private SolverTest pkg(String path, String version, PkgManifest.Required... requires) {
    packages.computeIfAbsent(path, p -> new TreeMap<>()).put(SemVer.parse(version), List.of(requires));
    return this;
  }

  @SuppressWarnings("unchecked")
  private Registry registry() throws Exception {
    Registry r = new Registry(gitCalls::add);
    Map<String, Map<SemVer, String>> versions = (Map<String, Map<SemVer, String>>) field("versions").get(r);
    Map<String, PkgManifest> manifests = (Map<String, PkgManifest>) field("manifests").get(r);
    for (var p : packages.entrySet()) {
      TreeMap<SemVer, String> vs = new TreeMap<>();
      for (var v : p.getValue().entrySet()) {
        vs.put(v.getKey(), commitOf(p.getKey(), v.getKey().toString()));
        PkgManifest m = PkgManifest.empty(p.getKey());
        for (PkgManifest.Required q : v.getValue()) m = m.with(q);
        manifests.put(p.getKey() + " " + v.getKey(), m);
      }
      versions.put(p.getKey(), vs);
    }
    return r;
  }

  private static Field field(String name) throws NoSuchFieldException {
    Field f = Registry.class.getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }

  private Map<String, String> solve(PkgManifest.Required... roots) throws Exception {
    try (Registry r = registry()) {
      Map<String, SemVer> chosen = Solver.solve(r, List.of(roots));
      Map<String, String> out = new LinkedHashMap<>();
      chosen.forEach((k, v) -> out.put(k, v.toString()));
      return out;
    } finally {
      assertEquals(List.of(), gitCalls, "the in-memory registry ran git");
    }
  }

  @Test
  void noRequirementsNoPackages() throws Exception {
    pkg("a.org/a", "1.0.0");
    assertEquals(Map.of(), solve());
  }

  @Test
  void transitiveRequirementsAreInstalledAtTheVersionsRequired() throws Exception {
    pkg("a.org/a", "1.0.0", req("a.org/b", "0.1.0"));
    pkg("a.org/b", "0.1.0", req("a.org/c", "2.0.0-1"));
    pkg("a.org/b", "0.2.0");
    pkg("a.org/c", "2.0.0-1");
    pkg("a.org/c", "2.0.0");
    // Never the newest (b 0.2.0, c 2.0.0): only what someone requires.
    assertEquals(Map.of("a.org/a", "1.0.0", "a.org/b", "0.1.0", "a.org/c", "2.0.0-1"), solve(req("a.org/a", "1.0.0")));
    assertEquals(List.of("a.org/a", "a.org/b", "a.org/c"), new ArrayList<>(solve(req("a.org/a", "1.0.0")).keySet()),
        "the build list is ordered by path");
  }

  @Test
  void theGreatestOfTheRequiredMinimumsWins() throws Exception {
    // The root asks for d 0.1.0, a asks for d 0.3.0, b for d 0.2.0; d 0.4.0 exists but nobody asks.
    pkg("a.org/a", "1.0.0", req("a.org/d", "0.3.0"));
    pkg("a.org/b", "1.0.0", req("a.org/d", "0.2.0"));
    for (String v : new String[] {"0.1.0", "0.2.0", "0.3.0", "0.4.0"}) pkg("a.org/d", v);
    assertEquals(Map.of("a.org/a", "1.0.0", "a.org/b", "1.0.0", "a.org/d", "0.3.0"),
        solve(req("a.org/d", "0.1.0"), req("a.org/a", "1.0.0"), req("a.org/b", "1.0.0")));
    assertEquals(Map.of("a.org/a", "1.0.0", "a.org/d", "0.3.0"), solve(req("a.org/a", "1.0.0"), req("a.org/d", "0.1.0")),
        "whatever the order of the requirements");
    assertEquals(Map.of("a.org/a", "1.0.0", "a.org/d", "0.4.0"), solve(req("a.org/a", "1.0.0"), req("a.org/d", "0.4.0")),
        "the root may ask for more than a dependency");
  }

  @Test
  void requirementsOfEveryVersionVisitedCount() throws Exception {
    // b 0.1.0 (asked for by the root) needs e; b 0.2.0 (asked for by a, and chosen) does not. As in
    // Go's minimal version selection, e is still in the build list, at the version b 0.1.0 asked for.
    pkg("a.org/a", "1.0.0", req("a.org/b", "0.2.0"));
    pkg("a.org/b", "0.1.0", req("a.org/e", "1.1.0"));
    pkg("a.org/b", "0.2.0");
    pkg("a.org/e", "1.1.0");
    pkg("a.org/e", "1.2.0");
    assertEquals(Map.of("a.org/a", "1.0.0", "a.org/b", "0.2.0", "a.org/e", "1.1.0"),
        solve(req("a.org/b", "0.1.0"), req("a.org/a", "1.0.0")));
  }

  @Test
  void majorVersionsAreDifferentPackages() throws Exception {
    pkg("a.org/a", "1.0.0", req("a.org/lib", "1.5.0"));
    pkg("a.org/b", "1.0.0", req("a.org/lib@2", "2.0.0"));
    pkg("a.org/lib", "1.5.0");
    pkg("a.org/lib@2", "2.0.0");
    pkg("a.org/lib@2", "2.1.0");
    assertEquals(Map.of("a.org/a", "1.0.0", "a.org/b", "1.0.0", "a.org/lib", "1.5.0", "a.org/lib@2", "2.1.0"),
        solve(req("a.org/a", "1.0.0"), req("a.org/b", "1.0.0"), req("a.org/lib@2", "2.1.0")));
  }

  @Test
  void cyclesEnd() throws Exception {
    pkg("a.org/a", "1.0.0", req("a.org/b", "1.0.0"));
    pkg("a.org/b", "1.0.0", req("a.org/a", "1.0.0"), req("a.org/b", "1.0.0"));
    assertEquals(Map.of("a.org/a", "1.0.0", "a.org/b", "1.0.0"), solve(req("a.org/a", "1.0.0")));
    // A newer version asked for inside the cycle is taken, the older one's requirements still count.
    pkg("a.org/a", "1.1.0", req("a.org/b", "1.0.0"));
    pkg("a.org/b", "1.0.0", req("a.org/a", "1.1.0"));
    assertEquals(Map.of("a.org/a", "1.1.0", "a.org/b", "1.0.0"), solve(req("a.org/a", "1.0.0")));
  }

  @Test
  void pinnedCommitsAreChecked() throws Exception {
    pkg("a.org/a", "1.0.0");
    pkg("a.org/b", "1.0.0", new PkgManifest.Required("a.org/a", SemVer.of(1, 0, 0), "wrong0"));
    String commit = commitOf("a.org/a", "1.0.0");
    // The full commit, or a prefix of it, is fine.
    assertEquals(Map.of("a.org/a", "1.0.0"), solve(new PkgManifest.Required("a.org/a", SemVer.of(1, 0, 0), commit)));
    assertEquals(Map.of("a.org/a", "1.0.0"),
        solve(new PkgManifest.Required("a.org/a", SemVer.of(1, 0, 0), commit.substring(0, 4))));

    PkgException e = assertThrows(PkgException.class,
        () -> solve(new PkgManifest.Required("a.org/a", SemVer.of(1, 0, 0), "abc")));
    assertEquals("package a.org/a version 1.0.0 is now commit " + commit + ", but futhark.pkg expects #abc: the version"
        + " was moved after it was required (to accept the new commit, add the package again)", e.getMessage());
    assertFalse(e.userError(), "an operation failed, not the user's input");

    // A dependency's pin is checked too, even when the version is reached by another route first.
    PkgException dep = assertThrows(PkgException.class, () -> solve(req("a.org/a", "1.0.0"), req("a.org/b", "1.0.0")));
    assertTrue(dep.getMessage().contains("expects #wrong0"), dep.getMessage());
  }

  @Test
  void anUnknownVersionIsReportedWithTheKnownOnes() throws Exception {
    pkg("a.org/a", "1.0.0", req("a.org/b", "0.9.0"));
    pkg("a.org/b", "0.1.0");
    pkg("a.org/b", "0.2.0");
    PkgException e = assertThrows(PkgException.class, () -> solve(req("a.org/a", "1.0.0")));
    assertEquals("package a.org/b does not have a version 0.9.0; known versions: 0.1.0, 0.2.0", e.getMessage());
    assertTrue(e.userError());
    PkgException major = assertThrows(PkgException.class, () -> solve(req("a.org/b", "2.0.0")));
    assertEquals("package a.org/b does not have a version 2.0.0; known versions: 0.1.0, 0.2.0; for major version 2,"
        + " use package path a.org/b@2", major.getMessage());
  }

  @Test
  void theRegistryAnswersFromWhatItKnows() throws Exception {
    pkg("a.org/a", "0.1.0");
    pkg("a.org/a", "0.10.0");
    pkg("a.org/a", "0.9.0");
    pkg("a.org/a", "1.0.0-3");
    try (Registry r = registry()) {
      assertEquals(SemVer.parse("1.0.0-3"), r.newest("a.org/a"), "the greatest version, a pre-release if it is");
      assertEquals(List.of("0.1.0", "0.9.0", "0.10.0", "1.0.0-3"),
          r.versions("a.org/a").keySet().stream().map(SemVer::toString).toList());
      assertEquals(commitOf("a.org/a", "0.9.0"), r.commit("a.org/a", SemVer.of(0, 9, 0)));
      assertEquals("a.org/a", r.manifest("a.org/a", SemVer.of(0, 9, 0)).packagePath());
    }
    // Anything it does not know it would ask git for, and that git does not exist here.
    try (Registry r = registry()) {
      PkgException e = assertThrows(PkgException.class, () -> r.versions("a.org/unknown"));
      assertTrue(e.getMessage().startsWith("cannot run git (/nonexistent/futhark4j-test-git)"), e.getMessage());
    }
    gitCalls.clear();
  }
}
