package io.github.futhark4j.cli;

import io.github.futhark4j.pkg.Installer;
import io.github.futhark4j.pkg.PkgException;
import io.github.futhark4j.pkg.PkgManifest;
import io.github.futhark4j.pkg.PkgPath;
import io.github.futhark4j.pkg.Registry;
import io.github.futhark4j.pkg.SemVer;
import io.github.futhark4j.pkg.Solver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code pkg}: Futhark packages, like {@code futhark pkg}: {@code init}, {@code add},
 * {@code remove}, {@code upgrade} edit {@code futhark.pkg}; {@code sync} downloads the required
 * packages and their dependencies (minimal version selection) into {@code lib/}, from where
 * programs import them ({@code import "lib/github.com/user/pkg/file"}). Only {@code add},
 * {@code upgrade}, {@code sync} and {@code versions} use the network, through git.
 */
public final class PkgCommand implements Command {
  @Override
  public String name() { return "pkg"; }

  @Override
  public String summary() { return "manage Futhark packages (futhark.pkg and lib/), like futhark pkg"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j pkg [-C DIR] [-v] COMMAND [ARGS]

        Manages the packages a Futhark program uses, like 'futhark pkg'. The package manifest is
        futhark.pkg in the current directory (or DIR); packages are installed under lib/, named by
        their package path, and imported from there: import "lib/github.com/user/pkg/file".

        Commands:
          add PKG [VERSION]   require PKG at VERSION (X.Y.Z, a commit version 0.0.0-TIME+COMMIT,
                              or a commit hash); without VERSION, the newest release, or the newest
                              commit when the package has no release. Edits futhark.pkg only.
          remove PKG          drop the requirement of PKG from futhark.pkg
          sync                download every required package and its dependencies, picking for
                              each the oldest version all requirements accept, into lib/ (which is
                              replaced, except the directory's own package)
          upgrade             raise every requirement to the package's newest version (never
                              across a major version: PKG@2 is another package)
          init PKG            start a package: futhark.pkg with 'package PKG' and lib/PKG/
          versions PKG        list the released versions of PKG

        Packages are git repositories fetched from https://PKG (without a trailing @N); released
        versions are tags vX.Y.Z. git is the futhark4j.git system property, FUTHARK4J_GIT, or git on
        PATH. git's own settings apply: to take packages from elsewhere (a
        mirror, a local directory), use url.<base>.insteadOf, e.g.
          git config --global url."file:///srv/mirror/".insteadOf "https://github.com/"

        Options:
          -C, --directory DIR   work in DIR instead of the current directory
          -v, --verbose         print each git command on standard error

        Exit codes: 0 ok; 1 a download or git failed, or a commit does not match futhark.pkg;
        2 bad usage, a malformed futhark.pkg, an unknown package or version.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().option("-C", "--directory").flag("-v", "--verbose").parse(argv);
    List<String> args = a.positional();
    if (args.isEmpty()) throw new UsageException("expected a pkg command: add, remove, sync, upgrade, init or versions");
    Path dir = Path.of(a.value("-C", ".")).toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) throw new UsageException("no such directory: " + dir);
    boolean verbose = a.has("-v");
    String cmd = args.get(0);
    List<String> rest = args.subList(1, args.size());
    try {
      return switch (cmd) {
        case "init" -> init(dir, one(rest, "init PKG"), cli);
        case "add" -> {
          if (rest.isEmpty() || rest.size() > 2) throw new UsageException("usage: futhark4j pkg add PKG [VERSION]");
          yield add(dir, rest.get(0), rest.size() == 2 ? rest.get(1) : null, verbose, cli);
        }
        case "remove" -> remove(dir, one(rest, "remove PKG"), cli);
        case "sync" -> {
          none(rest, "sync");
          yield sync(dir, verbose, cli);
        }
        case "upgrade" -> {
          none(rest, "upgrade");
          yield upgrade(dir, verbose, cli);
        }
        case "versions" -> versions(one(rest, "versions PKG"), verbose, cli);
        default -> throw new UsageException("unknown pkg command '" + cmd + "'; expected add, remove, sync, upgrade, init or versions");
      };
    } catch (PkgException e) {
      throw new ExitException(e.userError() ? 2 : 1, "futhark4j pkg: " + e.getMessage());
    }
  }

  private static String one(List<String> rest, String usage) throws UsageException {
    if (rest.size() != 1) throw new UsageException("usage: futhark4j pkg " + usage);
    return rest.get(0);
  }

  private static void none(List<String> rest, String cmd) throws UsageException {
    if (!rest.isEmpty()) throw new UsageException("pkg " + cmd + " takes no arguments");
  }

  private static Registry registry(boolean verbose, Cli cli) throws PkgException {
    return new Registry(verbose ? line -> cli.err().println("running: " + line) : line -> { });
  }

  /** The directory's futhark.pkg, or an empty one (saying so) when there is none. */
  private static PkgManifest manifest(Path dir, Cli cli) throws PkgException {
    Path file = dir.resolve(PkgManifest.FILE);
    if (Files.isDirectory(file)) throw new PkgException(file + " is a directory, not a package manifest", true);
    if (!Files.exists(file)) {
      cli.out().println(PkgManifest.FILE + " not found - pretending it is empty.");
      return PkgManifest.empty(null);
    }
    return PkgManifest.read(file);
  }

  private static int init(Path dir, String pkg, Cli cli) throws PkgException {
    PkgPath.check(pkg);
    Path file = dir.resolve(PkgManifest.FILE);
    if (Files.exists(file)) throw new PkgException(PkgManifest.FILE + " already exists.", true);
    Path pkgDir = PkgPath.under(dir.resolve("lib"), pkg);
    try {
      Files.createDirectories(pkgDir);
    } catch (java.io.IOException e) {
      throw new PkgException("cannot create " + pkgDir + ": " + e.getMessage(), false, e);
    }
    cli.out().println("Created directory " + dir.relativize(pkgDir) + ".");
    PkgManifest.empty(pkg).write(file);
    cli.out().println("Wrote " + PkgManifest.FILE + ".");
    return 0;
  }

  private static int add(Path dir, String pkg, String version, boolean verbose, Cli cli) throws PkgException {
    PkgPath.check(pkg);
    PkgManifest m = manifest(dir, cli);
    try (Registry reg = registry(verbose, cli)) {
      SemVer v = version == null ? reg.newest(pkg) : versionOrCommit(reg, pkg, version);
      // The package and all requirements must be satisfiable together (this fetches them).
      Solver.solve(reg, m.with(new PkgManifest.Required(pkg, v, null)).required());
      // A commit version names its commit already; released versions pin the commit they have now.
      String commit = v.isCommitVersion() ? null : reg.commit(pkg, v);
      PkgManifest.Required old = m.find(pkg);
      if (old != null && old.version().equals(v)) {
        cli.out().println("Package already at version " + v + "; nothing to do.");
        return 0;
      }
      m.with(new PkgManifest.Required(pkg, v, commit)).write(dir.resolve(PkgManifest.FILE));
      cli.out().println(old != null ? "Replaced " + pkg + " " + old.version() + " => " + v + "."
          : "Added new required package " + pkg + " " + v + ".");
      cli.out().println("Remember to run 'futhark4j pkg sync'.");
      return 0;
    }
  }

  /** A version (X.Y.Z or a commit version), or a commit hash turned into its commit version. */
  private static SemVer versionOrCommit(Registry reg, String pkg, String text) throws PkgException {
    try {
      return SemVer.parse(text);
    } catch (IllegalArgumentException e) {
      if (text.matches("[0-9a-fA-F]{4,64}")) return reg.commitVersion(pkg, text);
      throw new PkgException(e.getMessage() + ", or a commit hash", true);
    }
  }

  private static int remove(Path dir, String pkg, Cli cli) throws PkgException {
    PkgManifest m = manifest(dir, cli);
    PkgManifest.Required r = m.find(pkg);
    if (r == null) throw new PkgException("No package " + pkg + " found in " + PkgManifest.FILE + ".", true);
    m.without(pkg).write(dir.resolve(PkgManifest.FILE));
    cli.out().println("Removed " + pkg + " " + r.version() + ".");
    cli.out().println("Remember to run 'futhark4j pkg sync' to remove its files from lib/.");
    return 0;
  }

  private static int sync(Path dir, boolean verbose, Cli cli) throws PkgException {
    PkgManifest m = manifest(dir, cli);
    try (Registry reg = registry(verbose, cli)) {
      Map<String, SemVer> buildList = Solver.solve(reg, m.required());
      Map<String, Integer> files = Installer.install(reg, dir, m.packagePath(), buildList);
      for (Map.Entry<String, SemVer> e : buildList.entrySet()) {
        cli.out().println("lib/" + e.getKey() + ": " + e.getValue() + " (" + files.get(e.getKey()) + " files)");
      }
      if (buildList.isEmpty()) cli.out().println("No packages required; lib/ holds only this package's own files.");
      return 0;
    }
  }

  private static int upgrade(Path dir, boolean verbose, Cli cli) throws PkgException {
    PkgManifest m = manifest(dir, cli);
    PkgManifest upgraded = m;
    try (Registry reg = registry(verbose, cli)) {
      for (PkgManifest.Required r : m.required()) {
        SemVer newest = reg.newest(r.path());
        if (newest.compareTo(r.version()) <= 0) continue;
        String commit = newest.isCommitVersion() ? null : reg.commit(r.path(), newest);
        upgraded = upgraded.with(new PkgManifest.Required(r.path(), newest, commit));
        cli.out().println("Upgraded " + r.path() + " " + r.version() + " => " + newest + ".");
      }
    }
    if (upgraded == m) {
      cli.out().println("Nothing to upgrade.");
      return 0;
    }
    upgraded.write(dir.resolve(PkgManifest.FILE));
    cli.out().println("Remember to run 'futhark4j pkg sync'.");
    return 0;
  }

  private static int versions(String pkg, boolean verbose, Cli cli) throws PkgException {
    PkgPath.check(pkg);
    try (Registry reg = registry(verbose, cli)) {
      Map<SemVer, String> vs = reg.versions(pkg);
      for (SemVer v : vs.keySet()) cli.out().println(v);
      if (vs.isEmpty()) cli.out().println("(no released versions; HEAD is " + reg.newest(pkg) + ")");
      return 0;
    }
  }
}
