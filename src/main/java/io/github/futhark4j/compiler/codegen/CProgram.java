package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Generates the three files of a library from a lowered, optimised program: a self-contained
 * {@code .c} (the engine runtime pasted in; it includes only system headers and its own header),
 * the {@code .h} and the manifest.
 *
 * <p>The {@code .c} starts with an {@link #ENGINE_MARKER} line naming its engine part, so that the
 * library builder can compile that part once into an object shared by every program with the same
 * engine and link each program against it ({@code toolchain.CCompiler}); compiled on its own, the
 * file is complete.
 */
public final class CProgram {
  private CProgram() {}

  /**
   * The generated files' contents; {@code kernels}: the program's device kernels (the opencl
   * backend; also in the C file, as the OpenCL program it builds), else null.
   */
  public record Files(String c, String h, String manifestJson, DeviceProgram kernels) {}

  /**
   * The kernels of a device backend's program, in OpenCL C's spelling, and the highest array rank
   * they need: with the kernel prelude of OpenCL ({@link #opencl}) or of CUDA ({@link #cuda}), the
   * source a device's compiler builds.
   */
  public record DeviceProgram(String kernels, int maxRank, int count) {
    /** The OpenCL C program (engine/futhark4j_kernels.cl and the kernels), as the library builds it. */
    public String opencl(boolean floatContraction) {
      return "#define FUT_MAXRANK " + maxRank + "\n" + engineFile("futhark4j_kernels.cl")
          + (floatContraction ? "#pragma OPENCL FP_CONTRACT ON\n" : "") + "\n" + kernels;
    }

    /** The same kernels as CUDA C++ (engine/futhark4j_kernels_cuda.h), for nvcc or NVRTC with {@code --fmad=false}. */
    public String cuda() {
      return "#define FUT_MAXRANK " + maxRank + "\n" + engineFile("futhark4j_kernels_cuda.h") + "\n" + kernels;
    }
  }

  /**
   * The first line of every generated {@code .c}: {@code // futhark4j-engine: ID}, where ID names
   * everything that goes into the file's engine part (the engine's text, the backend, the maximum
   * rank, the contraction setting). Files with the same ID have the same engine part.
   */
  public static final String ENGINE_MARKER = "// futhark4j-engine: ";

  /** The engine runtime's declarations and inline functions, read from the classpath (embedded from engine/). */
  public static String engine() {
    return engineFile("futhark4j_runtime.h");
  }

  /** The engine runtime's other functions (engine/futhark4j_runtime.c). */
  public static String engineFunctions() {
    return engineFile("futhark4j_runtime.c");
  }

  private static volatile String engineVersion;

  /** A checksum of the engine's two files (CRC-32 and Adler-32 with the length), computed once per JVM. */
  private static String engineVersion() {
    String v = engineVersion;
    if (v == null) {
      byte[] b = (engine() + "\u0000" + engineFunctions()).getBytes(StandardCharsets.UTF_8);
      java.util.zip.CRC32 crc = new java.util.zip.CRC32();
      crc.update(b);
      java.util.zip.Adler32 adler = new java.util.zip.Adler32();
      adler.update(b);
      // Not String.format: its first use loads the locale data (some 15 ms of a fresh JVM's compile).
      java.util.HexFormat hex = java.util.HexFormat.of();
      v = hex.toHexDigits((int) crc.getValue()) + hex.toHexDigits((int) adler.getValue()) + "-" + b.length;
      engineVersion = v;
    }
    return v;
  }

  /**
   * The text of a file of engine/, read from the classpath (where the build embeds it), with each
   * line {@code #include "futhark4j_NAME"} replaced by that engine file's text (so the generated
   * file stays self-contained while the engine keeps shared parts in files of their own).
   */
  static String engineFile(String name) {
    String path = "/io/github/futhark4j/engine/" + name;
    String text;
    try (InputStream in = CProgram.class.getResourceAsStream(path)) {
      if (in == null) throw new IllegalStateException("engine runtime missing from the classpath: " + path);
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    java.util.regex.Matcher m = ENGINE_INCLUDE.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(engineFile(m.group(1))));
    m.appendTail(sb);
    return sb.toString();
  }

  private static final java.util.regex.Pattern ENGINE_INCLUDE =
      java.util.regex.Pattern.compile("(?m)^#include \"(futhark4j_[a-z_]+\\.(?:h|c|cl))\"$");

  /**
   * The program's OpenCL C program: the kernel prelude (engine/futhark4j_kernels.cl, which brings
   * the scalar operations) and the kernels, as a C string, and the kernels' names, with the
   * functions the engine asks for them ({@code fut_cl_source}, {@code fut_cl_kernel_count},
   * {@code fut_cl_kernel_name}).
   */
  private static String kernelProgram(CKernel.Source kernels, DeviceProgram program, boolean floatContraction) {
    String text = program.opencl(floatContraction);
    StringBuilder sb = new StringBuilder("static const char fut_cl_source_[] =\n");
    for (String line : text.split("\n", -1)) sb.append("  ").append(CGen.cstring(line + "\n")).append('\n');
    sb.append(";\n");
    sb.append("FUT_FN const char *fut_cl_source(void) { return fut_cl_source_; }\n");
    sb.append("static const char *fut_cl_kernel_names_[] = {");
    for (String n : kernels.names()) sb.append('"').append(n).append("\", ");
    sb.append("NULL};\n");
    sb.append("FUT_FN int fut_cl_kernel_count(void) { return ").append(kernels.size()).append("; }\n");
    sb.append("FUT_FN const char *fut_cl_kernel_name(int i) { return fut_cl_kernel_names_[i]; }\n\n");
    return sb.toString();
  }

  /**
   * The pragmas that set floating-point contraction for the whole file. Off (the default): IEEE
   * results for every float operation, as the reference (C99 mode) gets them; gcc's GNU mode would
   * otherwise contract {@code x + a * b} into a fused multiply-add under {@code -march=native},
   * which rounds once instead of twice and changes results near comparisons. On (opt-in, faster
   * where the CPU has FMA): gcc may contract across statements ({@code fp-contract=fast}), clang
   * within expressions ({@code FP_CONTRACT ON}).
   */
  static String contractionPragmas(boolean floatContraction) {
    String onOff = floatContraction ? "ON" : "OFF";
    String gcc = floatContraction ? "fast" : "off";
    return "#if defined(__clang__)\n#pragma STDC FP_CONTRACT " + onOff + "\n#elif defined(__GNUC__)\n"
        + "#pragma GCC optimize (\"fp-contract=" + gcc + "\")\n#endif\n";
  }

  /** The names of the program's tuning parameters, as the engine asks for them. */
  private static String tuningParams(Program p) {
    StringBuilder sb = new StringBuilder("static const char *fut_tuning_names_[] = {");
    for (String n : p.tuningParams()) sb.append('"').append(n.replace("\\", "\\\\").replace("\"", "\\\"")).append("\", ");
    sb.append("NULL};\n");
    sb.append("FUT_FN int fut_tuning_count(void) { return ").append(p.tuningParams().size()).append("; }\n");
    sb.append("FUT_FN const char *fut_tuning_name(int i) { return fut_tuning_names_[i]; }\n\n");
    return sb.toString();
  }

  /** The engine's default {@code FUT_MAXRANK}: the shape slots of every array value. */
  static final int DEFAULT_MAXRANK = 8;

  /** The highest array rank of any value of the program (parameters, bound variables, operands). */
  static int maxRank(Program p) {
    int[] max = {0};
    for (Program.Entry e : p.entries()) {
      for (Atom.Var v : e.params()) max[0] = Math.max(max[0], v.type().rank());
      maxRank(e.body(), max);
    }
    for (Program.Function f : p.functions()) {
      for (Atom.Var v : f.params()) max[0] = Math.max(max[0], v.type().rank());
      maxRank(f.body(), max);
    }
    return max[0];
  }

  private static void maxRank(Body b, int[] max) {
    for (Stm s : b.stms()) {
      for (Atom.Var v : s.pattern()) max[0] = Math.max(max[0], v.type().rank());
      Rewrite.exp(s.exp(), a -> {
        max[0] = Math.max(max[0], a.type().rank());
        return a;
      }, nested -> {
        maxRank(nested, max);
        return nested;
      });
    }
    for (Atom a : b.results()) max[0] = Math.max(max[0], a.type().rank());
  }

  /** {@link #generate(Program, String, String, boolean)} with the reference's rounding (no contraction). */
  public static Files generate(Program p, String backend, String baseName) {
    return generate(p, backend, baseName, false);
  }

  /**
   * @param floatContraction let the C compiler contract floating-point operations ({@code a * b + c}
   *                         into a fused multiply-add) instead of rounding each one as the reference does
   */
  public static Files generate(Program p, String backend, String baseName, boolean floatContraction) {
    boolean opencl = backend.equals("opencl");
    // The opencl backend's host code is the multicore backend's, with kernels for what runs on the device.
    boolean multicore = backend.equals("multicore") || opencl;
    StringBuilder c = new StringBuilder();
    // Arrays carry their shape inline (fut_arr): sized for the highest rank the program uses, so
    // programs of ordinary ranks keep the small default and any rank works.
    int rank = Math.max(maxRank(p), DEFAULT_MAXRANK);
    c.append(ENGINE_MARKER).append(engineVersion()).append(' ').append(backend).append(" rank ").append(rank)
        .append(floatContraction ? " contraction" : "").append('\n');
    c.append("// Generated by the Futhark4J built-in compiler (backend ").append(backend).append(").\n");
    c.append(contractionPragmas(floatContraction));
    c.append("#include \"").append(baseName).append(".h\"\n\n");
    if (rank > DEFAULT_MAXRANK) c.append("#define FUT_MAXRANK ").append(rank).append("\n\n");
    c.append("// ---- engine runtime (engine/futhark4j_runtime.h) ----\n");
    c.append(engine());
    c.append("\n#ifndef FUT_ENGINE_LINKED\n// ---- engine runtime (engine/futhark4j_runtime.c) ----\n");
    c.append(engineFunctions());
    c.append("#endif\n\n#ifndef FUT_ENGINE_ONLY\n// ---- program ----\n\n");
    // Generated code binds every value the IR names; some (e.g. unused loop results) go unread.
    c.append("#pragma GCC diagnostic ignored \"-Wunused-variable\"\n");
    c.append("#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n\n");
    c.append(tuningParams(p));
    c.append(CApi.arrayFunctions(p));
    for (ApiValue v : CApi.opaqueTypes(p)) c.append(Opaque.definitions(v));
    // The entry points first (they ask for the functions' versions they call), then the functions
    // before them in the file.
    CKernel.Source kernels = opencl ? new CKernel.Source() : null;
    CFunctions functions = new CFunctions(p, multicore, kernels);
    StringBuilder entries = new StringBuilder();
    for (Program.Entry e : p.entries()) entries.append(CApi.entry(e, multicore, functions)).append('\n');
    c.append(functions.definitions());
    DeviceProgram device = kernels == null ? null : new DeviceProgram(kernels.text(), rank, kernels.size());
    if (device != null) c.append(kernelProgram(kernels, device, floatContraction));
    c.append(entries);
    for (Program.Entry e : p.entries()) c.append(CApi.heapEntry(e));
    c.append("#endif\n");
    return new Files(c.toString(), CApi.header(p, backend), ManifestWriter.json(p, backend), device);
  }
}
