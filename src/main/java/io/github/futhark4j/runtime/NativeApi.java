package io.github.futhark4j.runtime;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import io.github.futhark4j.FutharkException;
import java.nio.file.Path;

/**
 * The loaded shared library and its context functions, each resolved once at load time so that a
 * call costs one JNA {@link Function#invoke} and no symbol look-up.
 */
final class NativeApi {
  final Path path;
  final NativeLibrary library;
  final Function configNew;
  final Function configFree;
  final Function configSetNumThreads; // only multicore libraries have it
  final Function contextNew;
  final Function contextFree;
  final Function contextSync;
  final Function contextGetError;

  NativeApi(Path sharedLibrary) {
    this.path = sharedLibrary.toAbsolutePath();
    try {
      this.library = NativeLibrary.getInstance(path.toString());
    } catch (UnsatisfiedLinkError e) {
      throw new FutharkException("cannot load " + path + ": " + e.getMessage(), e);
    }
    configNew = function("futhark_context_config_new");
    configFree = function("futhark_context_config_free");
    configSetNumThreads = optional("futhark_context_config_set_num_threads");
    contextNew = function("futhark_context_new");
    contextFree = function("futhark_context_free");
    contextSync = function("futhark_context_sync");
    contextGetError = function("futhark_context_get_error");
  }

  /** A required C function; its absence means the library and its manifest do not match. */
  Function function(String name) {
    try {
      return library.getFunction(name);
    } catch (UnsatisfiedLinkError e) {
      throw new FutharkException(path + " has no C function " + name
          + " (the library does not implement the Futhark C API its manifest describes)", e);
    }
  }

  /** A C function that may be absent, or {@code null}. */
  Function optional(String name) {
    try {
      return library.getFunction(name);
    } catch (UnsatisfiedLinkError e) {
      return null;
    }
  }
}
