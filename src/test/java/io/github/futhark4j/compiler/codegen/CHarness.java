package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.typed.TProgram;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Compiles a generated library together with a C driver written in a test, runs it and returns
 * its standard output: tests the C API without the Java runtime.
 */
public final class CHarness {
  private CHarness() {}

  public record Run(int exit, String out, Backend.Output lib) {}

  public static boolean haveGcc() {
    try {
      return new ProcessBuilder("gcc", "--version").start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  public static Run run(TProgram p, String backend, String driver) throws Exception {
    return run(p, backend, driver, List.of("-O1"));
  }

  public static Run run(TProgram p, String backend, String driver, List<String> flags) throws Exception {
    Backend.Output lib = Backend.generate(p, backend, "prog");
    Path dir = Files.createTempDirectory("f4j-cgen");
    Files.writeString(dir.resolve("prog.c"), lib.c());
    Files.writeString(dir.resolve("prog.h"), lib.h());
    Files.writeString(dir.resolve("prog.json"), lib.manifestJson());
    String prelude = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include \"prog.h\"\n"
        + "#define CHECK(x) do { int r_ = (x); if (r_) { char *e_ = futhark_context_get_error(ctx); "
        + "printf(\"ERR %d %s\", r_, e_ ? e_ : \"(null)\"); free(e_); } } while (0)\n";
    Files.writeString(dir.resolve("driver.c"), prelude + driver);
    List<String> cmd = new ArrayList<>(List.of("gcc", "-std=gnu11", "-Wall", "-Wno-unused-label", "-Wno-unused-function", "-Wno-unused-variable", "-Wno-unused-but-set-variable", "-Werror=implicit-function-declaration"));
    cmd.addAll(flags);
    cmd.add(backend.equals("multicore") ? "-fopenmp" : "-fopenmp-simd");
    cmd.addAll(List.of("-o", dir.resolve("t").toString(), dir.resolve("driver.c").toString(), dir.resolve("prog.c").toString(), "-lm"));
    Process cc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String ccOut = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (cc.waitFor() != 0) throw new AssertionError("gcc failed in " + dir + ":\n" + ccOut);
    Process pr = new ProcessBuilder(dir.resolve("t").toString()).redirectErrorStream(true).start();
    String out = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!pr.waitFor(60, TimeUnit.SECONDS)) { pr.destroyForcibly(); throw new AssertionError("driver timed out in " + dir); }
    deleteTree(dir); // kept above, where a failure names it
    return new Run(pr.exitValue(), out, lib);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) Files.delete(f);
    }
    Files.delete(dir);
  }

  /** Driver boilerplate: a context in {@code ctx}, then {@code body}, then clean-up. */
  public static String main(String body) {
    return "int main(void) {\n  struct futhark_context_config *cfg = futhark_context_config_new();\n"
        + "  struct futhark_context *ctx = futhark_context_new(cfg);\n" + body
        + "\n  futhark_context_free(ctx);\n  futhark_context_config_free(cfg);\n  return 0;\n}\n";
  }
}
