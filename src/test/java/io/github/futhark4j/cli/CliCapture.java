package io.github.futhark4j.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@code futhark4j} commands in-process with empty stdin, capturing stdout and stderr of the last run. */
final class CliCapture {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Runs {@link Main} with {@code args}; returns the exit code. */
  int run(String... args) {
    out.reset();
    err.reset();
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return Main.run(args, cli);
  }

  String out() { return out.toString(StandardCharsets.UTF_8); }

  String err() { return err.toString(StandardCharsets.UTF_8); }
}
