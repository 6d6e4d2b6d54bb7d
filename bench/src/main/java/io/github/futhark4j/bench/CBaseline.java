package io.github.futhark4j.bench;

import io.github.futhark4j.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Builds and runs the hand-written C baselines of {@code bench/c}. A binary is built once per
 * content of its source, {@code bench.h}, compiler and flags (the hash is in its file name), so
 * repeated harness runs do not recompile. The C program times itself (see {@code bench.h}); this
 * class parses its JSON line and reads the result it wrote.
 */
final class CBaseline {
  /** The flags of the issue: the same as the built-in compiler's output is built with, plus -march=native. */
  static final List<String> FLAGS = List.of("-O3", "-march=native", "-fno-math-errno", "-fopenmp");


  private final Path sourceDir;
  private final Path workDir;
  private final String cc;

  /** What one run of a baseline reported: its timing, the thread count it used and its result. */
  record Run(Stats stats, int threads, Flat result) {}

  CBaseline(Path sourceDir, Path workDir, String cc) {
    this.sourceDir = sourceDir;
    this.workDir = workDir;
    this.cc = cc;
  }

  /** Whether {@code cc --version} runs: without a C compiler the C variant is skipped, not failed. */
  static boolean compilerAvailable(String cc) {
    try {
      Process p = new ProcessBuilder(cc, "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Compiles {@code bench/c/NAME.c} unless a binary of the same inputs exists; returns the binary. */
  Path build(String kernel) {
    try {
      Path src = sourceDir.resolve(kernel + ".c");
      if (!Files.isRegularFile(src)) throw new IllegalStateException("no C baseline " + src);
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(Files.readAllBytes(src));
      md.update(Files.readAllBytes(sourceDir.resolve("bench.h")));
      md.update((cc + " " + FLAGS).getBytes(StandardCharsets.UTF_8));
      String hash = HexFormat.of().formatHex(md.digest()).substring(0, 16);
      Path bin = workDir.resolve("bin").resolve(kernel + "-" + hash);
      if (Files.isExecutable(bin)) return bin;
      Files.createDirectories(bin.getParent());
      Path tmp = bin.resolveSibling(bin.getFileName() + ".tmp" + ProcessHandle.current().pid());
      List<String> cmd = new ArrayList<>(List.of(cc));
      cmd.addAll(FLAGS);
      cmd.addAll(List.of("-o", tmp.toString(), src.toString(), "-lm"));
      Exec.Result r = Exec.run(cmd, 300);
      if (r.exitCode() != 0) {
        throw new IllegalStateException("C baseline " + kernel + " failed to compile:\n" + String.join(" ", cmd) + "\n" + r.stderr());
      }
      // Publish atomically, so a concurrent harness never runs a half-written binary.
      Files.move(tmp, bin, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      return bin;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Runs a baseline on inputs already written by {@link RawInputs#write} (their arguments in
   * {@code inputArgs}), with {@code warmup} untimed and {@code runs} timed runs.
   */
  Run run(Kernel kernel, String variant, List<String> inputArgs, Path dataDir, int warmup, int runs) {
    Path bin = build(kernel.name());
    Path out = dataDir.resolve("out-" + (variant.isEmpty() ? "default" : variant) + ".bin");
    List<String> cmd = new ArrayList<>(List.of(bin.toString(), "--runs", Integer.toString(runs),
        "--warmup", Integer.toString(warmup), "--out", out.toString()));
    if (!variant.isEmpty()) cmd.addAll(List.of("--variant", variant));
    cmd.addAll(inputArgs);
    Exec.Result r = Exec.run(cmd, 3600);
    if (r.exitCode() != 0) {
      throw new IllegalStateException("C baseline " + kernel.name() + " exited with " + r.exitCode() + ":\n" + r.stderr());
    }
    try {
      Run run = parse(r.stdout(), Flat.fromBytes(Files.readAllBytes(out), kernel.resultElem()));
      Files.deleteIfExists(out);
      return run;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses the JSON line a baseline prints (see {@code bench_time} in {@code bench.h}). */
  static Run parse(String stdout, Flat result) {
    try {
      if (!(Json.parse(stdout.strip()) instanceof java.util.Map<?, ?> n)) throw new IllegalStateException("C baseline printed no JSON object: " + stdout);
      if (!(n.get("runtimes_us") instanceof java.util.List<?> times) || times.isEmpty()) throw new IllegalStateException("no runtimes_us in " + stdout);
      double[] us = new double[times.size()];
      for (int i = 0; i < us.length; i++) us[i] = ((Number) times.get(i)).doubleValue();
      return new Run(Stats.of(us), n.get("threads") instanceof Number t ? t.intValue() : 0, result);
    } catch (Json.JsonException | ClassCastException e) {
      throw new IllegalStateException("C baseline printed no JSON: " + stdout, e);
    }
  }
}
