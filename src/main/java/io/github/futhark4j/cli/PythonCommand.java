package io.github.futhark4j.cli;

/** {@code python FILE.py}: run a Python file with GraalPy and the futhark language. */
public final class PythonCommand extends ScriptCommand {
  public PythonCommand() { super("python", "Python"); }
}
