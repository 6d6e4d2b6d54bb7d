package io.github.futhark4j.pkg;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * What the package repositories say, fetched with git during one {@code pkg} command: each
 * repository is cloned once (bare, into a scratch directory deleted at the end), then its released
 * versions are its tags {@code vX.Y.Z} whose major version the package path allows, a commit
 * version ({@code 0.0.0-TIME+COMMIT}) names a commit directly, and a version's
 * {@code futhark.pkg} and package files are read from that commit.
 */
public final class Registry implements AutoCloseable {
  private final Git git;
  private final Path scratch;
  private final Map<String, Path> clones = new HashMap<>();
  private final Map<String, Map<SemVer, String>> versions = new HashMap<>();
  private final Map<String, PkgManifest> manifests = new HashMap<>();

  /** @param log receives each git command line (for {@code -v}); may be {@code s -> {}} */
  public Registry(java.util.function.Consumer<String> log) throws PkgException {
    this.git = new Git(log);
    try {
      this.scratch = Files.createTempDirectory("futhark4j-pkg");
    } catch (IOException e) {
      throw new PkgException("cannot create a scratch directory: " + e.getMessage(), false, e);
    }
  }

  private Path clone(String pkg) throws PkgException {
    String repo = PkgPath.repository(pkg);
    Path known = clones.get(repo);
    if (known != null) return known;
    Path dir = scratch.resolve("repo" + clones.size());
    Git.Result r = git.run(null, "clone", "--bare", "--quiet", PkgPath.url(pkg), dir.toString());
    if (r.status() != 0) {
      throw new PkgException("cannot fetch package " + pkg + " from " + PkgPath.url(pkg)
          + (r.err().isEmpty() ? "" : ": " + r.err()), false);
    }
    clones.put(repo, dir);
    return dir;
  }

  /** The released versions of a package (tags {@code vX.Y.Z} of an allowed major) and their commits, oldest first. */
  public Map<SemVer, String> versions(String pkg) throws PkgException {
    Map<SemVer, String> known = versions.get(pkg);
    if (known != null) return known;
    Path dir = clone(pkg);
    List<Long> majors = PkgPath.majors(pkg);
    String refs = git.check(dir, "for-each-ref", "--format=%(refname:short) %(objectname) %(*objectname)", "refs/tags").text();
    Map<SemVer, String> out = new TreeMap<>();
    for (String line : refs.split("\n")) {
      String[] w = line.strip().split("\\s+");
      if (w.length < 2 || !w[0].startsWith("v")) continue;
      SemVer v;
      try {
        v = SemVer.parse(w[0].substring(1));
      } catch (IllegalArgumentException e) {
        continue; // not a version tag
      }
      if (!majors.contains(v.major()) || v.isCommitVersion()) continue;
      out.put(v, w.length >= 3 ? w[2] : w[1]); // an annotated tag's commit is the peeled object
    }
    versions.put(pkg, out);
    return out;
  }

  /** The newest released version, or a commit version of the repository's HEAD when it has none. */
  public SemVer newest(String pkg) throws PkgException {
    Map<SemVer, String> vs = versions(pkg);
    if (!vs.isEmpty()) return ((TreeMap<SemVer, String>) vs).lastKey();
    return commitVersion(pkg, "HEAD");
  }

  /** The commit version ({@code 0.0.0-TIME+COMMIT}) of a commit (or {@code HEAD}) of the package's repository. */
  public SemVer commitVersion(String pkg, String ref) throws PkgException {
    Path dir = clone(pkg);
    Git.Result r = git.run(dir, "rev-parse", "--verify", "--quiet", ref + "^{commit}");
    if (r.status() != 0) throw new PkgException("package " + pkg + " has no commit " + ref, true);
    String commit = r.text().strip();
    String seconds = git.check(dir, "show", "-s", "--format=%ct", commit).text().strip();
    return SemVer.ofCommit(Instant.ofEpochSecond(Long.parseLong(seconds)), commit);
  }

  /**
   * The commit of a version: the tag's commit for a release, the named commit for a commit version.
   *
   * @throws PkgException the package has no such version (listing those it has)
   */
  public String commit(String pkg, SemVer v) throws PkgException {
    if (v.isCommitVersion()) {
      Path dir = clone(pkg);
      Git.Result r = git.run(dir, "rev-parse", "--verify", "--quiet", v.commit() + "^{commit}");
      if (r.status() != 0) throw new PkgException("package " + pkg + " has no commit " + v.commit(), true);
      return r.text().strip();
    }
    Map<SemVer, String> vs = versions(pkg);
    String c = vs.get(v);
    if (c == null) {
      String known = vs.isEmpty() ? "it has no released versions (use a commit version, or no version to take HEAD)"
          : "known versions: " + String.join(", ", vs.keySet().stream().map(SemVer::toString).toList());
      String major = PkgPath.majors(pkg).contains(v.major()) ? ""
          : "; for major version " + v.major() + ", use package path " + PkgPath.repository(pkg) + "@" + v.major();
      throw new PkgException("package " + pkg + " does not have a version " + v + "; " + known + major, true);
    }
    return c;
  }

  /** The {@code futhark.pkg} of a version (an empty manifest when the commit has none). */
  public PkgManifest manifest(String pkg, SemVer v) throws PkgException {
    String key = pkg + " " + v;
    PkgManifest known = manifests.get(key);
    if (known != null) return known;
    String commit = commit(pkg, v);
    Git.Result r = git.run(clone(pkg), "show", commit + ":" + PkgManifest.FILE);
    PkgManifest m = r.status() != 0 ? PkgManifest.empty(null)
        : PkgManifest.parse(pkg + " " + v + ":" + PkgManifest.FILE, r.text());
    manifests.put(key, m);
    return m;
  }

  /**
   * Writes the files of a package version into {@code target}: the version's package directory
   * {@code lib/<its package path>} (the path its own {@code futhark.pkg} declares, else {@code pkg}).
   */
  public int extract(String pkg, SemVer v, Path target) throws PkgException {
    String commit = commit(pkg, v);
    PkgManifest m = manifest(pkg, v);
    String own = m.packagePath() != null ? m.packagePath() : pkg;
    String prefix = "lib/" + own + "/";
    Git.Result r = git.run(clone(pkg), "archive", "--format=zip", commit, "--", "lib/" + own);
    if (r.status() != 0) {
      throw new PkgException("package " + pkg + " " + v + " has no package directory lib/" + own
          + " (a package keeps its files in lib/<package path>)", false);
    }
    int files = 0;
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(r.out()), StandardCharsets.UTF_8)) {
      for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
        String name = e.getName();
        if (e.isDirectory() || !name.startsWith(prefix)) continue;
        Path out = target.resolve(name.substring(prefix.length())).normalize();
        if (!out.startsWith(target)) throw new PkgException("package " + pkg + " has a file outside its directory: " + name, false);
        Files.createDirectories(out.getParent());
        Files.copy(zip, out);
        files++;
      }
    } catch (IOException e) {
      throw new PkgException("cannot unpack package " + pkg + " " + v + ": " + e.getMessage(), false, e);
    }
    return files;
  }

  /** Deletes the scratch directory. */
  @Override
  public void close() {
    Installer.deleteTree(scratch);
  }
}
