package io.github.futhark4j.jsr223;

import io.github.futhark4j.FutharkOptions;
import java.nio.file.Path;
import javax.script.ScriptContext;
import javax.script.ScriptEngine;

/**
 * Engine-level settings: a context attribute (any scope) wins over the system property of the
 * same name. {@link ScriptEngine#FILENAME} names the source in diagnostics.
 */
final class EngineSettings {
  private EngineSettings() {}

  static final String THREADS = "futhark4j.threads";
  static final String BACKEND = "futhark4j.backend";
  static final String DEVICE = "futhark4j.device";
  static final String COMPILER = "futhark4j.compiler";
  static final String CACHE = "futhark4j.cache";
  static final String FUTHARK = "futhark4j.futhark";

  static FutharkOptions options(ScriptContext ctx) {
    FutharkOptions o = FutharkOptions.defaults();
    Object file = ctx.getAttribute(ScriptEngine.FILENAME);
    if (file != null) o = o.withSourceName(file.toString());
    String threads = setting(ctx, THREADS);
    if (threads != null) {
      try {
        o = o.withThreads(Integer.parseInt(threads.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(THREADS + " must be an integer but is \"" + threads + "\"");
      }
    }
    String backend = setting(ctx, BACKEND);
    if (backend != null) o = o.withBackend(backend.trim());
    String device = setting(ctx, DEVICE);
    if (device != null) o = o.withDevice(device.trim());
    String compiler = setting(ctx, COMPILER);
    if (compiler != null) o = o.withCompiler(compiler.trim());
    // The cache directory and the futhark executable fall back to their system properties inside
    // the toolchain, so only context attributes are read here.
    Object cache = ctx.getAttribute(CACHE);
    if (cache != null) o = o.withCacheDir(Path.of(cache.toString()));
    Object futhark = ctx.getAttribute(FUTHARK);
    if (futhark != null) o = o.withFuthark(Path.of(futhark.toString()));
    return o;
  }

  private static String setting(ScriptContext ctx, String key) {
    Object v = ctx.getAttribute(key);
    return v != null ? v.toString() : System.getProperty(key);
  }
}
