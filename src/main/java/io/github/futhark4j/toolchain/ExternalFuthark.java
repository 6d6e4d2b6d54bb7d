package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * An installed {@code futhark}, run as {@code futhark <backend> --library -o OUTDIR/NAME FILE.fut}.
 *
 * <p>The compiler reads the program from files, so the main source and every file it imports are
 * copied into {@code OUTDIR/src/} first, keeping their relative positions so relative imports
 * still resolve (also imports that climb out with {@code ../}). The main file keeps its own name
 * (an in-memory source becomes {@code NAME.fut}) and is given to futhark as a relative path from
 * its own directory, so the source positions futhark puts into error messages read
 * {@code prog.fut:3:5} rather than naming a temporary directory. The copies are removed afterwards.
 *
 * <p>Identity: the first line of {@code futhark --version} (e.g. {@code Futhark 0.25.24}; prefixed
 * with {@code futhark } if it does not say so itself), asked once per executable per JVM.
 */
public final class ExternalFuthark implements FutharkCompiler {
  /** The backends {@code futhark} has that produce a C library. */
  public static final Set<String> BACKENDS = Set.of("c", "multicore", "ispc", "opencl", "cuda", "hip");

  /** System property naming the executable. */
  public static final String PROPERTY = "futhark4j.futhark";

  /** Environment variable naming the executable. */
  public static final String ENV = "FUTHARK";

  private final Path executable;

  private ExternalFuthark(Path executable) {
    this.executable = executable;
  }

  /** The futhark at {@code executable} (not checked until used). */
  public static ExternalFuthark at(Path executable) {
    return new ExternalFuthark(executable.toAbsolutePath().normalize());
  }

  /**
   * Finds futhark: {@code explicit} if non-null, else the system property, else the environment
   * variable, else {@code futhark} on {@code PATH}. The first of these that is <em>set</em> decides:
   * a configured path that does not work is not silently replaced by another futhark.
   */
  static Optional<Path> find(Path explicit, UnaryOperator<String> properties, Map<String, String> env) {
    String pathVar = env.get("PATH");
    if (explicit != null) return Tool.which(explicit.toString(), pathVar);
    String prop = properties.apply(PROPERTY);
    if (prop != null && !prop.isBlank()) return Tool.which(prop.strip(), pathVar);
    String var = env.get(ENV);
    if (var != null && !var.isBlank()) return Tool.which(var.strip(), pathVar);
    return Tool.which("futhark", pathVar);
  }

  /** Says where {@link #find} looked, for a "not found" message. */
  static String describeLookup(Path explicit, UnaryOperator<String> properties, Map<String, String> env) {
    String prop = properties.apply(PROPERTY);
    String var = env.get(ENV);
    String where;
    if (explicit != null) {
      where = "the configured path " + explicit;
    } else if (prop != null && !prop.isBlank()) {
      where = "the system property " + PROPERTY + "=" + prop;
    } else if (var != null && !var.isBlank()) {
      where = "the environment variable " + ENV + "=" + var;
    } else {
      where = "PATH (" + env.get("PATH") + "); set " + PROPERTY + " or " + ENV + " to its location";
    }
    return "No futhark compiler found: looked at " + where + ". Install Futhark (https://futhark-lang.org)"
        + " or use the built-in compiler.";
  }

  public Path executable() { return executable; }

  /**
   * The identity, with failures as exceptions carrying futhark's output. {@link #identity()} is the
   * same but unchecked, as the interface requires; {@link LibraryBuilder} calls this one.
   */
  public String checkedIdentity() throws ExternalCompilerException, IOException {
    return checkedIdentity(null);
  }

  /** {@link #checkedIdentity()}, remembering the version in {@code memoDir} across JVMs (null: not). */
  String checkedIdentity(Path memoDir) throws ExternalCompilerException, IOException {
    String line = Tool.versionLine(executable, memoDir);
    return line.toLowerCase(java.util.Locale.ROOT).contains("futhark") ? line : "futhark " + line;
  }

  @Override
  public String identity() {
    try {
      return checkedIdentity();
    } catch (ExternalCompilerException | IOException e) {
      throw new IllegalStateException("Cannot run " + executable + " --version: " + e.getMessage(), e);
    }
  }

  @Override
  public void compile(Source main, String backend, Path outDir, String name)
      throws ExternalCompilerException, IOException {
    compile(main, backend, outDir, name, null);
  }

  @Override
  public void compile(Source main, String backend, Path outDir, String name, Duration toolTimeout)
      throws ExternalCompilerException, IOException {
    if (!BACKENDS.contains(backend)) {
      throw new IllegalArgumentException("futhark has no library backend '" + backend + "'; expected one of "
          + String.join(", ", BACKENDS.stream().sorted().toList()));
    }
    Path srcRoot = outDir.resolve("src");
    try {
      Path mainFile = stage(SourceSet.collect(main), srcRoot, name);
      List<String> cmd = new ArrayList<>(List.of(executable.toString(), backend, "--library",
          "-o", outDir.toAbsolutePath().resolve(name).toString(), mainFile.getFileName().toString()));
      String output = Tool.runChecked(cmd, mainFile.getParent(), ToolLimits.orDefault(toolTimeout));
      for (String ext : List.of(".c", ".h", ".json")) {
        if (!Files.isRegularFile(outDir.resolve(name + ext))) {
          throw new ExternalCompilerException(Tool.commandLine(cmd), 0,
              "futhark reported success but did not write " + name + ext + ". Its output:\n" + output);
        }
      }
    } finally {
      CacheFiles.deleteTree(srcRoot);
    }
  }

  /** Copies the sources under {@code srcRoot}, keeping relative positions; returns the main file's copy. */
  static Path stage(SourceSet set, Path srcRoot, String name) throws IOException {
    Path root = set.baseDir();
    for (SourceSet.SourceFile f : set.files()) root = commonAncestor(root, f.path().getParent());
    Path mainDir = srcRoot.resolve(root.relativize(set.baseDir()).toString());
    Files.createDirectories(mainDir);
    String mainName = set.main().path() != null ? set.main().path().getFileName().toString() : name + ".fut";
    Path mainFile = mainDir.resolve(mainName);
    Files.writeString(mainFile, set.main().text(), StandardCharsets.UTF_8);
    for (SourceSet.SourceFile f : set.files()) {
      Path copy = srcRoot.resolve(root.relativize(f.path()).toString());
      Files.createDirectories(copy.getParent());
      Files.write(copy, f.bytes());
    }
    return mainFile;
  }

  private static Path commonAncestor(Path a, Path b) {
    Path p = a;
    while (p != null && !b.startsWith(p)) p = p.getParent();
    return p == null ? a.getRoot() : p;
  }

  @Override
  public String toString() { return "futhark at " + executable; }
}
