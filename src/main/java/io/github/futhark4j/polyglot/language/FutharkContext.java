package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.TruffleLanguage.ContextReference;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.nodes.Node;
import io.github.futhark4j.FutharkOptions;

/**
 * Per-context state of the language: the Truffle environment (to unwrap host objects such as
 * native array handles passed back by guests), the compile options from the {@code futhark.*}
 * context options, and whether the Python support has been installed in this context.
 */
public final class FutharkContext {
  private static final ContextReference<FutharkContext> REF = ContextReference.create(FutharkLanguage.class);

  private final Env env;
  private final FutharkOptions options;
  /** Set once {@link PythonSupport} has run (or found it cannot) in this context. */
  final java.util.concurrent.atomic.AtomicBoolean pythonDone = new java.util.concurrent.atomic.AtomicBoolean();

  FutharkContext(Env env, FutharkOptions options) {
    this.env = env;
    this.options = options;
  }

  /** The context of the current thread's polyglot context. */
  public static FutharkContext get(Node node) {
    return REF.get(node);
  }

  /** The Truffle environment of this context. */
  public Env env() {
    return env;
  }

  /** The compile options of this context. */
  public FutharkOptions options() {
    return options;
  }
}
