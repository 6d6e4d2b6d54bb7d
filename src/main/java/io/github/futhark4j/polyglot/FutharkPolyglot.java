package io.github.futhark4j.polyglot;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import javax.script.Bindings;
import javax.script.ScriptContext;
import javax.script.ScriptEngine;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * Host embedding without the {@code futhark} language: make compiled Futhark functions callable
 * from JavaScript or Python in a context the host builds, through the polyglot proxy API.
 *
 * <pre>{@code
 * FutharkProgram p = Futhark.compile(src, FutharkOptions.defaults());
 * try (Context ctx = Context.newBuilder("js").build()) {
 *   ctx.getBindings("js").putMember("sum", FutharkPolyglot.executable(p.function("sum")));
 *   ctx.eval("js", "sum(new Float64Array([1, 2, 3]))");
 * }
 * }</pre>
 *
 * <p>No context option is needed for calling and for numbers, arrays and typed arrays going in
 * and out; a result's {@code buffer} member (zero-copy typed-array views) needs buffer access
 * ({@code HostAccess.newBuilder(HostAccess.EXPLICIT).allowBufferAccess(true)}), and Python reaches
 * host bindings through {@code polyglot.import_value}, which needs
 * {@code allowPolyglotAccess(PolyglotAccess.ALL)} with {@link Context#getPolyglotBindings()}.
 * See {@code docs/polyglot.md}.
 */
public final class FutharkPolyglot {
  private FutharkPolyglot() {}

  /** The entry point as a guest function (also with members {@code name}, {@code native}, ...). */
  public static ProxyExecutable executable(FutharkFunction function) {
    return new EntryPointProxy(function, false);
  }

  /** The entry point returning native handles for array results, to chain calls without copies. */
  public static ProxyExecutable nativeExecutable(FutharkFunction function) {
    return new EntryPointProxy(function, true);
  }

  /** The program as a guest object whose members are its entry points. */
  public static ProxyObject program(FutharkProgram program) {
    return new ProgramProxy(program);
  }

  /** Puts every entry point of {@code program} into the language's global bindings under its name. */
  public static void bindAll(Context context, String languageId, FutharkProgram program) {
    var bindings = context.getBindings(languageId);
    for (FutharkFunction fn : program.entryPoints().values()) bindings.putMember(fn.name(), executable(fn));
  }

  /**
   * Puts the entry point into a JSR-223 engine's bindings ({@code ENGINE_SCOPE} or
   * {@code GLOBAL_SCOPE}) as a callable proxy, for GraalJS's own ScriptEngine ({@code js},
   * {@code graal.js}) which passes proxies through to JavaScript unchanged.
   */
  public static void put(ScriptEngine engine, int scope, FutharkFunction function) {
    Bindings b = engine.getBindings(scope);
    if (b == null) {
      throw new IllegalStateException("the engine has no bindings for scope " + scope
          + (scope == ScriptContext.GLOBAL_SCOPE ? " (it was not made by a ScriptEngineManager)" : ""));
    }
    b.put(function.name(), executable(function));
  }
}
