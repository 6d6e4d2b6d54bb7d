package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.nodes.LanguageInfo;
import com.oracle.truffle.api.source.Source;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Makes Futhark failures Python exceptions in GraalPy: the first time Python uses the language in
 * a context (a {@code polyglot.eval(language='futhark', ...)}, or a failing call made from Python),
 * the language runs its Python module {@code futhark4j.py} (a resource next to this package's
 * classes) in that context. The module defines {@code futhark4j.FutharkError},
 * {@code futhark4j.ArgumentError} and {@code futhark4j.CompileError}, subclasses of Python's
 * {@code Exception}, registers them for our {@link ErrorType} meta objects with GraalPy's
 * {@code polyglot.register_interop_type}, and makes them importable as module {@code futhark4j}.
 *
 * <p>This needs the context to let {@code futhark} evaluate {@code python} (as
 * {@code PolyglotAccess.ALL} does). Where it cannot run, nothing changes: Futhark failures are then
 * {@code polyglot.ForeignException}s, as for any foreign exception.
 */
final class PythonSupport {
  private PythonSupport() {}

  static final String PYTHON = "python";
  private static final String MODULE = loadModule();

  private static String loadModule() {
    try (InputStream in = PythonSupport.class.getResourceAsStream("/io/github/futhark4j/polyglot/futhark4j.py")) {
      if (in == null) throw new IllegalStateException("futhark4j.py is missing from the jar");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Installs the module in the current context if Python is calling us and it is not installed yet;
   * called before a Futhark failure is thrown to a guest.
   */
  @TruffleBoundary
  static void ensure() {
    FutharkContext context;
    try {
      context = FutharkContext.get(null);
    } catch (IllegalStateException | AssertionError e) {
      return; // not inside a context of the language (cannot happen from a guest call)
    }
    if (context == null || context.pythonDone.get() || !calledFromPython()) return;
    // Exactly one thread installs; no lock is held while Python runs (another thread may hold
    // Python's GIL while it waits for us).
    if (context.pythonDone.compareAndSet(false, true)) install(context);
  }

  private static void install(FutharkContext context) {
    try {
      Source source = Source.newBuilder(PYTHON, MODULE, "futhark4j.py").internal(true).build();
      CallTarget target = context.env().parsePublic(source);
      Object installer = target.call();
      InteropLibrary.getUncached().execute(installer, ErrorType.FUTHARK_ERROR, ErrorType.ARGUMENT_ERROR,
          ErrorType.COMPILE_ERROR);
    } catch (InteropException | RuntimeException e) {
      // Python may not be evaluated from futhark here (polyglot access), or is too old to have
      // polyglot.register_interop_type: Futhark failures stay polyglot.ForeignException.
    }
  }

  /** Whether a Python frame is on the current guest stack (Python is calling into the language). */
  @TruffleBoundary
  static boolean calledFromPython() {
    Boolean found = Truffle.getRuntime().iterateFrames(frame -> {
      if (frame.getCallTarget() instanceof RootCallTarget t) {
        LanguageInfo language = t.getRootNode().getLanguageInfo();
        if (language != null && PYTHON.equals(language.getId())) return Boolean.TRUE;
      }
      return null;
    });
    return found != null;
  }
}
