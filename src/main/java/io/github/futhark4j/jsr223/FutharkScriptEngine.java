package io.github.futhark4j.jsr223;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.script.AbstractScriptEngine;
import javax.script.Bindings;
import javax.script.Compilable;
import javax.script.CompiledScript;
import javax.script.Invocable;
import javax.script.ScriptContext;
import javax.script.ScriptEngineFactory;
import javax.script.ScriptException;
import javax.script.SimpleBindings;
import javax.script.SimpleScriptContext;

/**
 * The Futhark script engine. {@code eval(source)} compiles and loads the program (through the
 * {@link Futhark} facade, so a repeated source is a cache hit), binds each entry point by name in
 * the engine scope, and returns the {@link FutharkFunction} when there is exactly one entry point,
 * else the {@link FutharkProgram}.
 *
 * <p>{@link Compilable}: {@code compile} reports syntax and type errors as a
 * {@link ScriptException} with file, line and column and the source line with a caret.
 * {@link Invocable}: entry points by name, methods of programs and functions, and interfaces
 * implemented by entry points. {@link #close()} releases every program this engine loaded.
 */
public final class FutharkScriptEngine extends AbstractScriptEngine implements Compilable, Invocable, AutoCloseable {
  private final FutharkScriptEngineFactory factory;
  /** Every entry point this engine has bound, the latest eval winning; for invokeFunction and getInterface. */
  private final Map<String, FutharkFunction> functions = new ConcurrentHashMap<>();
  /**
   * The programs this engine loaded that are still reachable, for {@link #close()}: weakly, so the
   * engine keeps a program only while one of its entry points is bound (or the caller holds it).
   * A long-running engine evaluating ever new sources then holds the latest binding per name, not
   * every program it ever evaluated; the others are released when the garbage collector finds them
   * unused (see {@code ProgramCache}).
   */
  private final Set<FutharkProgram> programs = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
  private volatile boolean closed;

  FutharkScriptEngine(FutharkScriptEngineFactory factory) {
    this.factory = factory;
    SimpleScriptContext ctx = new SimpleScriptContext();
    ctx.setBindings(createBindings(), ScriptContext.ENGINE_SCOPE);
    setContext(ctx);
  }

  @Override public ScriptEngineFactory getFactory() { return factory; }

  /** Thread-safe bindings, so that the engine is honestly MULTITHREADED. */
  @Override
  public Bindings createBindings() {
    return new SimpleBindings(Collections.synchronizedMap(new HashMap<>()));
  }

  @Override
  public Object eval(String script, ScriptContext context) throws ScriptException {
    return bind(load(script, context), context);
  }

  @Override
  public Object eval(Reader reader, ScriptContext context) throws ScriptException {
    return eval(read(reader), context);
  }

  @Override
  public CompiledScript compile(String script) throws ScriptException {
    return new FutharkCompiledScript(this, load(script, getContext()));
  }

  @Override
  public CompiledScript compile(Reader script) throws ScriptException {
    return compile(read(script));
  }

  /** Compiles and loads; errors become ScriptExceptions with the position of the first one. */
  FutharkProgram load(String script, ScriptContext context) throws ScriptException {
    if (script == null) throw new NullPointerException("script");
    if (closed) throw new IllegalStateException("this Futhark script engine is closed");
    try {
      FutharkProgram p = Futhark.compile(script, EngineSettings.options(context));
      programs.add(p);
      return p;
    } catch (FutharkCompileException e) {
      ScriptException se = new ScriptException(e.getMessage(), e.fileName(), e.line(), e.column());
      se.initCause(e);
      throw se;
    } catch (FutharkException | IllegalArgumentException e) {
      throw scriptException(e);
    }
  }

  /** Binds the program's entry points in the engine scope; the eval result. */
  Object bind(FutharkProgram p, ScriptContext context) {
    Bindings scope = context.getBindings(ScriptContext.ENGINE_SCOPE);
    for (FutharkFunction f : p.entryPoints().values()) {
      if (scope != null) scope.put(f.name(), f);
      functions.put(f.name(), f);
    }
    return p.entryPoints().size() == 1 ? p.entryPoints().values().iterator().next() : p;
  }

  private static String read(Reader reader) throws ScriptException {
    StringBuilder sb = new StringBuilder();
    char[] buf = new char[8192];
    try {
      for (int n; (n = reader.read(buf)) >= 0; ) sb.append(buf, 0, n);
    } catch (IOException e) {
      throw scriptException(e);
    }
    return sb.toString();
  }

  static ScriptException scriptException(Exception e) {
    ScriptException se = new ScriptException(e.getMessage() == null ? e.toString() : e.getMessage());
    se.initCause(e);
    return se;
  }

  /** The entry point of that name: an engine-scope binding if it is one, else any this engine bound. */
  FutharkFunction lookup(String name) {
    Object bound = getContext().getAttribute(name, ScriptContext.ENGINE_SCOPE);
    if (bound instanceof FutharkFunction f) return f;
    return functions.get(name);
  }

  @Override
  public Object invokeFunction(String name, Object... args) throws ScriptException, NoSuchMethodException {
    if (name == null) throw new NullPointerException("name");
    FutharkFunction f = lookup(name);
    if (f == null) {
      throw new NoSuchMethodException("no entry point '" + name + "' has been evaluated in this engine"
          + (functions.isEmpty() ? "" : "; known entry points: " + String.join(", ", functions.keySet())));
    }
    return invoke(f, args, false);
  }

  @Override
  public Object invokeMethod(Object thiz, String name, Object... args) throws ScriptException, NoSuchMethodException {
    if (name == null) throw new NullPointerException("name");
    switch (thiz) {
      case FutharkProgram p -> {
        FutharkFunction f = p.entryPoints().get(name);
        if (f == null) throw new NoSuchMethodException("the program has no entry point '" + name + "'; it has " + p.entryPoints().keySet());
        return invoke(f, args, false);
      }
      case FutharkFunction f -> {
        if (name.equals("call") || name.equals(f.name())) return invoke(f, args, false);
        if (name.equals("callNative")) return invoke(f, args, true);
        throw new NoSuchMethodException("a Futhark function has the methods call, callNative and " + f.name() + ", not " + name);
      }
      case null -> throw new IllegalArgumentException("invokeMethod on null");
      default -> throw new IllegalArgumentException("not a Futhark program or function: " + thiz.getClass().getName());
    }
  }

  private static Object invoke(FutharkFunction f, Object[] args, boolean nativeResults) throws ScriptException {
    try {
      return nativeResults ? f.callNative(args == null ? new Object[0] : args) : f.call(args == null ? new Object[0] : args);
    } catch (FutharkException | IllegalArgumentException | IllegalStateException e) {
      throw scriptException(e);
    }
  }

  @Override
  public <T> T getInterface(Class<T> clasz) {
    return InterfaceProxy.create(clasz, this::lookup);
  }

  @Override
  public <T> T getInterface(Object thiz, Class<T> clasz) {
    if (!(thiz instanceof FutharkProgram p)) {
      throw new IllegalArgumentException("getInterface needs a FutharkProgram, not " + (thiz == null ? "null" : thiz.getClass().getName()));
    }
    return InterfaceProxy.create(clasz, name -> p.entryPoints().get(name));
  }

  /** Releases every program this engine compiled (other users of the same programs are unaffected). Idempotent. */
  @Override
  public void close() {
    closed = true;
    List<FutharkProgram> all;
    synchronized (programs) {
      all = new ArrayList<>(programs);
      programs.clear();
    }
    for (FutharkProgram p : all) p.close();
    functions.clear();
  }
}
