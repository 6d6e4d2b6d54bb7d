package io.github.futhark4j.pkg;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Package paths: a URL without its protocol ({@code github.com/user/repo}), optionally ending in
 * {@code @N} to name major version N (Semantic Import Versioning; without it, majors 0 and 1). The
 * repository is fetched from {@code https://} + the path without {@code @N}; git's own
 * {@code url.<base>.insteadOf} setting can point that anywhere (a mirror, a local directory).
 */
public final class PkgPath {
  private PkgPath() {}

  private static final Pattern CHARS = Pattern.compile("[A-Za-z0-9@\\-/.:_~]+");

  /**
   * Checks a package path: the characters {@code futhark.pkg} allows, and components that stay
   * inside {@code lib/} (no empty, {@code .} or {@code ..} component, no leading {@code /}).
   *
   * @throws PkgException naming the problem
   */
  public static String check(String path) throws PkgException {
    if (path != null && path.matches("[A-Za-z][A-Za-z0-9+.-]*://.*")) {
      throw new PkgException("not a valid package path: \"" + path + "\" (package paths look like github.com/user/repo,"
          + " without " + path.substring(0, path.indexOf("://") + 3) + ")", true);
    }
    if (path == null || path.isEmpty() || !CHARS.matcher(path).matches()) {
      throw new PkgException("not a valid package path: \"" + path + "\" (package paths look like github.com/user/repo,"
          + " without https://)", true);
    }
    for (String part : path.split("/", -1)) {
      if (part.isEmpty() || part.equals(".") || part.equals("..")) {
        throw new PkgException("not a valid package path: \"" + path + "\" (empty, '.' or '..' component)", true);
      }
    }
    majors(path); // checks a version suffix
    return path;
  }

  /** The path without a {@code @N} major-version suffix. */
  public static String repository(String path) {
    int at = path.lastIndexOf('@');
    return at > 0 && path.substring(at + 1).matches("[0-9]+") ? path.substring(0, at) : path;
  }

  /** The URL git fetches the package from: {@code https://} + {@link #repository}. */
  public static String url(String path) {
    return "https://" + repository(path);
  }

  /** The major versions the path may have: {@code [N]} for {@code ...@N}, else {@code [0, 1]}. */
  public static List<Long> majors(String path) throws PkgException {
    int at = path.lastIndexOf('@');
    if (at > 0 && path.substring(at + 1).matches("[0-9]+")) {
      try {
        return List.of(Long.parseLong(path.substring(at + 1)));
      } catch (NumberFormatException e) {
        throw new PkgException("not a valid major version in package path " + path, true);
      }
    }
    return List.of(0L, 1L);
  }

  /** Where a package's files go: {@code dir/path} (components joined with the platform separator). */
  public static Path under(Path dir, String path) {
    Path p = dir;
    for (String part : path.split("/")) p = p.resolve(part);
    return p;
  }
}
