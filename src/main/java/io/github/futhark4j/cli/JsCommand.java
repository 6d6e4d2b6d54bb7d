package io.github.futhark4j.cli;

/** {@code js FILE.js}: run a JavaScript file with GraalJS and the futhark language. */
public final class JsCommand extends ScriptCommand {
  public JsCommand() { super("js", "JavaScript"); }
}
