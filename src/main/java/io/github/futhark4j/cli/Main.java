package io.github.futhark4j.cli;

import java.util.Arrays;
import java.util.List;

/**
 * Entry point of the {@code futhark4j} command: {@code futhark4j COMMAND [options] ARGS}. Handles
 * {@code --help}, {@code --version} and errors uniformly, so commands only do their work.
 */
public final class Main {
  /** The futhark4j version ({@link io.github.futhark4j.toolchain.Version#FUTHARK4J}, as in the pom). */
  public static final String VERSION = versionOf();

  /**
   * The Futhark language version we follow. Printed first by {@code --version} in futhark's own
   * form ({@code Futhark X.Y.Z}), because tools that drive an external futhark read that line.
   */
  public static final String FUTHARK_VERSION = "0.25.0";

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, Cli.system(System.in, System.out, System.err)));
  }

  /** Runs a command line and returns the exit code. */
  public static int run(String[] args, Cli cli) {
    if (args.length == 0) {
      cli.err().print(usage());
      return 2;
    }
    String first = args[0];
    switch (first) {
      case "-h", "--help", "help" -> {
        if (args.length > 1 && Commands.find(args[1]).isPresent()) {
          cli.out().print(withNewline(Commands.find(args[1]).get().help()));
        } else {
          cli.out().print(usage());
        }
        return 0;
      }
      case "-V", "--version", "version" -> {
        cli.out().println(versionText());
        return 0;
      }
      default -> { }
    }
    var cmd = Commands.find(first);
    if (cmd.isEmpty()) {
      cli.err().println("futhark4j: unknown command '" + first + "'");
      cli.err().print(usage());
      return 2;
    }
    List<String> rest = Arrays.asList(args).subList(1, args.length);
    for (String a : rest) {
      if (a.equals("--")) break;
      if (a.equals("-h") || a.equals("--help")) {
        cli.out().print(withNewline(cmd.get().help()));
        return 0;
      }
    }
    try {
      int code = cmd.get().run(rest, cli);
      cli.out().flush();
      return code;
    } catch (ExitException e) {
      cli.out().flush();
      if (e.getMessage() != null && !e.getMessage().isEmpty()) cli.err().println(e.getMessage());
      return e.code();
    } catch (UsageException e) {
      cli.err().println("futhark4j " + first + ": " + e.getMessage());
      cli.err().println("Try 'futhark4j " + first + " --help'.");
      return 2;
    } catch (Exception | LinkageError | AssertionError e) {
      cli.err().println("futhark4j " + first + ": internal error: " + e);
      if (System.getenv("FUTHARK4J_DEBUG") != null) e.printStackTrace(cli.err());
      return 1;
    }
  }

  /** {@code Futhark 0.25.0} on the first line, then what we really are. */
  public static String versionText() {
    return "Futhark " + FUTHARK_VERSION + "\nfuthark4j " + VERSION + " (built-in Futhark compiler and JVM runtime)";
  }

  static String usage() {
    StringBuilder sb = new StringBuilder("Usage: futhark4j COMMAND [options] ARGS...\n\nCommands:\n");
    for (Command c : Commands.all()) sb.append(String.format("  %-10s  %s%n", c.name(), c.summary()));
    sb.append("\nOptions:\n  -h, --help     show help (also after a command)\n")
        .append("  -V, --version  show the version\n\n")
        .append("Exit codes: 0 success, 1 failure or internal error, 2 usage or user error.\n");
    return sb.toString();
  }

  private static String withNewline(String s) {
    return s.endsWith("\n") ? s : s + "\n";
  }

  private static String versionOf() {
    return io.github.futhark4j.toolchain.Version.FUTHARK4J;
  }
}
