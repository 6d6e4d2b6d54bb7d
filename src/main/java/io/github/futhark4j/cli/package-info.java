/**
 * The {@code futhark4j} command line: {@code run}, {@code test}, {@code bench}, {@code check},
 * {@code c --library} and {@code multicore --library}, plus any other {@link io.github.futhark4j.cli.Command}.
 *
 * <p>In: the arguments of {@link io.github.futhark4j.cli.Main}, standard input, {@code .fut} files.
 * Out: text on standard output and error, generated files, and an exit code: 0 success, 1 failure
 * (failed tests, a program error at run time, an internal error), 2 usage or user errors (bad
 * options, a program that does not compile, malformed input data). See {@code docs/cli.md}.
 *
 * <p>Subcommands are found by {@link io.github.futhark4j.cli.Commands}: any public class named
 * {@code *Command} in this package implementing {@link io.github.futhark4j.cli.Command} with a
 * no-argument constructor is registered, so adding a subcommand means adding one class.
 */
package io.github.futhark4j.cli;
