package io.github.futhark4j.pkg;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Minimal version selection, as {@code futhark pkg} (and Go's vgo) does it: a requirement names
 * the oldest acceptable version, so the build list holds, for every package reachable from the
 * root's requirements through the requirements of the versions visited, the greatest of the
 * versions required of it. A version newer than the one in {@code futhark.pkg} is used only when
 * some dependency asks for it; nothing is ever upgraded beyond what someone requires.
 *
 * <p>Every requirement that records a commit ({@code #hash}) is checked against the commit the
 * version has now, so a tag moved after the requirement was written is noticed.
 */
public final class Solver {
  private Solver() {}

  /** The build list: every package to install and its version, by package path. */
  public static Map<String, SemVer> solve(Registry registry, List<PkgManifest.Required> roots) throws PkgException {
    Map<String, SemVer> chosen = new TreeMap<>();
    Deque<PkgManifest.Required> work = new ArrayDeque<>(roots);
    Set<String> visited = new HashSet<>();
    while (!work.isEmpty()) {
      PkgManifest.Required r = work.poll();
      String commit = registry.commit(r.path(), r.version());
      if (r.commit() != null && !commit.startsWith(r.commit())) {
        throw new PkgException("package " + r.path() + " version " + r.version() + " is now commit " + commit
            + ", but futhark.pkg expects #" + r.commit() + ": the version was moved after it was required"
            + " (to accept the new commit, add the package again)", false);
      }
      if (!visited.add(r.path() + " " + r.version())) continue;
      chosen.merge(r.path(), r.version(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
      work.addAll(registry.manifest(r.path(), r.version()).required());
    }
    return chosen;
  }
}
