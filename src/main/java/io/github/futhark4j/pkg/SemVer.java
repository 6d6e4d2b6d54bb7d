package io.github.futhark4j.pkg;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A package version as {@code futhark pkg} writes it: {@code X.Y.Z}, all three numbers always
 * given, optionally followed by a numeric pre-release {@code -N} and a build tag {@code +ALNUM}.
 * Versions of the form {@code 0.0.0-yyyymmddhhmmss+COMMIT} are <em>commit versions</em>: they name
 * one commit of a repository that has no released version (or that a user asked for by commit),
 * and order by their commit time.
 *
 * <p>Ordering is semantic versioning's: by major, minor and patch, a version with a pre-release
 * before the same version without one, pre-releases numerically; the build tag only breaks ties.
 */
public record SemVer(long major, long minor, long patch, String prerelease, String build) implements Comparable<SemVer> {
  private static final Pattern FORM = Pattern.compile("(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(?:-(0|[1-9][0-9]*))?(?:\\+([A-Za-z0-9]+))?");
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);
  private static final Comparator<SemVer> ORDER = Comparator.comparingLong(SemVer::major)
      .thenComparingLong(SemVer::minor)
      .thenComparingLong(SemVer::patch)
      .thenComparing(SemVer::prerelease, Comparator.nullsLast(Comparator.comparing(SemVer::numeric)))
      .thenComparing(SemVer::build, Comparator.nullsFirst(Comparator.naturalOrder()));

  public SemVer {
    if (major < 0 || minor < 0 || patch < 0) throw new IllegalArgumentException("negative version number");
  }

  /** {@code X.Y.Z}. */
  public static SemVer of(long major, long minor, long patch) {
    return new SemVer(major, minor, patch, null, null);
  }

  /**
   * Parses {@code X.Y.Z[-N][+TAG]}.
   *
   * @throws IllegalArgumentException for anything else, e.g. {@code 1.0} or {@code v1.0.0}
   */
  public static SemVer parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a version: \"" + text + "\" (versions are X.Y.Z with all three numbers, e.g. 0.1.0)");
    }
    try {
      return new SemVer(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), m.group(4), m.group(5));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("version number too large: " + text);
    }
  }

  /** The commit version {@code 0.0.0-yyyymmddhhmmss+commit} of a commit made at {@code time}. */
  public static SemVer ofCommit(Instant time, String commit) {
    return new SemVer(0, 0, 0, STAMP.format(time), commit);
  }

  /** Whether this is a commit version ({@code 0.0.0-TIME+COMMIT}). */
  public boolean isCommitVersion() {
    return major == 0 && minor == 0 && patch == 0 && prerelease != null && build != null;
  }

  /** The commit of a commit version, else {@code null}. */
  public String commit() {
    return isCommitVersion() ? build : null;
  }

  private static java.math.BigInteger numeric(String digits) {
    return new java.math.BigInteger(digits);
  }

  @Override
  public int compareTo(SemVer o) {
    return ORDER.compare(this, o);
  }

  /** The git tag of a released version: {@code vX.Y.Z...}. */
  public String tag() {
    return "v" + this;
  }

  @Override
  public String toString() {
    return major + "." + minor + "." + patch + (prerelease == null ? "" : "-" + prerelease) + (build == null ? "" : "+" + build);
  }
}
