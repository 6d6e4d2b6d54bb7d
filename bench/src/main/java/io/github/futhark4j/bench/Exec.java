package io.github.futhark4j.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an external command to completion and captures its output (via files, so a chatty process cannot block). */
final class Exec {
  private Exec() {}

  record Result(int exitCode, String stdout, String stderr) {}

  static Result run(List<String> cmd, long timeoutSeconds) {
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("futhark4j-bench", ".out");
      err = Files.createTempFile("futhark4j-bench", ".err");
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("timed out after " + timeoutSeconds + " s: " + String.join(" ", cmd));
      }
      return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + String.join(" ", cmd), e);
    } finally {
      try {
        if (out != null) Files.deleteIfExists(out);
        if (err != null) Files.deleteIfExists(err);
      } catch (IOException ignored) {
        // Temporary files; the OS cleans them up eventually.
      }
    }
  }
}
