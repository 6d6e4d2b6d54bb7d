package io.github.futhark4j.compiler.typed;

import io.github.futhark4j.compiler.source.Source;
import java.util.List;

/**
 * A checked program: every top-level definition it uses (its own, imported files' and the
 * prelude's), in an order where each definition comes after those it refers to. Type
 * abbreviations and type declarations have been expanded away.
 */
public record TProgram(Source main, List<TDecl> decls) {
  public List<TDecl> entryPoints() {
    return decls.stream().filter(TDecl::isEntry).toList();
  }
}
