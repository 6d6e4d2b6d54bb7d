package io.github.futhark4j.fuzz;

import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The reference compiler as a third oracle ({@code futhark fuzz --reference PATH}): {@code futhark
 * check} says whether it accepts a generated program, and its interpreter ({@code futhark run})
 * computes the entry's results from the source. A team tool: the test command never needs it.
 */
final class ReferenceOracle {
  private final Path futhark;
  private final Path dir;
  private final long timeoutMillis;
  private final Map<String, Path> files = new HashMap<>();
  private final Map<String, String> checked = new HashMap<>();

  ReferenceOracle(Path futhark, Path dir, long timeoutMillis) throws IOException {
    this.futhark = futhark;
    this.dir = Files.createDirectories(dir);
    this.timeoutMillis = timeoutMillis;
  }

  private Path file(String program) throws IOException {
    Path f = files.get(program);
    if (f == null) {
      f = dir.resolve("p" + files.size() + ".fut");
      Files.writeString(f, program, StandardCharsets.UTF_8);
      files.put(program, f);
    }
    return f;
  }

  /** Null when the reference accepts {@code program}, else its message. */
  String rejects(String program) {
    return checked.computeIfAbsent(program, p -> {
      try {
        Result r = exec(List.of(futhark.toString(), "check", file(p).toString()), "");
        if (r.timedOut()) return null;
        return r.code() == 0 ? "" : r.err();
      } catch (IOException e) {
        return "";
      }
    }).isEmpty() ? null : checked.get(program);
  }

  /** The reference interpreter's outcome for {@code entry} on {@code args}. */
  Fuzzer.Outcome run(String program, String entry, List<Value> args) {
    try {
      StringBuilder in = new StringBuilder();
      for (Value v : args) in.append(v).append('\n');
      Result r = exec(List.of(futhark.toString(), "run", "-e", entry, file(program).toString()), in.toString());
      if (r.timedOut()) return new Fuzzer.Outcome.Skipped("the reference interpreter took too long");
      if (r.code() != 0) return new Fuzzer.Outcome.Failed(r.err());
      return new Fuzzer.Outcome.Ok(ValueReader.readAll(r.out(), "reference output"));
    } catch (IOException | RuntimeException e) {
      return new Fuzzer.Outcome.Skipped("the reference could not be run: " + e);
    }
  }

  private record Result(int code, String out, String err, boolean timedOut) {}

  private Result exec(List<String> cmd, String stdin) throws IOException {
    Path out = Files.createTempFile(dir, "out", ".txt"), err = Files.createTempFile(dir, "err", ".txt");
    try {
      Process p = new ProcessBuilder(new ArrayList<>(cmd)).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      try (var w = p.getOutputStream()) {
        w.write(stdin.getBytes(StandardCharsets.UTF_8));
      } catch (IOException ignored) {
        // it may exit before reading its input
      }
      boolean done;
      try {
        done = p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        done = false;
      }
      if (!done) {
        p.destroyForcibly();
        return new Result(-1, "", "", true);
      }
      return new Result(p.exitValue(), Files.readString(out), Files.readString(err), false);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
