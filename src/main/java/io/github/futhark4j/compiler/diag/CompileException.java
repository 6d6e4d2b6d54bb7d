package io.github.futhark4j.compiler.diag;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown by a compiler when the program has errors. Carries every diagnostic found (the parser
 * recovers at top-level keywords, so there may be several); the first one is the primary error.
 */
public class CompileException extends Exception {
  private final List<Diagnostic> diagnostics;

  public CompileException(List<Diagnostic> diagnostics) {
    super(diagnostics.stream().map(Diagnostic::render).collect(Collectors.joining("\n\n")));
    if (diagnostics.isEmpty()) throw new IllegalArgumentException("no diagnostics");
    this.diagnostics = List.copyOf(diagnostics);
  }

  public CompileException(Diagnostic d) {
    this(List.of(d));
  }

  /** All diagnostics, errors first in source order. */
  public List<Diagnostic> diagnostics() { return diagnostics; }

  /** The first error. */
  public Diagnostic primary() { return diagnostics.get(0); }
}
