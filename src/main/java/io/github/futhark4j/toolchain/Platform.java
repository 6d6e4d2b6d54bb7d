package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine a library is built for. Libraries are compiled with {@code -march=native}, so a
 * cache shared between machines (a network home directory, a copied container image) must not
 * hand one machine's library to another: the CPU model and its feature flags go into the key.
 */
final class Platform {
  private Platform() {}

  private static volatile String cpu;

  /** {@code os.name}, {@code os.arch}. */
  static String os() {
    return System.getProperty("os.name", "unknown") + " " + System.getProperty("os.arch", "unknown");
  }

  /**
   * The CPU model name and a digest of its feature flags (Linux: {@code /proc/cpuinfo}; macOS:
   * {@code sysctl}); {@code unknown} where neither is available. Virtual machines can report
   * the same model name with different features masked, hence the flags.
   */
  static String cpu() {
    String c = cpu;
    if (c == null) {
      c = readCpu();
      cpu = c;
    }
    return c;
  }

  private static String readCpu() {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (Files.isReadable(cpuinfo)) {
      try {
        String model = null;
        String flags = null;
        for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
          int colon = line.indexOf(':');
          if (colon < 0) continue;
          String k = line.substring(0, colon).strip();
          String v = line.substring(colon + 1).strip();
          // x86 says "model name"/"flags", ARM says "CPU part"/"Features"; first occurrence wins.
          if (model == null && (k.equals("model name") || k.equals("CPU part") || k.equals("cpu model"))) model = v;
          if (flags == null && (k.equals("flags") || k.equals("Features"))) flags = v;
        }
        return (model == null ? "unknown" : model) + " flags:" + (flags == null ? "none" : Hashing.sha256Hex(flags).substring(0, 16));
      } catch (IOException e) {
        return "unknown";
      }
    }
    if (System.getProperty("os.name", "").toLowerCase().contains("mac")) {
      try {
        Tool.Result r = Tool.run(List.of("sysctl", "-n", "machdep.cpu.brand_string"), null);
        if (r.ok()) return r.output().strip();
      } catch (IOException e) {
        return "unknown";
      }
    }
    String env = System.getenv("PROCESSOR_IDENTIFIER");
    return env != null ? env : "unknown";
  }
}
