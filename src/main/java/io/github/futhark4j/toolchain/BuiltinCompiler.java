package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.FileVisitResult;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.CodeSource;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.TreeMap;

/**
 * Our own Futhark compiler: {@link Frontend#check} then {@link Backend#generate}, written out as
 * {@code NAME.c}, {@code NAME.h} and {@code NAME.json}. Supports the {@code c},
 * {@code multicore} and {@code opencl} backends. Both run on a {@link CompilerThread} (a large stack; running out of
 * stack or heap is a {@link CompilerLimitException}).
 *
 * <p>Identity: {@code futhark4j-builtin <version>}. A snapshot version says nothing about the code
 * (it stays {@code -SNAPSHOT} while the compiler changes every day), so for snapshots the identity
 * also carries a digest of the compiler's build (see {@link #codeDigest()}); otherwise a developer
 * would be handed libraries built by yesterday's compiler from the cache.
 */
public final class BuiltinCompiler implements FutharkCompiler {
  /** The backends our code generator has. */
  public static final Set<String> BACKENDS = Set.of("c", "multicore", "opencl");

  /** The message for a backend our code generator does not have. */
  static String unsupported(String backend) {
    return "The built-in compiler supports the backends c, multicore and opencl, not '" + backend
        + "'; use an installed futhark (compiler 'external') for " + backend + ".";
  }

  private static final BuiltinCompiler INSTANCE = new BuiltinCompiler();
  private static volatile String identity;

  private BuiltinCompiler() {}

  static BuiltinCompiler instance() { return INSTANCE; }

  @Override
  public String identity() {
    String id = identity;
    if (id == null) {
      id = "futhark4j-builtin " + Version.FUTHARK4J;
      if (Version.isSnapshot()) id += " code " + codeDigest();
      identity = id;
    }
    return id;
  }

  /**
   * The compiler's largest classes, in the order a compilation first needs them: the parser's, the
   * checker's, the lowering's, the optimiser's, the code generator's (some 1.1 MB of class files).
   */
  static final List<String> HEAVY_CLASSES = List.of(
      "syntax.Lexer", "syntax.ParserBase", "syntax.Parser", "types.Checker", "types.Unify", "types.SE", "types.Zonk", "types.TypeConv", "types.Pats", "types.Defs", "types.Terms",
      "types.Consumption", "types.Modules", "lower.Lowerer", "lower.LowerIntrinsics", "core.Typing", "core.Rewrite",
      "core.FreeVars", "opt.Simplify", "opt.IotaIndex", "opt.Fusion", "opt.Bounds", "opt.Schedule", "codegen.CApi", "codegen.CGen", "codegen.CInterchange",
      "codegen.CLanes", "codegen.CSoac", "codegen.CGroup", "codegen.CPrim");

  private static final java.util.concurrent.atomic.AtomicBoolean WARMED = new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Once per JVM, loads and verifies {@link #HEAVY_CLASSES} (the caller runs this on a
   * background thread as the first compilation starts): a fresh JVM spends some 30 µs per KB of
   * class file on that, on the compiling thread's critical path otherwise. A class the compilation
   * reaches first is simply loaded there (class loading is per class and thread-safe), so the
   * order only decides how much is gained.
   */
  @Override
  public void warmUp() {
    if (!WARMED.compareAndSet(false, true)) return;
    ClassLoader loader = BuiltinCompiler.class.getClassLoader();
    for (String c : HEAVY_CLASSES) {
      try {
        // Loaded and linked (verified: HotSpot links a class before listing its members), not
        // initialised: no static initialiser runs on this thread, so none can deadlock with one
        // the compiling thread runs.
        Class.forName("io.github.futhark4j.compiler." + c, false, loader).getDeclaredConstructors();
      } catch (ClassNotFoundException | LinkageError e) {
        // the compilation loads (and reports) it itself
      }
    }
  }

  @Override
  public void compile(Source main, String backend, Path outDir, String name) throws CompileException, IOException {
    compile(main, backend, outDir, name, null, false);
  }

  @Override
  public void compile(Source main, String backend, Path outDir, String name, java.time.Duration toolTimeout,
      boolean floatContraction) throws CompileException, IOException {
    if (!BACKENDS.contains(backend)) {
      throw new IllegalArgumentException(unsupported(backend));
    }
    Backend.Output out = CompilerThread.run(main.name(), () -> Backend.generate(Frontend.check(main), backend, name,
        floatContraction));
    Files.writeString(outDir.resolve(name + ".c"), out.c(), StandardCharsets.UTF_8);
    Files.writeString(outDir.resolve(name + ".h"), out.h(), StandardCharsets.UTF_8);
    Files.writeString(outDir.resolve(name + ".json"), out.manifestJson(), StandardCharsets.UTF_8);
    // The device program the C file builds at run time, also as a file of its own to read.
    String cl = out.openclProgram(floatContraction);
    if (cl != null) Files.writeString(outDir.resolve(name + ".cl"), cl, StandardCharsets.UTF_8);
  }

  /**
   * First 16 hex digits of SHA-256 over what identifies the compiler's build: for a jar its size
   * and modification time; for a class directory (development, tests) the name, size and
   * modification time of every file under the {@code compiler} and {@code engine} packages. File
   * metadata rather than contents because this runs once in every JVM that compiles: reading and
   * hashing some 300 class files cost about 100 ms at start-up, a stat of each a few. A rebuild that
   * happens to produce identical classes then merely costs one recompilation.
   */
  static String codeDigest() {
    try {
      CodeSource cs = Backend.class.getProtectionDomain().getCodeSource();
      if (cs == null || cs.getLocation() == null) return "unknown";
      Path loc = Path.of(cs.getLocation().toURI());
      Sha256 md = Hashing.sha256();
      if (Files.isRegularFile(loc)) {
        addMetadata(md, loc.getFileName().toString(), Files.readAttributes(loc, BasicFileAttributes.class));
      } else {
        for (String pkg : List.of("io/github/futhark4j/compiler", "io/github/futhark4j/engine")) {
          Path root = loc.resolve(pkg);
          if (!Files.isDirectory(root)) continue;
          Map<String, BasicFileAttributes> files = new TreeMap<>();
          Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
              if (a.isRegularFile()) files.put(loc.relativize(f).toString(), a);
              return FileVisitResult.CONTINUE;
            }
          });
          files.forEach((name, a) -> addMetadata(md, name, a));
        }
      }
      return HexFormat.of().formatHex(md.digest()).substring(0, 16);
    } catch (IOException | URISyntaxException | SecurityException | IllegalArgumentException e) {
      // Without a digest, snapshot entries can go stale; the version alone still keys releases.
      return "unknown";
    }
  }

  private static void addMetadata(Sha256 md, String name, BasicFileAttributes a) {
    md.update((name + "\0" + a.size() + "\0" + a.lastModifiedTime().toMillis() + "\n").getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() { return identity(); }
}
