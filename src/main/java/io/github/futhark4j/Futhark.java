package io.github.futhark4j;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.runtime.LoadedLibrary;
import io.github.futhark4j.runtime.ProgramCache;
import io.github.futhark4j.toolchain.BuiltLibrary;
import io.github.futhark4j.toolchain.CompilerLimitException;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.CpuTarget;
import io.github.futhark4j.toolchain.ExternalCompilerException;
import io.github.futhark4j.toolchain.FutharkCompiler;
import io.github.futhark4j.toolchain.LibraryBuilder;
import io.github.futhark4j.toolchain.PortableEntry;
import io.github.futhark4j.compiler.lower.LowerException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The facade: compile Futhark source into a loaded, ready-to-call {@link FutharkProgram}.
 *
 * <p>Compilation hashes the source and everything that changes the result, looks in the on-disk
 * cache, compiles on a miss (built-in compiler, or an installed {@code futhark}), loads the shared
 * library and creates its Futhark context before returning. Programs of the same source and options
 * are shared within the process: a repeated compile is a map look-up and reuses the same context.
 * Each call returns its own {@link FutharkProgram} view, so closing one does not break another.
 */
public final class Futhark {
  private Futhark() {}

  private static final ProgramCache PROGRAMS = new ProgramCache();
  /** Cache directories used so far besides the default, so {@link #clearCache()} clears them too. */
  private static final Set<Path> USED_CACHE_DIRS = ConcurrentHashMap.newKeySet();

  /**
   * What identifies a loaded program in the in-memory cache. Its {@code equals} and
   * {@code hashCode} are written out: a record's are linked by {@code ObjectMethods} at their first
   * use, some 30 ms of the first eval in a fresh JVM.
   */
  private record Key(String text, Path file, FutharkOptions options) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && java.util.Objects.equals(text, k.text) && java.util.Objects.equals(file, k.file)
          && options.equals(k.options);
    }

    @Override
    public int hashCode() {
      return (java.util.Objects.hashCode(text) * 31 + java.util.Objects.hashCode(file)) * 31 + options.hashCode();
    }
  }

  /** Compiles in-memory source, reported in diagnostics as {@code <eval>}. */
  public static FutharkProgram compile(String source) throws FutharkCompileException {
    return compile(source, FutharkOptions.defaults());
  }

  /**
   * Compiles in-memory source with the given options; diagnostics name it
   * {@link FutharkOptions#sourceName()}. Imports resolve relative to the directory of that name when
   * it names an existing file (as {@code ScriptEngine.FILENAME} usually does), otherwise relative to
   * the working directory.
   *
   * @throws FutharkCompileException  syntax or type errors, or a failing external tool
   * @throws IllegalArgumentException an unknown {@code compiler} option
   */
  public static FutharkProgram compile(String source, FutharkOptions options) throws FutharkCompileException {
    Objects.requireNonNull(source, "source");
    FutharkOptions o = resolved(options);
    String name = o.sourceName() == null ? "<eval>" : o.sourceName();
    Path file = existingFile(name);
    LoadedLibrary.warmUp(LibraryBuilder.defaultCacheDir());
    return PROGRAMS.get(new Key(source, file, o),
        () -> build(file == null ? new Source(name, source) : new Source(name, source, file), o));
  }

  /**
   * The options (the defaults for null) with the settings read from system properties fixed now, so
   * that programs compiled under different property values are different programs in the cache.
   */
  private static FutharkOptions resolved(FutharkOptions options) {
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    if (o.cpuTarget() == null) o = o.withCpuTarget(o.cpuTargetInEffect());
    return o.floatContraction() != null ? o : o.withFloatContraction(o.floatContractionInEffect());
  }

  /** The absolute path of {@code name} if it names an existing regular file, else null. */
  private static Path existingFile(String name) {
    try {
      Path p = Path.of(name);
      return Files.isRegularFile(p) ? p.toAbsolutePath().normalize() : null;
    } catch (java.nio.file.InvalidPathException e) {
      return null;
    }
  }

  /** Compiles a file; imports resolve relative to it and diagnostics name it. */
  public static FutharkProgram compile(Path file, FutharkOptions options) throws FutharkCompileException {
    Objects.requireNonNull(file, "file");
    FutharkOptions o = resolved(options);
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new FutharkCompileException("cannot read " + file + ": " + e, file.toString(), -1, -1, e);
    }
    Path abs = file.toAbsolutePath().normalize();
    LoadedLibrary.warmUp(LibraryBuilder.defaultCacheDir());
    return PROGRAMS.get(new Key(text, abs, o), () -> build(new Source(file.toString(), text, abs), o));
  }

  /**
   * Deletes every entry of the on-disk cache directories in use (the default one and any given
   * in options so far), and closes and forgets in-memory programs that no open
   * {@link FutharkProgram} uses. Programs in use keep working.
   */
  public static void clearCache() {
    PROGRAMS.evictUnused();
    try {
      LibraryBuilder.clear(LibraryBuilder.defaultCacheDir());
      for (Path dir : USED_CACHE_DIRS) LibraryBuilder.clear(dir);
    } catch (IOException e) {
      throw new FutharkException("cannot clear the compile cache: " + e.getMessage(), e);
    }
  }

  /** Picks the Futhark compiler the options ask for. */
  static FutharkCompiler chooseCompiler(FutharkOptions o) throws FutharkCompileException {
    String c = o.compiler() == null ? "builtin" : o.compiler();
    return switch (c) {
      case "builtin" -> Compilers.builtin();
      case "external" -> Compilers.external(o.futhark()).orElseThrow(() -> new FutharkCompileException(
          "the external futhark compiler was requested but none was found: set the futhark4j.futhark system property,"
              + " the FUTHARK environment variable, FutharkOptions.withFuthark(path), or put futhark on PATH;"
              + " or use compiler \"builtin\" or \"auto\"", null, -1, -1, null));
      case "auto" -> Compilers.external(o.futhark()).orElseGet(Compilers::builtin);
      default -> throw new IllegalArgumentException("unknown compiler \"" + c + "\"; use \"builtin\", \"external\" or \"auto\"");
    };
  }

  /**
   * Compiles in-memory source as {@link #compile(String, FutharkOptions)} does (or finds it in the
   * compile cache) and returns the built library as bytes, to be loaded in other JVMs with
   * {@link #load(FutharkBinary, FutharkOptions)} without compiling there.
   *
   * @throws FutharkCompileException  syntax or type errors, a failing external tool, or an
   *                                  unreadable cache entry
   * @throws IllegalArgumentException an unknown {@code compiler} option
   */
  public static FutharkBinary export(String source, FutharkOptions options) throws FutharkCompileException {
    Objects.requireNonNull(source, "source");
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    String name = o.sourceName() == null ? "<eval>" : o.sourceName();
    Path file = existingFile(name);
    return export(file == null ? new Source(name, source) : new Source(name, source, file), o);
  }

  /** Like {@link #export(String, FutharkOptions)} for a file; imports resolve relative to it. */
  public static FutharkBinary export(Path file, FutharkOptions options) throws FutharkCompileException {
    Objects.requireNonNull(file, "file");
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new FutharkCompileException("cannot read " + file + ": " + e, file.toString(), -1, -1, e);
    }
    return export(new Source(file.toString(), text, file.toAbsolutePath().normalize()), o);
  }

  private static FutharkBinary export(Source source, FutharkOptions o) throws FutharkCompileException {
    BuiltLibrary lib = buildLibrary(source, o);
    try {
      return new FutharkBinary(PortableEntry.read(lib));
    } catch (IOException e) {
      throw new FutharkCompileException("cannot read the cache entry of " + source.name() + ": " + e.getMessage(),
          source.name(), -1, -1, e);
    }
  }

  /** What identifies a program loaded from a {@link FutharkBinary}. */
  private record BinaryKey(String sha256, Path cacheDir, int threads, Map<String, Long> tuning, String device) {}

  /**
   * Loads a program built elsewhere, without compiling: checks every file of {@code binary}
   * against its checksums and its content hash, checks that this machine can run it (same
   * operating system and architecture, a CPU with every feature of the building one: libraries are
   * compiled with {@code -march=native}), installs it into the compile cache
   * ({@link FutharkOptions#cacheDir()}, else the default one) unless it is there already, and loads
   * it with {@link FutharkOptions#threads()} worker threads. Within a JVM, loading the same binary
   * with the same cache directory and thread count again returns a view of the same loaded
   * program and context. Needs no C compiler.
   *
   * @throws FutharkException the binary is damaged, is for another platform, cannot be written to
   *                          the cache, or cannot be loaded
   */
  public static FutharkProgram load(FutharkBinary binary, FutharkOptions options) {
    return load(binary, null, options);
  }

  /**
   * Like {@link #load(FutharkBinary, FutharkOptions)}, and first checks that the binary's content
   * hash is {@code expectedSha256} (when not null), e.g. a hash that came over another channel than
   * the bytes.
   */
  public static FutharkProgram load(FutharkBinary binary, String expectedSha256, FutharkOptions options) {
    Objects.requireNonNull(binary, "binary");
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    if (expectedSha256 != null && !expectedSha256.equals(binary.sha256())) {
      throw new FutharkException("the Futhark library " + binary + " is not the one expected: its content hash is "
          + binary.sha256() + ", expected " + expectedSha256);
    }
    Path dir = o.cacheDir() == null ? null : o.cacheDir().toAbsolutePath().normalize();
    return PROGRAMS.get(new BinaryKey(binary.sha256(), dir, o.threads(), o.tuning(), o.device()),
        () -> loadBinary(binary, dir, o, o.cacheLimit()));
  }

  /**
   * Like {@link #load(FutharkBinary, String, FutharkOptions)}, but returns a program of its own: a
   * new Futhark context that no other load shares (the shared library itself is loaded once per
   * process). Calls on different contexts run at the same time, where calls on one context take
   * turns; for several threads that each want a context, e.g. one per Spark task slot. Close it
   * when done.
   */
  public static FutharkProgram loadSeparate(FutharkBinary binary, String expectedSha256, FutharkOptions options) {
    Objects.requireNonNull(binary, "binary");
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    if (expectedSha256 != null && !expectedSha256.equals(binary.sha256())) {
      throw new FutharkException("the Futhark library " + binary + " is not the one expected: its content hash is "
          + binary.sha256() + ", expected " + expectedSha256);
    }
    Path dir = o.cacheDir() == null ? null : o.cacheDir().toAbsolutePath().normalize();
    return loadBinary(binary, dir, o, o.cacheLimit());
  }

  private static LoadedLibrary loadBinary(FutharkBinary binary, Path dir, FutharkOptions o, long cacheLimit) {
    if (!binary.digest().equals(binary.sha256())) {
      throw new FutharkException("the Futhark library " + binary + " is damaged: its content does not match its hash");
    }
    BuiltLibrary lib;
    try {
      if (dir != null) USED_CACHE_DIRS.add(dir);
      lib = binary.entry().install(dir, cacheLimit);
    } catch (IOException e) {
      throw new FutharkException("cannot load the Futhark library " + binary.key() + ": " + e.getMessage(), e);
    }
    try {
      return LoadedLibrary.load(lib.sharedLibrary(), lib.manifest(), o.threads(), o.tuning(), o.device());
    } catch (IOException e) {
      throw new FutharkException("cannot read the manifest " + lib.manifest() + ": " + e.getMessage(), e);
    }
  }

  private static LoadedLibrary build(Source source, FutharkOptions o) throws FutharkCompileException {
    BuiltLibrary lib = buildLibrary(source, o);
    try {
      return LoadedLibrary.load(lib.sharedLibrary(), lib.manifest(), o.threads(), o.tuning(), o.device());
    } catch (IOException e) {
      throw new FutharkCompileException("cannot read the manifest " + lib.manifest() + ": " + e, source.name(), -1, -1, e);
    }
  }

  private static BuiltLibrary buildLibrary(Source source, FutharkOptions o) throws FutharkCompileException {
    FutharkCompiler compiler = chooseCompiler(o);
    String backend = o.backend() == null ? "multicore" : o.backend();
    if (o.cacheDir() != null) USED_CACHE_DIRS.add(o.cacheDir().toAbsolutePath().normalize());
    BuiltLibrary lib;
    try {
      lib = new LibraryBuilder(o.cacheDir(), compiler, backend, null, o.toolTimeout(), o.cacheLimit(),
          o.floatContractionInEffect(), CpuTarget.of(o.cpuTargetInEffect())).build(source);
    } catch (CompileException e) {
      Diagnostic d = e.primary();
      throw new FutharkCompileException(e.getMessage(), d.file(), d.line(), d.column(), e);
    } catch (ExternalCompilerException e) {
      throw new FutharkCompileException(e.getMessage(), null, -1, -1, e);
    } catch (IOException e) {
      throw new FutharkCompileException("cannot build " + source.name() + ": " + e, source.name(), -1, -1, e);
    } catch (LowerException e) {
      // A construct the built-in compiler's back end does not handle yet: not the user's error, but
      // still a compile-time failure, never an unchecked crash out of eval().
      throw new FutharkCompileException(source.name() + ": the built-in compiler cannot compile this program yet: "
          + e.getMessage() + " (an installed futhark can: compiler \"external\")", source.name(), -1, -1, e);
    } catch (CompilerLimitException e) {
      throw new FutharkCompileException(e.getMessage(), source.name(), -1, -1, e);
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new FutharkCompileException(source.name() + ": internal compiler error (a bug in futhark4j; please report it): "
          + e, source.name(), -1, -1, e);
    }
    return lib;
  }
}
