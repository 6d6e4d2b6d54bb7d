package io.github.futhark4j.cli;

import java.util.List;

/**
 * One subcommand. Implementations are public classes named {@code *Command} in this package with a
 * public no-argument constructor; {@link Commands} finds them.
 */
public interface Command {
  /** The word that selects this command, e.g. {@code test}. */
  String name();

  /** One line for the list of commands. */
  String summary();

  /** The complete {@code --help} text: usage line, description, options. */
  String help();

  /**
   * Runs the command. {@code --help} has already been handled by {@link Main}.
   *
   * @param args the arguments after the command name
   * @return the exit code (0 ok, 1 failure, 2 user error)
   * @throws UsageException bad options or arguments (exit code 2)
   */
  int run(List<String> args, Cli cli) throws Exception;
}
