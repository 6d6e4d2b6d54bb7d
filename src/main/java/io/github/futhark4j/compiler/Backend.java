package io.github.futhark4j.compiler;

import io.github.futhark4j.compiler.codegen.CProgram;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.lower.Lowerer;
import io.github.futhark4j.compiler.opt.Optimiser;
import io.github.futhark4j.compiler.typed.TProgram;

/**
 * The back end: lower the checked program to the first-order IR, optimise, and generate one
 * self-contained C file (the engine runtime pasted in), its header and the manifest.
 */
public final class Backend {
  private Backend() {}

  /**
   * System property {@code futhark4j.verifyIr}: {@code true} runs the IR verifier after lowering
   * and after every optimisation pass of every compile (the test suite sets it), so a pass that
   * breaks the IR's invariants fails at that pass, naming it, instead of in the C compiler.
   */
  public static final String VERIFY_PROPERTY = "futhark4j.verifyIr";

  /**
   * How a generated {@code prog.c} starts: this prefix and an identifier of its engine part (see
   * {@link CProgram#ENGINE_MARKER}); the C compiler driver compiles that part once per identifier.
   */
  public static final String ENGINE_MARKER = CProgram.ENGINE_MARKER;

  /**
   * The generated library: {@code prog.c}, {@code prog.h} and {@code prog.json} contents, and for a
   * device backend its kernels (also built into the C file), else null.
   */
  public record Output(String c, String h, String manifestJson, CProgram.DeviceProgram kernels) {
    /** The OpenCL C program of a device backend's kernels (as the library builds it), else null. */
    public String openclProgram(boolean floatContraction) {
      return kernels == null ? null : kernels.opencl(floatContraction);
    }
  }

  /**
   * @param program  the checked program
   * @param backend  {@code "c"} (sequential), {@code "multicore"} (OpenMP) or {@code "opencl"} (OpenMP and OpenCL kernels)
   * @param baseName the file base name used in {@code #include "baseName.h"}
   */
  public static Output generate(TProgram program, String backend, String baseName) {
    return generate(program, backend, baseName, false);
  }

  /**
   * @param program          the checked program
   * @param backend          {@code "c"} (sequential), {@code "multicore"} (OpenMP) or {@code "opencl"} (OpenMP and OpenCL kernels)
   * @param baseName         the file base name used in {@code #include "baseName.h"}
   * @param floatContraction let the C compiler fuse multiplies and adds (rounding differs from the reference)
   */
  public static Output generate(TProgram program, String backend, String baseName, boolean floatContraction) {
    if (!backend.equals("c") && !backend.equals("multicore") && !backend.equals("opencl")) {
      throw new IllegalArgumentException("unknown backend '" + backend + "' (expected c, multicore or opencl)");
    }
    Program ir = optimised(program, Boolean.getBoolean(VERIFY_PROPERTY), backend);
    CProgram.Files f = CProgram.generate(ir, backend, baseName, floatContraction);
    return new Output(f.c(), f.h(), f.manifestJson(), f.kernels());
  }

  /** The lowered and optimised IR; with {@code verify}, the verifier runs after every pass. */
  public static Program optimised(TProgram program, boolean verify) {
    return optimised(program, verify, "multicore");
  }

  /** The lowered and optimised IR for {@code backend} (a device backend also marks its kernels). */
  public static Program optimised(TProgram program, boolean verify, String backend) {
    return Optimiser.run(Lowerer.lower(program), verify, Optimiser.device(backend), null, (name, q) -> { });
  }
}
