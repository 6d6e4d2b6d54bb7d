package io.github.futhark4j.cli;

import io.github.futhark4j.cli.runner.LoadedProgram;
import io.github.futhark4j.cli.runner.ProgramLoader;
import io.github.futhark4j.cli.runner.ProgramLoader.CompileFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** Helpers shared by the commands that take one program. */
final class Programs {
  /** Backends accepted by {@code --backend}. */
  static final Set<String> BACKENDS = Set.of("builtin", "builtin-c", "builtin-opencl", "c", "multicore", "ispc");

  private Programs() {}

  /** An existing {@code .fut} file. */
  static Path program(String arg) throws UsageException {
    Path p = Path.of(arg);
    if (!Files.isRegularFile(p)) throw new UsageException("no such file: " + arg);
    return p;
  }

  static String backend(Args a) throws UsageException {
    String b = a.value("--backend", "builtin");
    if (!BACKENDS.contains(b)) {
      throw new UsageException("unknown backend '" + b + "'; expected one of builtin, builtin-c, builtin-opencl, c, multicore, ispc");
    }
    return b;
  }

  /** The option that lets the generated C contract floating-point operations (FMA). */
  static final String FP_CONTRACT = "--fp-contract";

  /** The option that picks the device of a backend with devices ({@code builtin-opencl}). */
  static final String DEVICE = "--device";

  /**
   * The loader for {@code backend}, with floating-point contraction when {@code a} has
   * {@link #FP_CONTRACT}, on the device {@code a}'s {@link #DEVICE} names (a part of its name, or
   * {@code #k}), which only a backend with devices takes.
   */
  static ProgramLoader loader(Cli cli, Args a, String backend) throws UsageException {
    String device = a.value(DEVICE, null);
    if (device == null) return cli.loaders().forBackend(backend, a.has(FP_CONTRACT));
    if (!backend.equals("builtin-opencl")) {
      throw new UsageException(DEVICE + " needs a backend with devices (builtin-opencl), not " + backend);
    }
    if (device.isEmpty()) throw new UsageException(DEVICE + " needs a device: a part of its name, or #k for the k-th");
    return cli.loaders().forBackend(backend, a.has(FP_CONTRACT), device);
  }

  /** Loads a program; a compile failure ends the command (exit 2 for program errors, 1 for tool failures). */
  static LoadedProgram load(ProgramLoader loader, Path p) throws ExitException {
    try {
      return loader.load(p);
    } catch (CompileFailure e) {
      throw new ExitException(e.userError() ? 2 : 1, e.getMessage());
    }
  }
}
