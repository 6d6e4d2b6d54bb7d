package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.TruffleLanguage.ContextReference;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.nodes.Node;
import io.github.futhark4j.FutharkOptions;

/**
 * Per-context state of the language: the Truffle environment (to unwrap host objects such as
 * native array handles passed back by guests) and the compile options from the
 * {@code futhark.*} context options.
 */
public record FutharkContext(Env env, FutharkOptions options) {
  private static final ContextReference<FutharkContext> REF = ContextReference.create(FutharkLanguage.class);

  /** The context of the current thread's polyglot context. */
  public static FutharkContext get(Node node) {
    return REF.get(node);
  }
}
