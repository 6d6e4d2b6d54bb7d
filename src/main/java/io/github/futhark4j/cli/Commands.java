package io.github.futhark4j.cli;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;


/**
 * The registry of subcommands: one list, in this class, of every subcommand. A new subcommand is
 * added here; {@code MainTest} checks that every concrete {@code *Command} class of this package is
 * listed, so none can be forgotten or vanish (no reflection at run time, nothing swallowed).
 */
public final class Commands {
  private static final List<Command> ALL = Stream.<Command>of(new BenchCommand(), new CacheCommand(), new CCommand(),
      new CheckCommand(), new DatacmpCommand(), new DatasetCommand(), new DemoCommand(), new DevCommand(),
      new FuzzCommand(), new JsCommand(), new MulticoreCommand(), new OpenclCommand(), new PkgCommand(), new PythonCommand(),
      new RunCommand(), new TestCommand()).sorted(Comparator.comparing(Command::name)).toList();

  private Commands() {}

  /** All subcommands, sorted by name. */
  public static List<Command> all() {
    return ALL;
  }

  /** The subcommand of that name. */
  public static Optional<Command> find(String name) {
    return ALL.stream().filter(c -> c.name().equals(name)).findFirst();
  }
}
