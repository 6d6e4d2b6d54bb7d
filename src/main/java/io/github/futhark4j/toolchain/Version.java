package io.github.futhark4j.toolchain;

/**
 * The Futhark4J version, kept in exactly one place. It is part of every build key and of the
 * built-in compiler's identity. {@code VersionTest} checks that it matches the version in
 * {@code pom.xml}, so a release cannot forget to bump it.
 */
public final class Version {
  private Version() {}

  /** The version of this library, as in {@code pom.xml}. */
  public static final String FUTHARK4J = "0.1.0-SNAPSHOT";

  /** Whether this is a development build, whose code may change without the version changing. */
  public static boolean isSnapshot() {
    return FUTHARK4J.endsWith("-SNAPSHOT");
  }
}
