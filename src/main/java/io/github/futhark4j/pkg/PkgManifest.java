package io.github.futhark4j.pkg;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code futhark.pkg} file: an optional {@code package PATH} line (for packages being written),
 * and a {@code require { ... }} block of {@code PATH VERSION [#COMMIT]} lines, with {@code --} line
 * comments anywhere, which are kept when the file is rewritten:
 *
 * <pre>
 * package github.com/sturluson/edda
 *
 * require {
 *   github.com/athas/fut-foo 0.1.0 #d285563c25c5152b1ae80fc64de64ff2775fa733
 * }
 * </pre>
 *
 * The version is the oldest acceptable one (see {@link Solver}); the commit, when given, is the one
 * that version had when it was added, so that a moved tag is noticed. Immutable; the
 * {@code with*} methods return changed copies.
 *
 * @param headComments  comments before the package line
 * @param packagePath   the package this directory is, or {@code null}
 * @param requireComments comments between the package line and {@code require}
 * @param requires      the require block: {@link Required} entries and comment lines, in order
 * @param endComments   comments after the block
 */
public record PkgManifest(List<String> headComments, String packagePath, List<String> requireComments,
    List<Object> requires, List<String> endComments) {
  /** The file name. */
  public static final String FILE = "futhark.pkg";

  /** One requirement: a package, its minimum version and optionally the commit that version had. */
  public record Required(String path, SemVer version, String commit) {}

  /** A comment line inside the require block (without its {@code --}). */
  public record Comment(String text) {}

  public PkgManifest {
    headComments = List.copyOf(headComments);
    requireComments = List.copyOf(requireComments);
    requires = List.copyOf(requires);
    endComments = List.copyOf(endComments);
  }

  /** An empty manifest, for {@code package} when {@code path} is not null. */
  public static PkgManifest empty(String path) {
    return new PkgManifest(List.of(), path, List.of(), List.of(), List.of());
  }

  /** The requirements, without comments. */
  public List<Required> required() {
    List<Required> out = new ArrayList<>();
    for (Object o : requires) if (o instanceof Required r) out.add(r);
    return out;
  }

  /** The requirement for {@code path}, or {@code null}. */
  public Required find(String path) {
    for (Required r : required()) if (r.path().equals(path)) return r;
    return null;
  }

  /** Replaces the requirement for {@code r.path()} where it is, or appends it. */
  public PkgManifest with(Required r) {
    List<Object> out = new ArrayList<>();
    boolean replaced = false;
    for (Object o : requires) {
      if (o instanceof Required old && old.path().equals(r.path())) {
        out.add(r);
        replaced = true;
      } else {
        out.add(o);
      }
    }
    if (!replaced) out.add(r);
    return new PkgManifest(headComments, packagePath, requireComments, out, endComments);
  }

  /** Without the requirement for {@code path}. */
  public PkgManifest without(String path) {
    List<Object> out = new ArrayList<>();
    for (Object o : requires) if (!(o instanceof Required r && r.path().equals(path))) out.add(o);
    return new PkgManifest(headComments, packagePath, requireComments, out, endComments);
  }

  /** The file text, in {@code futhark pkg}'s layout. */
  public String render() {
    StringBuilder sb = new StringBuilder();
    for (String c : headComments) sb.append("--").append(c).append('\n');
    if (packagePath != null) sb.append("package ").append(packagePath).append("\n\n");
    for (String c : requireComments) sb.append("--").append(c).append('\n');
    sb.append("require {\n");
    for (Object o : requires) {
      if (o instanceof Required r) {
        sb.append("  ").append(r.path()).append(' ').append(r.version());
        if (r.commit() != null) sb.append(" #").append(r.commit());
        sb.append('\n');
      } else {
        sb.append("  --").append(((Comment) o).text()).append('\n');
      }
    }
    sb.append("}\n");
    for (String c : endComments) sb.append("--").append(c).append('\n');
    return sb.toString();
  }

  /** Reads {@code file}. */
  public static PkgManifest read(Path file) throws PkgException {
    try {
      return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new PkgException("cannot read " + file + ": " + e.getMessage(), false, e);
    }
  }

  /** Writes the manifest to {@code file}. */
  public void write(Path file) throws PkgException {
    try {
      Files.writeString(file, render(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new PkgException("cannot write " + file + ": " + e.getMessage(), false, e);
    }
  }

  /**
   * Parses manifest text; {@code name} names it in error messages.
   *
   * @throws PkgException with file, line and what was expected
   */
  public static PkgManifest parse(String name, String text) throws PkgException {
    return new Parser(name, text).manifest();
  }

  /** A line-oriented parser: each requirement, comment and keyword is on a line of its own, as in the files futhark pkg writes. */
  private static final class Parser {
    private final String name;
    private final String[] lines;
    private int at;

    Parser(String name, String text) {
      this.name = name;
      this.lines = text.replace("\r\n", "\n").split("\n", -1);
    }

    private PkgException error(String what) {
      return new PkgException(name + ":" + (at + 1) + ": " + what, true);
    }

    /** Comments (and blank lines, dropped) until the next other line. */
    private List<String> comments() {
      List<String> out = new ArrayList<>();
      while (at < lines.length) {
        String l = lines[at].strip();
        if (l.isEmpty()) {
          at++;
        } else if (l.startsWith("--")) {
          out.add(l.substring(2));
          at++;
        } else {
          break;
        }
      }
      return out;
    }

    PkgManifest manifest() throws PkgException {
      List<String> head = comments();
      String pkg = null;
      List<String> beforeRequire = List.of();
      if (at < lines.length && words(lines[at])[0].equals("package")) {
        String[] w = words(lines[at]);
        if (w.length != 2) throw error("expected 'package PATH'");
        pkg = checkedPath(w[1]);
        at++;
        beforeRequire = comments();
      } else {
        beforeRequire = head;
        head = List.of();
      }
      List<Object> requires = new ArrayList<>();
      if (at < lines.length) {
        String l = lines[at].strip();
        if (!l.equals("require {") && !(l.startsWith("require") && l.substring(7).strip().equals("{"))) {
          throw error("expected 'require {' but found '" + l + "'");
        }
        at++;
        boolean closed = false;
        int opened = at;
        while (at < lines.length) {
          String r = lines[at].strip();
          if (r.isEmpty()) {
            at++;
          } else if (r.startsWith("--")) {
            requires.add(new Comment(r.substring(2)));
            at++;
          } else if (r.equals("}")) {
            at++;
            closed = true;
            break;
          } else {
            requires.add(required(r));
            at++;
          }
        }
        if (!closed) {
          at = opened - 1; // reported where the block opens: the end of the file is past every line
          throw error("the require block has no closing '}'");
        }
      }
      List<String> end = comments();
      if (at < lines.length) throw error("unexpected '" + lines[at].strip() + "' after the require block");
      List<String> seen = new ArrayList<>();
      for (Object o : requires) {
        if (o instanceof Required r) {
          if (seen.contains(r.path())) throw new PkgException(name + ": package " + r.path() + " is required twice", true);
          seen.add(r.path());
        }
      }
      return new PkgManifest(head, pkg, beforeRequire, requires, end);
    }

    private Required required(String line) throws PkgException {
      String[] w = words(line);
      if (w.length < 2 || w.length > 3) throw error("expected 'PACKAGE VERSION [#COMMIT]' but found '" + line + "'");
      SemVer v;
      try {
        v = SemVer.parse(w[1]);
      } catch (IllegalArgumentException e) {
        throw error(e.getMessage());
      }
      String commit = null;
      if (w.length == 3) {
        if (!w[2].matches("#[A-Za-z0-9]+")) throw error("expected '#COMMIT' but found '" + w[2] + "'");
        commit = w[2].substring(1);
      }
      return new Required(checkedPath(w[0]), v, commit);
    }

    /** {@link PkgPath#check}, the problem reported at this line. */
    private String checkedPath(String path) throws PkgException {
      try {
        return PkgPath.check(path);
      } catch (PkgException e) {
        throw error(e.getMessage());
      }
    }

    private static String[] words(String line) {
      String s = line.strip();
      return s.isEmpty() ? new String[] {""} : s.split("\\s+");
    }
  }
}
