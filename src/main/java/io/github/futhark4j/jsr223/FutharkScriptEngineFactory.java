package io.github.futhark4j.jsr223;

import java.util.List;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineFactory;

/**
 * The JSR-223 factory for Futhark, registered in {@code META-INF/services}: names {@code futhark}
 * and {@code Futhark}, extension {@code fut}, MIME type {@code text/x-futhark}.
 *
 * <p>THREADING is {@code "MULTITHREADED"}: the engine's own state is thread safe, its default
 * bindings are synchronized, and entry points may be called from many threads at once (calls on
 * one program's context are serialised; Futhark code itself has no side effects). It is not
 * {@code "THREAD-ISOLATED"}: entry points bound by an {@code eval} on one thread are visible to
 * all threads sharing the bindings.
 */
public final class FutharkScriptEngineFactory implements ScriptEngineFactory {
  /** The engine's version (the library's). */
  public static final String ENGINE_VERSION = io.github.futhark4j.toolchain.Version.FUTHARK4J;
  /** The language version the built-in compiler follows (the Futhark reference in use). */
  public static final String LANGUAGE_VERSION = "0.25";

  @Override public String getEngineName() { return "Futhark4J"; }

  @Override public String getEngineVersion() { return ENGINE_VERSION; }

  @Override public List<String> getExtensions() { return List.of("fut"); }

  @Override public List<String> getMimeTypes() { return List.of("text/x-futhark"); }

  @Override public List<String> getNames() { return List.of("futhark", "Futhark"); }

  @Override public String getLanguageName() { return "Futhark"; }

  @Override public String getLanguageVersion() { return LANGUAGE_VERSION; }

  @Override
  public Object getParameter(String key) {
    return switch (key) {
      case ScriptEngine.ENGINE -> getEngineName();
      case ScriptEngine.ENGINE_VERSION -> getEngineVersion();
      case ScriptEngine.NAME -> getNames().get(0);
      case ScriptEngine.LANGUAGE -> getLanguageName();
      case ScriptEngine.LANGUAGE_VERSION -> getLanguageVersion();
      case "THREADING" -> "MULTITHREADED";
      default -> null;
    };
  }

  /**
   * Futhark has no methods; the nearest is applying a function from a module: {@code obj.m a b}.
   */
  @Override
  public String getMethodCallSyntax(String obj, String m, String... args) {
    StringBuilder sb = new StringBuilder(obj).append('.').append(m);
    for (String a : args) sb.append(' ').append(needsParens(a) ? "(" + a + ")" : a);
    return sb.toString();
  }

  private static boolean needsParens(String a) {
    return a.chars().anyMatch(Character::isWhitespace);
  }

  /**
   * Futhark cannot print; the closest is an entry point returning the text as a string literal
   * ({@code []u8}), which calling {@code main} gives back as {@code byte[]}.
   */
  @Override
  public String getOutputStatement(String toDisplay) {
    StringBuilder sb = new StringBuilder("entry main : []u8 = \"");
    for (char c : toDisplay.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        case '\r' -> sb.append("\\r");
        default -> sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  /** A program is its top-level declarations, one after another. */
  @Override
  public String getProgram(String... statements) {
    return String.join("\n", statements) + "\n";
  }

  @Override
  public ScriptEngine getScriptEngine() { return new FutharkScriptEngine(this); }
}
