package io.github.futhark4j.toolchain;

import java.nio.file.Path;
import java.util.Optional;

/** Finding the Futhark compilers. */
public final class Compilers {
  private Compilers() {}

  /** Our built-in compiler. */
  public static FutharkCompiler builtin() {
    throw new UnsupportedOperationException("not yet written");
  }

  /**
   * An installed {@code futhark}: {@code explicit} if non-null, else the {@code futhark4j.futhark}
   * system property, the {@code FUTHARK} environment variable, or {@code futhark} on {@code PATH}.
   */
  public static Optional<FutharkCompiler> external(Path explicit) {
    throw new UnsupportedOperationException("not yet written");
  }
}
