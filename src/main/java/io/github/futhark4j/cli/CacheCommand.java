package io.github.futhark4j.cli;

import io.github.futhark4j.toolchain.CompileCache;
import io.github.futhark4j.toolchain.LibraryBuilder;
import io.github.futhark4j.toolchain.Sizes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** {@code cache}: list, prune and clear the on-disk compile cache. */
public final class CacheCommand implements Command {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

  @Override
  public String name() { return "cache"; }

  @Override
  public String summary() { return "list, prune or clear the compile cache"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j cache list  [--dir DIR]
               futhark4j cache prune [--dir DIR] [--limit SIZE]
               futhark4j cache clear [--dir DIR]

        The compile cache keeps every library built, one entry per build key (see docs/cache.md).
        Builds keep it under its size limit by removing the least recently used entries.

          list    every entry, least recently used first: key, size, when last used, source;
                  then the totals and the limit
          prune   removes least recently used entries until the cache is at most SIZE (default:
                  the configured limit), build directories left by crashed builds, and, when no
                  build runs in any process, the per-key lock files
          clear   removes every entry nobody is building, and the lock files as prune does

        Options:
          --dir DIR      the cache directory (default: system property futhark4j.cache, else
                         FUTHARK4J_CACHE, else $XDG_CACHE_HOME/futhark4j, else ~/.cache/futhark4j)
          --limit SIZE   for prune: a size such as 500m, 2g or a number of bytes; 0 empties it

        The limit is the system property futhark4j.cacheLimit, else the environment variable
        FUTHARK4J_CACHE_LIMIT, else 1 GiB. Entries in use by running programs may be removed:
        loaded libraries keep working, and are built again when next needed.

        Exit codes: 0 done; 1 the cache could not be read or changed; 2 bad usage.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().option("--dir").option("--limit").parse(argv);
    if (a.positional().size() != 1) throw new UsageException("expected one of list, prune, clear");
    String what = a.positional().get(0);
    Path dir = a.has("--dir") ? Path.of(a.value("--dir", null)).toAbsolutePath() : LibraryBuilder.defaultCacheDir();
    if (a.has("--limit") && !what.equals("prune")) throw new UsageException("--limit is for prune");
    long limit;
    try {
      limit = a.has("--limit") ? parseLimit(a.value("--limit", null)) : CompileCache.defaultLimit();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (!Files.isDirectory(dir)) {
      if (!List.of("list", "prune", "clear").contains(what)) throw new UsageException("unknown cache command '" + what + "'");
      cli.out().println("No cache at " + dir + ".");
      return 0;
    }
    try {
      LibraryBuilder.awaitMaintenance(dir);
      switch (what) {
        case "list" -> list(cli, dir, limit);
        case "prune" -> {
          CompileCache.Pruned p = LibraryBuilder.prune(dir, limit);
          cli.out().println("Removed " + p.evicted().size() + " " + plural(p.evicted().size(), "entry", "entries") + ", "
              + p.buildDirs() + " stale build " + plural(p.buildDirs(), "directory", "directories") + " and "
              + p.lockFiles() + " lock " + plural(p.lockFiles(), "file", "files") + ": " + Sizes.describe(p.freed())
              + " freed; " + Sizes.describe(p.remaining()) + " left (limit " + Sizes.describe(limit) + ") in " + dir + ".");
        }
        case "clear" -> {
          CompileCache.Usage before = new CompileCache(dir).usage();
          LibraryBuilder.clear(dir);
          CompileCache.Usage after = new CompileCache(dir).usage();
          int removed = before.entries().size() - after.entries().size();
          long freed = before.entryBytes() + before.buildBytes() - after.entryBytes() - after.buildBytes();
          cli.out().println("Removed " + removed + " " + plural(removed, "entry", "entries") + ": " + Sizes.describe(Math.max(0, freed))
              + " freed in " + dir + "." + (after.entries().isEmpty() ? ""
                  : " " + after.entries().size() + " " + plural(after.entries().size(), "entry is", "entries are")
                      + " being built and stayed."));
        }
        default -> throw new UsageException("unknown cache command '" + what + "'; expected list, prune or clear");
      }
    } catch (IOException e) {
      throw new ExitException(1, "futhark4j cache " + what + ": " + e.getMessage());
    }
    return 0;
  }

  private static long parseLimit(String v) {
    long n = Sizes.parse(v);
    if (n < 0) throw new IllegalArgumentException("--limit needs a size such as 500m, 2g or a number of bytes, not '" + v + "'");
    return n;
  }

  private static void list(Cli cli, Path dir, long limit) throws IOException {
    CompileCache.Usage u = new CompileCache(dir).usage();
    if (!u.entries().isEmpty()) {
      cli.out().printf("%-12s  %10s  %-16s  %s%n", "KEY", "SIZE", "LAST USED", "SOURCE");
      for (CompileCache.EntryInfo e : u.entries()) {
        cli.out().printf("%-12s  %10s  %-16s  %s%n", e.key().substring(0, 12), Sizes.describe(e.bytes()),
            TIME.format(e.lastUsed().toInstant()), e.source());
      }
    }
    cli.out().println(u.entries().size() + " " + plural(u.entries().size(), "entry", "entries") + ", "
        + Sizes.describe(u.entryBytes()) + " (limit " + Sizes.describe(limit) + ") in " + dir + "; "
        + u.buildDirs() + " build " + plural(u.buildDirs(), "directory", "directories") + " ("
        + Sizes.describe(u.buildBytes()) + "), " + u.lockFiles() + " lock " + plural(u.lockFiles(), "file", "files") + ".");
  }

  private static String plural(long n, String one, String many) {
    return n == 1 ? one : many;
  }
}
