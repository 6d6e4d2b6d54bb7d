package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.Backend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The C compiler driver: turns {@code NAME.c} (plus, for the ispc backend, {@code NAME.kernels.ispc})
 * into a shared library {@code lib.so}.
 *
 * <p>Which compiler: the {@code CC} environment variable if set (it may carry arguments, e.g.
 * {@code "gcc -m64"}; if it names nothing executable that is an error, never silently ignored),
 * else {@code gcc} on {@code PATH}, else {@code cc}. Flags: {@code -O3 -march=native
 * -fno-math-errno} ({@link #DEFAULT_CFLAGS}; the {@code CFLAGS} environment variable, when set, replaces
 * them, as it does for the reference's {@code futhark c}), then {@code -fPIC -shared -Wl,-Bsymbolic},
 * plus {@code -fopenmp} for multicore ({@code -fopenmp-simd} for c), plus the libraries each
 * backend needs (see {@link #libraries(String)}).
 */
public final class CCompiler {
  /**
   * Flags every build gets. {@code -fno-math-errno} lets gcc inline sqrt and friends (see
   * DESIGN.md). {@code -Wl,-Bsymbolic} (ELF linkers) binds the library's calls of its own exported
   * functions (a {@code futhark4j_heap_*} wrapper calls its entry point and {@code new_raw}) to
   * the library itself: every Futhark library exports the same names, and without it a call could
   * land in another program's library loaded earlier.
   */
  static final List<String> BASE_FLAGS = System.getProperty("os.name", "").startsWith("Mac")
      ? List.of("-fPIC", "-shared")
      : List.of("-fPIC", "-shared", "-Wl,-Bsymbolic");

  /**
   * The optimisation flags used unless the {@code CFLAGS} environment variable gives others (as the
   * reference's compilers read it: a space-separated list that replaces the defaults). They are part
   * of the build key, so a library built with other flags is another cache entry.
   */
  public static final List<String> DEFAULT_CFLAGS = List.of("-O3", "-march=native", "-fno-math-errno");

  /** Flags for ispc, as the futhark ispc backend's documentation suggests, plus position independence. */
  static final List<String> ISPC_FLAGS = List.of("-O3", "--woff", "--pic", "--addressing=64");

  private static volatile CCompiler defaultCompiler;

  private final Path executable;
  private final List<String> extraArgs;
  private final List<String> cflags;
  private final String pathVar;

  private CCompiler(Path executable, List<String> extraArgs, List<String> cflags, String pathVar) {
    this.executable = executable;
    this.extraArgs = List.copyOf(extraArgs);
    this.cflags = List.copyOf(cflags);
    this.pathVar = pathVar;
  }

  /** {@code CFLAGS} of {@code env} split at white space, or {@link #DEFAULT_CFLAGS} when unset or blank. */
  static List<String> cflags(Map<String, String> env) {
    String v = env.get("CFLAGS");
    return v == null || v.isBlank() ? DEFAULT_CFLAGS : Arrays.asList(v.strip().split("\\s+"));
  }

  /** The C compiler for this process's environment (looked up once, then reused). */
  public static CCompiler locate() throws MissingToolException {
    CCompiler c = defaultCompiler;
    if (c == null) {
      c = locate(System.getenv());
      defaultCompiler = c;
    }
    return c;
  }

  /**
   * The C compiler the environment {@code env} selects ({@code CC}, else gcc, else cc on its
   * {@code PATH}), with the optimisation flags of its {@code CFLAGS} if set.
   */
  public static CCompiler locate(Map<String, String> env) throws MissingToolException {
    String pathVar = env.get("PATH");
    List<String> cflags = cflags(env);
    String cc = env.get("CC");
    if (cc != null && !cc.isBlank()) {
      List<String> words = Arrays.asList(cc.strip().split("\\s+"));
      return Tool.which(words.get(0), pathVar)
          .map(p -> new CCompiler(p, words.subList(1, words.size()), cflags, pathVar))
          .orElseThrow(() -> new MissingToolException(cc,
              "No C compiler: the CC environment variable is set to '" + cc + "', but '" + words.get(0)
                  + "' is not an executable file" + (words.get(0).contains("/") ? "" : " on PATH")
                  + ". Set CC to a C compiler such as gcc, or unset it to use gcc or cc from PATH."));
    }
    for (String name : List.of("gcc", "cc")) {
      var found = Tool.which(name, pathVar);
      if (found.isPresent()) return new CCompiler(found.get(), List.of(), cflags, pathVar);
    }
    throw new MissingToolException("cc",
        "No C compiler found: CC is not set and neither gcc nor cc is on PATH (" + pathVar
            + "). Futhark4J compiles Futhark programs to C and needs one: install gcc (for example"
            + " 'apt-get install gcc') or set CC to a C compiler.");
  }

  /** A specific compiler executable with {@link #DEFAULT_CFLAGS} (tests, or callers that know better). */
  public static CCompiler of(Path executable) {
    return new CCompiler(executable.toAbsolutePath(), List.of(), DEFAULT_CFLAGS, System.getenv("PATH"));
  }

  public Path executable() { return executable; }

  /**
   * This compiler building for {@code target}: its optimisation flags with every {@code -march=}
   * replaced by the target's (added when there is none); itself for {@code native}, whose
   * {@code -march=native} is among the defaults (a {@code CFLAGS} that replaces them is kept as it is).
   */
  public CCompiler withCpuTarget(CpuTarget target) {
    if (target == null || target.isNative()) return this;
    target.checkBuildable();
    List<String> f = new ArrayList<>();
    for (String flag : cflags) if (!flag.startsWith("-march=")) f.add(flag);
    f.add(target.marchFlag());
    return new CCompiler(executable, extraArgs, f, pathVar);
  }

  /**
   * Path and first line of {@code --version}, e.g. {@code /usr/bin/gcc gcc (Debian 12.2.0-14) 12.2.0}.
   * Part of every build key; asked once per executable per JVM.
   */
  public String identity() throws ExternalCompilerException, IOException {
    return identity(null);
  }

  /** {@link #identity()}, remembering the version in {@code memoDir} across JVMs (null: not). */
  String identity(Path memoDir) throws ExternalCompilerException, IOException {
    String args = extraArgs.isEmpty() ? "" : " " + String.join(" ", extraArgs);
    return executable + args + " " + Tool.versionLine(executable, memoDir);
  }

  /** The flag that lets the C compiler contract floating-point operations (FMA), for {@code floatContraction}. */
  public static final String FP_CONTRACT_FLAG = "-ffp-contract=fast";

  /**
   * Compiler flags for a backend, not counting libraries and file names; with
   * {@code floatContraction}, also {@link #FP_CONTRACT_FLAG} (for code that does not set
   * contraction itself, e.g. an installed futhark's; the built-in compiler's code also says so in a pragma).
   */
  public List<String> flags(String backend, boolean floatContraction) {
    List<String> f = flags(backend);
    if (floatContraction) f.add(FP_CONTRACT_FLAG);
    return f;
  }

  /**
   * The C build of the built-in compiler's opencl libraries: the multicore backend's, since their
   * host code is that, and OpenCL is opened at run time (no {@code -lOpenCL}, which needs the
   * loader's development link at build time).
   */
  public static final String BUILTIN_OPENCL = "builtin-opencl";

  /** Compiler flags for a backend, not counting libraries and file names. */
  public List<String> flags(String backend) {
    List<String> f = new ArrayList<>(extraArgs);
    f.addAll(cflags);
    f.addAll(BASE_FLAGS);
    // The sequential backend still wants the omp simd pragmas (vector lanes, simd reductions),
    // without the OpenMP runtime.
    if (backend.equals("multicore") || backend.equals(BUILTIN_OPENCL)) f.add("-fopenmp");
    else if (backend.equals("c")) f.add("-fopenmp-simd");
    return f;
  }

  /** Libraries to link for a backend: the real compiler's documented ones for GPU backends. */
  public static List<String> libraries(String backend) {
    return switch (backend) {
      case "c" -> List.of("-lm");
      // -ldl: the engine pins the OpenMP runtime with dlopen (in libc itself from glibc 2.34 on).
      case "multicore", BUILTIN_OPENCL -> List.of("-lm", "-lpthread", "-ldl");
      case "ispc" -> List.of("-lm", "-lpthread");
      case "opencl" -> List.of("-lm", "-lOpenCL");
      case "cuda" -> List.of("-lm", "-lcuda", "-lcudart", "-lnvrtc");
      case "hip" -> List.of("-lm", "-lhiprtc", "-lamdhip64");
      default -> throw new IllegalArgumentException("Unknown backend '" + backend
          + "'; expected one of c, multicore, ispc, opencl, cuda, hip");
    };
  }

  /**
   * Everything about the C step that goes into the build key: flags and libraries, and for ispc
   * also the ispc executable's identity and flags.
   */
  public List<String> keyFlags(String backend) throws ExternalCompilerException, IOException {
    return keyFlags(backend, false);
  }

  /** {@link #keyFlags(String)} for a build with or without floating-point contraction. */
  public List<String> keyFlags(String backend, boolean floatContraction) throws ExternalCompilerException, IOException {
    List<String> k = new ArrayList<>(flags(backend, floatContraction));
    k.addAll(libraries(backend));
    if (backend.equals("ispc")) {
      Path ispc = ispc();
      k.add("ispc=" + ispc + " " + Tool.versionLine(ispc));
      k.addAll(ISPC_FLAGS);
    }
    return k;
  }

  /**
   * Compiles {@code dir/NAME.c} into {@code dir/out} (and, when present, {@code dir/NAME.kernels.ispc}
   * with ispc first). A failure carries the compiler's complete output.
   */
  public void buildSharedLibrary(Path dir, String name, String backend, String out)
      throws ExternalCompilerException, IOException {
    buildSharedLibrary(dir, name, backend, out, null);
  }

  /**
   * Like {@link #buildSharedLibrary(Path, String, String, String)}; each tool runs at most
   * {@code timeout} ({@code null}: {@link ToolLimits#defaultTimeout()}).
   */
  public void buildSharedLibrary(Path dir, String name, String backend, String out, Duration timeout)
      throws ExternalCompilerException, IOException {
    buildSharedLibrary(dir, name, backend, out, timeout, false);
  }

  /** Like {@link #buildSharedLibrary(Path, String, String, String, Duration)}, with {@link #flags(String, boolean)}. */
  public void buildSharedLibrary(Path dir, String name, String backend, String out, Duration timeout,
      boolean floatContraction) throws ExternalCompilerException, IOException {
    buildSharedLibrary(dir, name, backend, out, timeout, floatContraction, null);
  }

  /**
   * Like {@link #buildSharedLibrary(Path, String, String, String, Duration, boolean)}. With an
   * {@code engineObjects} directory, a file generated by the built-in compiler (it starts with
   * {@link Backend#ENGINE_MARKER}) is built in two parts: its engine part is compiled once per
   * engine, compiler and flags into an object kept in that directory ({@code -DFUT_ENGINE_ONLY}),
   * and the program is compiled without it ({@code -DFUT_ENGINE_LINKED}) and linked with that
   * object. The engine is most of the file, so a new program then costs the compiler its own code
   * only. Other files, and any failure to make the object, take the one-step build.
   */
  public void buildSharedLibrary(Path dir, String name, String backend, String out, Duration timeout,
      boolean floatContraction, Path engineObjects) throws ExternalCompilerException, IOException {
    Duration limit = ToolLimits.orDefault(timeout);
    List<String> cmd = new ArrayList<>();
    cmd.add(executable.toString());
    cmd.addAll(flags(backend, floatContraction));
    Path engine = engineObjects == null || backend.equals("ispc") ? null
        : engineObject(dir, name, backend, floatContraction, engineObjects, limit);
    if (engine != null) {
      String unit = precompiledUnit(dir, name, backend, floatContraction, engine, limit);
      List<String> linked = new ArrayList<>(cmd);
      linked.addAll(List.of("-DFUT_ENGINE_LINKED", unit != null ? unit : name + ".c", engine.toString(), "-o", out));
      linked.addAll(libraries(backend));
      try {
        Tool.runChecked(linked, dir, limit);
        return;
      } catch (ExternalCompilerException e) {
        // The object may have gone (a cache clear meanwhile): the one-step build below says what
        // is wrong if anything is.
      } finally {
        if (unit != null) Files.deleteIfExists(dir.resolve(unit));
      }
    }
    cmd.add(name + ".c");
    Path ispcSource = dir.resolve(name + ".kernels.ispc");
    if (backend.equals("ispc") && Files.exists(ispcSource)) {
      String obj = name + ".kernels.o";
      List<String> ispcCmd = new ArrayList<>(List.of(ispc().toString(), ispcSource.getFileName().toString(), "-o", obj));
      ispcCmd.addAll(ISPC_FLAGS);
      Tool.runChecked(ispcCmd, dir, limit);
      cmd.add(obj);
    }
    cmd.add("-o");
    cmd.add(out);
    cmd.addAll(libraries(backend));
    Tool.runChecked(cmd, dir, limit);
  }

  /**
   * The engine object for {@code dir/NAME.c}, compiled now if the directory does not have it yet;
   * null if the file is not the built-in compiler's or the object cannot be made (the caller then
   * compiles the whole file, which reports any error in it).
   */
  private Path engineObject(Path dir, String name, String backend, boolean floatContraction, Path objects, Duration limit) {
    try {
      String id;
      try (java.io.BufferedReader r = Files.newBufferedReader(dir.resolve(name + ".c"))) {
        String first = r.readLine();
        if (first == null || !first.startsWith(Backend.ENGINE_MARKER)) return null;
        id = first.substring(Backend.ENGINE_MARKER.length()).strip();
      }
      String key = Hashing.sha256Hex(id + "\n" + identity(objects.getParent()) + "\n"
          + String.join(" ", flags(backend, floatContraction)) + "\n" + Platform.cpu());
      Path obj = objects.resolve(key + ".o");
      if (Files.isRegularFile(obj)) {
        // Its time says when a build last used it: a prune keeps the ones used last.
        Files.setLastModifiedTime(obj, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
        return obj;
      }
      Files.createDirectories(objects);
      // Another process may make it meanwhile: the same bytes, so either copy will do.
      TempPaths.replace(obj, tmp -> {
        List<String> cmd = new ArrayList<>();
        cmd.add(executable.toString());
        cmd.addAll(flags(backend, floatContraction));
        cmd.addAll(List.of("-c", "-DFUT_ENGINE_ONLY", name + ".c", "-o", tmp.toString()));
        Tool.runChecked(cmd, dir, limit);
      });
      return obj;
    } catch (IOException | ExternalCompilerException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The program part of {@code dir/NAME.c} as a file of its own that includes the engine's
   * declarations from a header precompiled once per engine (gcc's {@code .gch}, kept beside the
   * engine object): most of what gcc parses for a small program is that header (60 of 170 ms for a
   * one-line program). Null when not possible (another compiler than gcc, an unexpected layout, a
   * failing precompilation); the caller then compiles {@code NAME.c} itself.
   *
   * <p>The header holds the file's lines before the engine's own code (the {@code #ifndef
   * FUT_ENGINE_LINKED} line) without the include of {@code NAME.h}, preceded by what that header
   * includes and defines; its name carries a checksum of that text, and a header is used only if
   * it holds that text. If gcc cannot use the precompiled form it reads the text, with the same result. The new
   * file keeps {@code NAME.c}'s line numbers ({@code #line}), so diagnostics point into it.
   */
  private String precompiledUnit(Path dir, String name, String backend, boolean floatContraction, Path engineObject,
      Duration limit) {
    try {
      if (!identity(engineObject.getParent().getParent()).contains("gcc")) return null;
      Path objects = engineObject.getParent();
      String objKey = engineObject.getFileName().toString().replace(".o", "");
      String abs = objects.toAbsolutePath().toString();
      if (abs.contains("\"") || abs.contains("\\") || abs.contains("\n")) return null;
      String c = Files.readString(dir.resolve(name + ".c"));
      String include = "\n#include \"" + name + ".h\"\n";
      int inc = c.indexOf(include) + 1; // start of the include line
      int split = c.indexOf("\n#ifndef FUT_ENGINE_LINKED\n") + 1; // start of the engine's code
      if (inc <= 0 || split <= inc) return null;
      int afterInc = inc + include.length() - 1;
      StringBuilder h = new StringBuilder(split + 256);
      h.append(c, 0, inc);
      for (String l : Files.readString(dir.resolve(name + ".h")).split("\n")) {
        if (l.startsWith("#include <") || l.startsWith("#define ")) h.append(l).append('\n');
      }
      h.append(c, afterInc, split);
      // CRC-32, not SHA-256 (20 KB of it in a fresh JVM's interpreter: tens of ms); an existing
      // header is used only if its text is this one.
      byte[] text = h.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      String stem = objKey + "-" + Hashing.crc32Hex(text) + Hashing.hex8(text.length);
      Path header = objects.resolve(stem + ".h");
      Path gch = objects.resolve(stem + ".h.gch");
      if (Files.isRegularFile(header) && !java.util.Arrays.equals(Files.readAllBytes(header), text)) return null;
      if (Files.isRegularFile(gch)) {
        Files.setLastModifiedTime(gch, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
      } else {
        if (!Files.isRegularFile(header)) TempPaths.replace(header, tmp -> Files.write(tmp, text));
        TempPaths.replace(gch, tmp -> {
          List<String> cmd = new ArrayList<>();
          cmd.add(executable.toString());
          // Not the link flags: with -shared, gcc links instead of writing a precompiled header.
          for (String f : flags(backend, floatContraction)) if (!f.equals("-shared") && !f.startsWith("-Wl,")) cmd.add(f);
          cmd.addAll(List.of("-DFUT_ENGINE_LINKED", "-x", "c-header", header.toString(), "-o", tmp.toString()));
          Tool.runChecked(cmd, dir, limit);
        });
      }
      int splitLine = 1; // indexOf, not charAt over 25 KB: this runs in a fresh JVM's interpreter
      for (int i = c.indexOf('\n'); i >= 0 && i < split; i = c.indexOf('\n', i + 1)) splitLine++;
      StringBuilder u = new StringBuilder(c.length() - split + afterInc + 256);
      u.append("#include \"").append(header.toAbsolutePath()).append("\"\n");
      u.append("#line 1 \"").append(name).append(".c\"\n");
      u.append(c, 0, afterInc);
      u.append("#line ").append(splitLine).append(" \"").append(name).append(".c\"\n");
      u.append(c, split, c.length());
      String unit = name + ".pch.c";
      Files.writeString(dir.resolve(unit), u, java.nio.charset.StandardCharsets.UTF_8);
      return unit;
    } catch (IOException | ExternalCompilerException | RuntimeException e) {
      return null;
    }
  }

  private Path ispc() throws MissingToolException {
    return Tool.which("ispc", pathVar).orElseThrow(() -> new MissingToolException("ispc",
        "The ispc backend needs the Intel SPMD Program Compiler: 'ispc' is not on PATH (" + pathVar + ")."));
  }

  /** Sets up the JVM's process machinery for a build that will run this compiler ({@link Tool#warmUp}; call it on a background thread). */
  void warmUp() {
    Tool.warmUp(executable);
  }

  @Override
  public String toString() { return executable.toString(); }
}
