package io.github.futhark4j.cli.runner;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.interp.EvalError;
import io.github.futhark4j.compiler.interp.SourceInterpreter;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.toolchain.CompilerThread;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads programs for {@code --interpret}: the front end checks the program, and the source
 * interpreter ({@link SourceInterpreter}) runs its entry points; no C is generated or compiled. A
 * tuning file next to the program ({@code prog.fut.tuning}) gives the values of its
 * {@code #[param(NAME)]} expressions, as for compiled programs.
 */
public final class InterpreterLoader implements ProgramLoader {
  /** The system property giving each call a time limit in seconds (none by default). */
  public static final String TIME_LIMIT_PROPERTY = "futhark4j.interpretTimeLimit";

  /**
   * The system property that makes the interpreter copy an array on every update instead of writing
   * into the consumed array ({@link SourceInterpreter#loadCopyingUpdates}): slow, for checking.
   */
  public static final String COPY_UPDATES_PROPERTY = "futhark4j.interpretCopyUpdates";

  private final Duration limit;
  private final boolean copyUpdates;

  public InterpreterLoader() {
    this(timeLimitProperty(), Boolean.getBoolean(COPY_UPDATES_PROPERTY));
  }

  /** @param limit time limit of each call, or null for none */
  public InterpreterLoader(Duration limit) {
    this(limit, false);
  }

  /**
   * @param limit       time limit of each call, or null for none
   * @param copyUpdates copy arrays on every update rather than write in place
   */
  public InterpreterLoader(Duration limit, boolean copyUpdates) {
    this.limit = limit;
    this.copyUpdates = copyUpdates;
  }

  private static Duration timeLimitProperty() {
    String s = System.getProperty(TIME_LIMIT_PROPERTY);
    if (s == null || s.isBlank()) return null;
    try {
      return Duration.ofMillis((long) (Double.parseDouble(s.strip()) * 1000));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  @Override
  public LoadedProgram load(Path program) throws CompileFailure {
    String text;
    try {
      text = Files.readString(program, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CompileFailure("cannot read " + program + ": " + e.getMessage(), true, e);
    }
    Source src = new Source(program.toString(), text, program.toAbsolutePath());
    TProgram tp;
    try {
      tp = CompilerThread.run(program.toString(), () -> Frontend.check(src));
    } catch (CompileException e) {
      throw new CompileFailure(e.getMessage(), true, e);
    } catch (IOException e) {
      throw new CompileFailure("cannot check " + program + ": " + e.getMessage(), false, e);
    }
    var tuning = FutharkLoader.tuningFile(program);
    return new Interpreted(copyUpdates ? SourceInterpreter.loadCopyingUpdates(tp, tuning) : SourceInterpreter.load(tp, tuning), limit);
  }

  private record Interpreted(SourceInterpreter interp, Duration limit) implements LoadedProgram {
    @Override
    public Map<String, EntryInfo> entryPoints() {
      Map<String, EntryInfo> out = new LinkedHashMap<>();
      interp.entryPoints().forEach((name, e) -> out.put(name, new EntryInfo(
          e.params().stream().map(TDecl.EntryType::name).toList(),
          e.results().stream().map(TDecl.EntryType::name).toList())));
      return out;
    }

    @Override
    public List<Value> call(String entry, List<Value> args) throws RunFailure {
      try {
        return interp.call(entry, args, limit);
      } catch (RuntimeException e) {
        throw failure(e);
      }
    }

    @Override
    public void run(String entry, List<Value> args) throws RunFailure {
      try {
        interp.run(entry, args, limit);
      } catch (RuntimeException e) {
        throw failure(e);
      }
    }

    /**
     * A program error, or arguments that do not fit, as a failed call. Anything else (an opaque
     * result, a construct the interpreter does not implement, a time limit, a crash) is thrown as
     * it is: no error that a test expects, so such a case fails rather than passes.
     */
    private static RunFailure failure(RuntimeException e) {
      return switch (e) {
        case EvalError ee -> new RunFailure(ee.getMessage(), false, ee);
        case IllegalArgumentException ia -> new RunFailure(ia.getMessage(), true, ia);
        default -> throw e;
      };
    }

    @Override
    public void close() { }
  }
}
