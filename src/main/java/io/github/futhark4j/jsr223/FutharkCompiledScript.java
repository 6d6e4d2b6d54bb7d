package io.github.futhark4j.jsr223;

import io.github.futhark4j.FutharkProgram;
import javax.script.CompiledScript;
import javax.script.ScriptContext;
import javax.script.ScriptEngine;

/**
 * A compiled and loaded Futhark program. {@link #eval(ScriptContext)} binds its entry points in
 * the context's engine scope and returns the single entry point, or the program.
 */
public final class FutharkCompiledScript extends CompiledScript {
  private final FutharkScriptEngine engine;
  private final FutharkProgram program;

  FutharkCompiledScript(FutharkScriptEngine engine, FutharkProgram program) {
    this.engine = engine;
    this.program = program;
  }

  /** The loaded program. */
  public FutharkProgram program() { return program; }

  @Override
  public Object eval(ScriptContext context) {
    return engine.bind(program, context);
  }

  @Override
  public ScriptEngine getEngine() { return engine; }
}
