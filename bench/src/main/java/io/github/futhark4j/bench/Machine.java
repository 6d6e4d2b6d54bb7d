package io.github.futhark4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** Where the numbers were taken: recorded with every report, since they mean nothing without it. */
public record Machine(String cpu, int cores, String os, String java, String cc, String date) {
  public static Machine describe(String cc) {
    return new Machine(cpuModel(), Runtime.getRuntime().availableProcessors(),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.version"), ccVersion(cc),
        Instant.now().toString());
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) return line.substring(line.indexOf(':') + 1).strip();
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux: fall through.
    }
    return System.getProperty("os.arch");
  }

  private static String ccVersion(String cc) {
    try {
      Exec.Result r = Exec.run(List.of(cc, "--version"), 30);
      return r.exitCode() == 0 ? r.stdout().lines().findFirst().orElse(cc) : cc + " (not runnable)";
    } catch (RuntimeException e) {
      return cc + " (not found)";
    }
  }
}
