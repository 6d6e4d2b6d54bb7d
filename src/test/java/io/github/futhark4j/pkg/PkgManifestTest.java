package io.github.futhark4j.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PkgManifest}: reading, changing and writing {@code futhark.pkg}. */
class PkgManifestTest {
  private static final String HASH = "d285563c25c5152b1ae80fc64de64ff2775fa733";

  private static final String FULL = """
      -- head
      package github.com/sturluson/edda

      -- before require
      require {
        github.com/athas/fut-foo 0.1.0 #d285563c25c5152b1ae80fc64de64ff2775fa733
        -- a comment in the block
        github.com/athas/fut-bar@2 2.3.4
        example.org/x/y 0.0.0-20240305060708+abc123
      }
      -- end 1
      -- end 2
      """;

  @Test
  void parsesPackageRequirementsPinsAndComments() throws PkgException {
    PkgManifest m = PkgManifest.parse("futhark.pkg", FULL);
    assertEquals("github.com/sturluson/edda", m.packagePath());
    assertEquals(List.of(" head"), m.headComments());
    assertEquals(List.of(" before require"), m.requireComments());
    assertEquals(List.of(" end 1", " end 2"), m.endComments());
    assertEquals(List.of(
        new PkgManifest.Required("github.com/athas/fut-foo", SemVer.of(0, 1, 0), HASH),
        new PkgManifest.Comment(" a comment in the block"),
        new PkgManifest.Required("github.com/athas/fut-bar@2", SemVer.of(2, 3, 4), null),
        new PkgManifest.Required("example.org/x/y", SemVer.parse("0.0.0-20240305060708+abc123"), null)), m.requires());
    assertEquals(3, m.required().size());
    assertEquals(HASH, m.find("github.com/athas/fut-foo").commit());
    assertEquals(SemVer.of(2, 3, 4), m.find("github.com/athas/fut-bar@2").version());
    assertNull(m.find("github.com/athas/fut-bar"), "another major is another package");
  }

  @Test
  void rendersInFutharkPkgsLayoutKeepingComments() throws PkgException {
    PkgManifest m = PkgManifest.parse("futhark.pkg", FULL);
    assertEquals(FULL, m.render(), "the file in canonical layout comes back as it was");
    assertEquals(m, PkgManifest.parse("again", m.render()));

    // Blank lines, indentation, CRLF and 'require{' are read, and written the canonical way.
    String sloppy = "\r\n\r\npackage   a.org/p  \r\n\r\n\r\nrequire{\r\n\r\n\t a.org/q    1.0.0   #abc \r\n}\r\n\r\n";
    assertEquals("package a.org/p\n\nrequire {\n  a.org/q 1.0.0 #abc\n}\n", PkgManifest.parse("f", sloppy).render());
  }

  @Test
  void emptyAndMinimalFiles() throws PkgException {
    PkgManifest none = PkgManifest.parse("f", "");
    assertNull(none.packagePath());
    assertEquals(List.of(), none.requires());
    assertEquals("require {\n}\n", none.render());
    PkgManifest comments = PkgManifest.parse("f", "-- only\n-- comments\n");
    assertEquals(List.of(), comments.requires());
    assertEquals("-- only\n-- comments\nrequire {\n}\n", comments.render(), "a file of comments only gets its block");
    assertEquals(List.of(" only", " comments"), PkgManifest.parse("f", "-- only\n-- comments\n").requireComments(),
        "without a package line, leading comments go before require");
    assertEquals("package a.org/b\n\nrequire {\n}\n", PkgManifest.empty("a.org/b").render());
    assertEquals("require {\n}\n", PkgManifest.empty(null).render());
    PkgManifest noPkg = PkgManifest.parse("f", "-- c\nrequire {\n  a.org/b 1.0.0\n}\n");
    assertNull(noPkg.packagePath());
    assertEquals(List.of(), noPkg.headComments());
    assertEquals(List.of(" c"), noPkg.requireComments());
    assertEquals("-- c\nrequire {\n  a.org/b 1.0.0\n}\n", noPkg.render());
  }

  @Test
  void withReplacesInPlaceOrAppendsAndWithoutRemoves() throws PkgException {
    PkgManifest m = PkgManifest.parse("f", FULL);
    PkgManifest.Required newer = new PkgManifest.Required("github.com/athas/fut-foo", SemVer.of(0, 2, 0), "ffff");
    PkgManifest up = m.with(newer);
    assertEquals(newer, up.requires().get(0), "replaced where it was");
    assertEquals(m.requires().subList(1, 4), up.requires().subList(1, 4));
    assertEquals(SemVer.of(0, 1, 0), m.find("github.com/athas/fut-foo").version(), "the original is unchanged");

    PkgManifest.Required added = new PkgManifest.Required("a.org/new", SemVer.of(1, 0, 0), null);
    PkgManifest more = up.with(added);
    assertEquals(5, more.requires().size());
    assertEquals(added, more.requires().get(4), "appended");
    assertTrue(more.render().contains("  example.org/x/y 0.0.0-20240305060708+abc123\n  a.org/new 1.0.0\n}\n"), more.render());

    PkgManifest less = more.without("github.com/athas/fut-bar@2").without("not/there");
    assertEquals(List.of("github.com/athas/fut-foo", "example.org/x/y", "a.org/new"),
        less.required().stream().map(PkgManifest.Required::path).toList());
    assertTrue(less.requires().contains(new PkgManifest.Comment(" a comment in the block")), "comments stay");
    assertEquals(m.headComments(), less.headComments());
    assertEquals(m.endComments(), less.endComments());
    assertEquals(m.packagePath(), less.packagePath());
    assertThrows(UnsupportedOperationException.class, () -> less.requires().add(added), "immutable");
  }

  @Test
  void writesAndReadsFiles(@TempDir Path dir) throws PkgException, java.io.IOException {
    Path f = dir.resolve(PkgManifest.FILE);
    assertEquals("futhark.pkg", f.getFileName().toString());
    PkgManifest m = PkgManifest.empty("a.org/me").with(new PkgManifest.Required("a.org/dep", SemVer.of(1, 2, 3), HASH));
    m.write(f);
    assertEquals("package a.org/me\n\nrequire {\n  a.org/dep 1.2.3 #" + HASH + "\n}\n", Files.readString(f));
    assertEquals(m, PkgManifest.read(f));
    PkgException e = assertThrows(PkgException.class, () -> PkgManifest.read(dir.resolve("missing.pkg")));
    assertTrue(e.getMessage().startsWith("cannot read "), e.getMessage());
    assertFalse(e.userError());
    Files.writeString(f, "require {\n  a.org/dep one\n}\n");
    PkgException bad = assertThrows(PkgException.class, () -> PkgManifest.read(f));
    assertTrue(bad.getMessage().startsWith(f + ":2: not a version: \"one\""), bad.getMessage());
  }

  private static String error(String text) {
    PkgException e = assertThrows(PkgException.class, () -> PkgManifest.parse("x.pkg", text), text);
    assertTrue(e.userError(), text);
    return e.getMessage();
  }

  @Test
  void errorsNameTheFileAndLine() {
    assertEquals("x.pkg:1: expected 'package PATH'", error("package\nrequire {\n}\n"));
    assertEquals("x.pkg:1: expected 'package PATH'", error("package a.org/b c\n"));
    assertEquals("x.pkg:3: expected 'require {' but found 'requires {'", error("-- c\n\nrequires {\n}\n"));
    assertEquals("x.pkg:2: expected 'require {' but found 'require {}'", error("package a.org/b\nrequire {}\n"));
    assertEquals("x.pkg:3: expected 'PACKAGE VERSION [#COMMIT]' but found 'a.org/c'",
        error("require {\n  a.org/b 1.0.0\n  a.org/c\n}\n"));
    assertEquals("x.pkg:2: expected 'PACKAGE VERSION [#COMMIT]' but found 'a.org/c 1.0.0 #ab extra'",
        error("require {\n  a.org/c 1.0.0 #ab extra\n}\n"));
    assertTrue(error("require {\n  a.org/b 1.0\n}\n").startsWith("x.pkg:2: not a version: \"1.0\""));
    assertEquals("x.pkg:2: expected '#COMMIT' but found 'abc'", error("require {\n  a.org/b 1.0.0 abc\n}\n"));
    assertEquals("x.pkg:2: expected '#COMMIT' but found '#'", error("require {\n  a.org/b 1.0.0 #\n}\n"));
    assertEquals("x.pkg:2: expected '#COMMIT' but found '#ab-cd'", error("require {\n  a.org/b 1.0.0 #ab-cd\n}\n"));
    assertEquals("x.pkg:4: unexpected 'a.org/c 1.0.0' after the require block",
        error("require {\n}\n-- fine\na.org/c 1.0.0\n"));
    assertEquals("x.pkg:3: unexpected 'require {' after the require block", error("require {\n}\nrequire {\n}\n"));
    // Reported where the block opens (the end of the file is no line of it).
    assertEquals("x.pkg:2: the require block has no closing '}'", error("package a.org/p\nrequire {\n  a.org/b 1.0.0\n"));
    assertEquals("x.pkg: package a.org/b is required twice", error("require {\n  a.org/b 1.0.0\n  a.org/b 2.0.0\n}\n"));
    // A bad package path is the path checker's error.
    // A bad package path is the path checker's error, at its line.
    assertTrue(error("require {\n  a.org/../b 1.0.0\n}\n").startsWith("x.pkg:2: not a valid package path: \"a.org/../b\""));
    assertTrue(error("package /abs\nrequire {\n}\n").startsWith("x.pkg:1: not a valid package path: \"/abs\""));
    assertEquals("x.pkg:2: not a valid package path: \"https://x.org/a\" (package paths look like github.com/user/repo,"
        + " without https://)", error("require {\n  https://x.org/a 1.0.0\n}\n"));
  }

  @Test
  void requirementsCompareByValue() {
    PkgManifest.Required r = new PkgManifest.Required("a.org/b", SemVer.of(1, 0, 0), null);
    assertEquals(r, new PkgManifest.Required("a.org/b", SemVer.parse("1.0.0"), null));
    assertFalse(r.equals(new PkgManifest.Required("a.org/b", SemVer.of(1, 0, 0), "abc")));
    PkgManifest m = PkgManifest.empty(null).with(r);
    assertSame(r, m.find("a.org/b"));
  }
}
