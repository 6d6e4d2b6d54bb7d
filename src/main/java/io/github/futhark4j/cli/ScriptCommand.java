package io.github.futhark4j.cli;

import io.github.futhark4j.polyglot.ScriptRunner;
import java.util.ArrayList;
import java.util.List;

/** Shared body of {@code js} and {@code python}: run a guest script with the futhark language available. */
abstract class ScriptCommand implements Command {
  private final String language;
  private final String display;

  ScriptCommand(String language, String display) {
    this.language = language;
    this.display = display;
  }

  @Override
  public String name() { return language; }

  @Override
  public String summary() { return "run a " + display + " script in GraalVM with the 'futhark' language available"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j %1$s [--backend B] [--compiler C] [--threads N] [--cache DIR] FILE [ARG...]

        Runs FILE with Graal%2$s in a polyglot context where the 'futhark' language is available:
        compile Futhark source from the script and call its entry points (see docs/polyglot.md and
        scripts/examples/). Script arguments follow the file.

        Options (before FILE) set the futhark language's options for the context:
          --backend B    multicore (default) or c
          --compiler C   builtin (default), external or auto
          --threads N    threads per Futhark context (0 = all cores)
          --cache DIR    compile cache directory

        Exit codes: 0 the script finished; 1 it raised an uncaught error (message and guest stack on
        stderr); 2 bad usage or no such file.
        """.formatted(language, display);
  }

  @Override
  public int run(List<String> args, Cli cli) throws UsageException {
    List<String> argv = new ArrayList<>();
    int i = 0;
    while (i < args.size() && args.get(i).startsWith("--")) {
      if (i + 1 >= args.size()) throw new UsageException("option " + args.get(i) + " needs a value");
      argv.add(args.get(i));
      argv.add(args.get(i + 1));
      i += 2;
    }
    if (i >= args.size()) throw new UsageException("expected a " + display + " file");
    argv.add(language);
    argv.addAll(args.subList(i, args.size()));
    return ScriptRunner.run(argv.toArray(String[]::new), cli.out(), cli.err());
  }
}
