package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.compiler.codegen.CHarness;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code futhark4j pkg} against local git repositories standing in for package hosts, with no
 * network: git's own {@code url.<base>.insteadOf} (in a git configuration of the test's own, passed
 * by a small wrapper named by the {@code futhark4j.git} property) maps {@code https://example.org/}
 * to directories of the test. Then programs import the synced packages from {@code lib/} and
 * compile with the built-in compiler.
 */
class PkgCommandTest {
  @TempDir Path tmp;
  Path repos;
  Path project;
  Path gitconfig;
  final Map<String, String> commits = new java.util.HashMap<>();

  record Run(int status, String out, String err) {}

  @BeforeEach
  void repositories() throws Exception {
    assumeTrue(!System.getProperty("os.name").startsWith("Windows"), "the git wrapper is a shell script");
    assumeTrue(gitWorks(), "no git");
    repos = Files.createDirectories(tmp.resolve("repos"));
    project = Files.createDirectories(tmp.resolve("project"));
    gitconfig = tmp.resolve("gitconfig");
    Files.writeString(gitconfig, "[url \"file://" + repos + "/\"]\n\tinsteadOf = https://\n"
        + "[user]\n\tname = Test\n\temail = test@example.org\n[init]\n\tdefaultBranch = main\n");
    Path wrapper = tmp.resolve("git");
    Files.writeString(wrapper, "#!/bin/sh\nGIT_CONFIG_GLOBAL='" + gitconfig + "' GIT_CONFIG_NOSYSTEM=1 exec git \"$@\"\n");
    Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
    System.setProperty("futhark4j.git", wrapper.toString());

    // bar: 0.1.0 adds 1, 0.2.0 adds 2.
    Path bar = repo("example.org/bob/bar");
    release(bar, "0.1.0", Map.of("futhark.pkg", "package example.org/bob/bar\n\nrequire {\n}\n",
        "lib/example.org/bob/bar/bar.fut", "def bar (x: i32) : i32 = x + 1\n"));
    release(bar, "0.2.0", Map.of("lib/example.org/bob/bar/bar.fut", "def bar (x: i32) : i32 = x + 2\n"));
    // foo: 0.1.0 needs bar 0.1.0; 1.0.0 needs bar 0.2.0; 2.0.0 is another major (example.org/alice/foo@2).
    Path foo = repo("example.org/alice/foo");
    String fooFut = "import \"../../bob/bar/bar\"\ndef foo (x: i32) : i32 = bar x * 10\n";
    release(foo, "0.1.0", Map.of("futhark.pkg", "package example.org/alice/foo\n\nrequire {\n  example.org/bob/bar 0.1.0\n}\n",
        "lib/example.org/alice/foo/foo.fut", fooFut, "README.md", "not part of the package\n"));
    release(foo, "1.0.0", Map.of("futhark.pkg", "package example.org/alice/foo\n\nrequire {\n  example.org/bob/bar 0.2.0\n}\n"));
    release(foo, "2.0.0", Map.of("lib/example.org/alice/foo/foo.fut", fooFut.replace("* 10", "* 100")));
    // baz: no release at all, one commit at a known time.
    Path baz = repo("example.org/carol/baz");
    commit(baz, Map.of("lib/example.org/carol/baz/baz.fut", "def baz (x: i32) : i32 = x - 1\n"), "2024-03-05T06:07:08Z");
  }

  @AfterEach
  void clearProperty() {
    System.clearProperty("futhark4j.git");
  }

  private static boolean gitWorks() {
    try {
      return new ProcessBuilder("git", "--version").start().waitFor() == 0;
    } catch (Exception e) {
      return false;
    }
  }

  private Path repo(String path) throws Exception {
    Path dir = Files.createDirectories(repos.resolve(path));
    git(dir, null, "init", "--quiet");
    return dir;
  }

  private void commit(Path repo, Map<String, String> files, String date) throws Exception {
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = repo.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue());
    }
    git(repo, date, "add", "-A");
    git(repo, date, "commit", "--quiet", "-m", "change");
  }

  private void release(Path repo, String version, Map<String, String> files) throws Exception {
    commit(repo, files, "2024-01-01T00:00:00Z");
    git(repo, null, "tag", "-a", "-m", "release", "v" + version);
    commits.put(repos.relativize(repo) + " " + version, git(repo, null, "rev-parse", "HEAD").strip());
  }

  private String git(Path dir, String date, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("GIT_CONFIG_GLOBAL", gitconfig.toString());
    pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    if (date != null) {
      pb.environment().put("GIT_AUTHOR_DATE", date);
      pb.environment().put("GIT_COMMITTER_DATE", date);
    }
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + out);
    return out;
  }

  private Run pkg(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    List<String> all = new ArrayList<>(List.of("pkg", "-C", project.toString()));
    all.addAll(List.of(args));
    int status = Main.run(all.toArray(String[]::new), cli);
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private Run ok(String... args) {
    Run r = pkg(args);
    assertEquals(0, r.status(), String.join(" ", args) + ": " + r.out() + r.err());
    return r;
  }

  private String manifest() throws IOException {
    return Files.readString(project.resolve("futhark.pkg"));
  }

  @Test
  void initAddSyncUpgradeRemoveAndImportFromLib() throws Exception {
    ok("init", "example.org/me/app");
    assertEquals("package example.org/me/app\n\nrequire {\n}\n", manifest());
    Path own = project.resolve("lib/example.org/me/app/own.fut");
    Files.writeString(own, "def own = 1i32\n");

    Run add = ok("add", "example.org/alice/foo", "0.1.0");
    assertTrue(add.out().contains("Added new required package example.org/alice/foo 0.1.0."), add.out());
    assertTrue(manifest().contains("  example.org/alice/foo 0.1.0 #" + commits.get("example.org/alice/foo 0.1.0") + "\n"), manifest());

    Run sync = ok("sync");
    assertTrue(sync.out().contains("lib/example.org/bob/bar: 0.1.0"), "bar comes in as foo's dependency: " + sync.out());
    assertTrue(Files.exists(project.resolve("lib/example.org/alice/foo/foo.fut")));
    assertFalse(Files.exists(project.resolve("lib/example.org/alice/foo/README.md")), "only the package directory is installed");
    assertTrue(Files.exists(own), "sync keeps the directory's own package");
    assertEquals(20, call("main", 1), "foo 0.1.0 with bar 0.1.0: (1 + 1) * 10");

    // Minimal version selection: requiring bar 0.2.0 ourselves raises foo's bar 0.1.0.
    ok("add", "example.org/bob/bar", "0.2.0");
    assertTrue(ok("sync").out().contains("lib/example.org/bob/bar: 0.2.0"));
    assertEquals(30, call("main2", 1), "(1 + 2) * 10");

    // upgrade: foo 0.1.0 => 1.0.0, never 2.0.0 (another major); bar is newest already.
    Run up = ok("upgrade");
    assertTrue(up.out().contains("Upgraded example.org/alice/foo 0.1.0 => 1.0.0."), up.out());
    assertFalse(up.out().contains("bar"), up.out());
    assertTrue(manifest().contains("example.org/alice/foo 1.0.0 #" + commits.get("example.org/alice/foo 1.0.0")), manifest());
    assertTrue(ok("upgrade").out().contains("Nothing to upgrade."));

    // remove bar: foo 1.0.0 still needs bar 0.2.0, so sync keeps it.
    assertTrue(ok("remove", "example.org/bob/bar").out().contains("Removed example.org/bob/bar 0.2.0."));
    assertFalse(manifest().contains("bob/bar"), manifest());
    assertTrue(ok("sync").out().contains("lib/example.org/bob/bar: 0.2.0"));

    // The other major version is another package path.
    ok("add", "example.org/alice/foo@2");
    assertTrue(manifest().contains("example.org/alice/foo@2 2.0.0 #"), manifest());
    assertEquals("0.1.0\n0.2.0\n", ok("versions", "example.org/bob/bar").out());
    assertEquals("0.1.0\n1.0.0\n", ok("versions", "example.org/alice/foo").out());
    assertEquals("2.0.0\n", ok("versions", "example.org/alice/foo@2").out());
  }

  @Test
  void aPackageWithoutReleasesIsTakenAtACommit() throws Exception {
    String head = git(repos.resolve("example.org/carol/baz"), null, "rev-parse", "HEAD").strip();
    Run add = ok("add", "example.org/carol/baz");
    String pseudo = "0.0.0-20240305060708+" + head;
    assertTrue(add.out().contains("Added new required package example.org/carol/baz " + pseudo + "."), add.out());
    assertEquals("require {\n  example.org/carol/baz " + pseudo + "\n}\n", manifest(), "a commit version pins itself: no #hash");
    ok("sync");
    assertEquals("def baz (x: i32) : i32 = x - 1\n", Files.readString(project.resolve("lib/example.org/carol/baz/baz.fut")));
    // A commit hash works as the version too.
    Files.delete(project.resolve("futhark.pkg"));
    assertTrue(ok("add", "example.org/carol/baz", head.substring(0, 10)).out().contains(pseudo));
  }

  @Test
  void mistakesAndFailuresAreReportedClearly() throws Exception {
    Run r = pkg("add", "example.org/alice/foo", "9.9.9");
    assertEquals(2, r.status());
    assertTrue(r.err().contains("does not have a version 9.9.9") && r.err().contains("known versions: 0.1.0, 1.0.0"), r.err());
    r = pkg("add", "example.org/alice/foo", "2.0.0");
    assertTrue(r.status() == 2 && r.err().contains("use package path example.org/alice/foo@2"), r.err());
    r = pkg("add", "example.org/nobody/nothing");
    assertEquals(1, r.status());
    assertTrue(r.err().contains("cannot fetch package example.org/nobody/nothing"), r.err());
    assertEquals(2, pkg("add", "https://example.org/alice/foo").status(), "no protocol in package paths");
    assertEquals(2, pkg("add", "example.org/../etc").status());
    assertEquals(2, pkg("add", "example.org/alice/foo", "1.0").status());
    assertEquals(2, pkg("remove", "example.org/alice/foo").status(), "nothing to remove");
    assertEquals(2, pkg("frobnicate").status());

    Files.writeString(project.resolve("futhark.pkg"), "require {\n  example.org/alice/foo one\n}\n");
    r = pkg("sync");
    assertTrue(r.status() == 2 && r.err().contains("futhark.pkg:2:"), r.err());

    // A release moved after it was required is noticed.
    Files.writeString(project.resolve("futhark.pkg"), "-- our packages\nrequire {\n  example.org/bob/bar 0.1.0 #"
        + commits.get("example.org/bob/bar 0.1.0") + "\n}\n");
    ok("sync");
    Path bar = repos.resolve("example.org/bob/bar");
    commit(bar, Map.of("lib/example.org/bob/bar/bar.fut", "def bar (x: i32) : i32 = x + 100\n"), "2024-02-01T00:00:00Z");
    git(bar, null, "tag", "-f", "-a", "-m", "moved", "v0.1.0");
    r = pkg("sync");
    assertEquals(1, r.status());
    assertTrue(r.err().contains("version 0.1.0 is now commit") && r.err().contains("expects #"), r.err());
    assertTrue(Files.readString(project.resolve("lib/example.org/bob/bar/bar.fut")).contains("x + 1"), "lib/ untouched");
    assertTrue(manifest().startsWith("-- our packages\n"), "comments are kept");
    assertEquals(2, pkg("init", "example.org/me/app").status(), "futhark.pkg exists already");
  }

  /** Compiles a program next to lib/ that imports foo, and calls it. */
  private int call(String name, int x) throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    Path prog = Files.writeString(project.resolve(name + ".fut"),
        "import \"lib/example.org/alice/foo/foo\"\nentry main (x: i32) : i32 = foo x\n");
    try (FutharkProgram p = Futhark.compile(prog, FutharkOptions.defaults())) {
      return (Integer) p.function("main").call(x);
    }
  }
}
