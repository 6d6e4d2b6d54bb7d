package io.github.futhark4j.toolchain;

import java.nio.file.Path;
import java.util.Optional;

/** Finding the Futhark compilers. */
public final class Compilers {
  private Compilers() {}

  /** Our built-in compiler. */
  public static FutharkCompiler builtin() {
    return BuiltinCompiler.instance();
  }

  /**
   * An installed {@code futhark}: {@code explicit} if non-null, else the {@code futhark4j.futhark}
   * system property, the {@code FUTHARK} environment variable, or {@code futhark} on {@code PATH}.
   * The first of these that is set decides; empty when it names no executable file.
   */
  public static Optional<FutharkCompiler> external(Path explicit) {
    return ExternalFuthark.find(explicit, System::getProperty, System.getenv()).map(ExternalFuthark::at);
  }

  /** Why {@link #external(Path)} found nothing: where it looked and what to do. */
  public static String externalNotFoundMessage(Path explicit) {
    return ExternalFuthark.describeLookup(explicit, System::getProperty, System.getenv());
  }
}
