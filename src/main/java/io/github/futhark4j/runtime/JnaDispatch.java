package io.github.futhark4j.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A copy of JNA's native part ({@code libjnidispatch}) kept in the cache directory, so a fresh JVM
 * loads it from there instead of unpacking it from JNA's jar into a new temporary file (see
 * {@link LoadedLibrary#warmUp(Path)}). The copy's directory is named after the jar entry (its URL
 * and length), so another JNA version gets a copy of its own.
 */
final class JnaDispatch {
  private JnaDispatch() {}

  /** JNA's system property for where to look for its native part first. */
  static final String PROPERTY = "jna.boot.library.path";

  /**
   * JNA's system property for its search path of libraries loaded by name; when unset, the
   * initialisation of {@code NativeLibrary} computes it, on Linux by running {@code ldconfig -p}.
   */
  static final String SEARCH_PROPERTY = "jna.platform.library.path";

  /** The directory holding a current copy (made now if needed), or {@code null} if there is none to make. */
  static String copyIn(Path root) {
    try {
      String name = System.mapLibraryName("jnidispatch");
      URL u = com.sun.jna.Platform.class.getResource("/com/sun/jna/" + com.sun.jna.Platform.RESOURCE_PREFIX + "/" + name);
      if (u == null) return null;
      URLConnection c = u.openConnection();
      long length = c.getContentLengthLong();
      if (length <= 0) return null;
      Path dir = root.resolve(Integer.toHexString(u.toString().hashCode()) + "-" + length);
      Path file = dir.resolve(name);
      if (!Files.isRegularFile(file) || Files.size(file) != length) {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "jnidispatch", ".tmp");
        try (InputStream in = c.getInputStream()) {
          Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
          Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
          Files.deleteIfExists(tmp);
        }
        if (Files.size(file) != length) return null;
      }
      return dir.toString();
    } catch (IOException | RuntimeException | LinkageError e) {
      return null; // JNA unpacks its own copy, as without this
    }
  }
}
