package io.github.futhark4j;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.runtime.LoadedLibrary;
import io.github.futhark4j.runtime.ProgramCache;
import io.github.futhark4j.toolchain.BuiltLibrary;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.ExternalCompilerException;
import io.github.futhark4j.toolchain.FutharkCompiler;
import io.github.futhark4j.toolchain.LibraryBuilder;
import io.github.futhark4j.compiler.lower.LowerException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

  /** What identifies a loaded program in the in-memory cache. */
  private record Key(String text, Path file, FutharkOptions options) {}

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
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    String name = o.sourceName() == null ? "<eval>" : o.sourceName();
    Path file = existingFile(name);
    return PROGRAMS.get(new Key(source, file, o),
        () -> build(file == null ? new Source(name, source) : new Source(name, source, file), o));
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
    FutharkOptions o = options == null ? FutharkOptions.defaults() : options;
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new FutharkCompileException("cannot read " + file + ": " + e, file.toString(), -1, -1, e);
    }
    Path abs = file.toAbsolutePath().normalize();
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

  private static LoadedLibrary build(Source source, FutharkOptions o) throws FutharkCompileException {
    FutharkCompiler compiler = chooseCompiler(o);
    String backend = o.backend() == null ? "multicore" : o.backend();
    if (o.cacheDir() != null) USED_CACHE_DIRS.add(o.cacheDir().toAbsolutePath().normalize());
    BuiltLibrary lib;
    try {
      lib = new LibraryBuilder(o.cacheDir(), compiler, backend).build(source);
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
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new FutharkCompileException(source.name() + ": internal compiler error (a bug in futhark4j; please report it): "
          + e, source.name(), -1, -1, e);
    }
    try {
      return LoadedLibrary.load(lib.sharedLibrary(), lib.manifest(), o.threads());
    } catch (IOException e) {
      throw new FutharkCompileException("cannot read the manifest " + lib.manifest() + ": " + e, source.name(), -1, -1, e);
    }
  }
}
