package io.github.futhark4j.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PkgPath}: which package paths are valid, their repositories, URLs, majors and directories. */
class PkgPathTest {
  @Test
  void acceptsUrlsWithoutTheirProtocol() throws PkgException {
    for (String ok : new String[] {"github.com/user/repo", "example.org/a/b@2", "gitlab.com/x-y/z_w.fut",
        "host:8080/a/b", "github.com/~user/repo", "a", "a/b@0"}) {
      assertEquals(ok, PkgPath.check(ok));
    }
  }

  @Test
  void rejectsBadCharactersAndComponentsThatLeaveLib() {
    for (String bad : new String[] {"", "github.com/a b", "github.com/a\\b", "github.com/a?b", "github.com/ä/b",
        "github.com/a#b", "https://github.com/a/b", "/github.com/a", "github.com//a", "github.com/a/", "./a", "a/./b",
        "a/../b", "..", "github.com/a/.."}) {
      PkgException e = assertThrows(PkgException.class, () -> PkgPath.check(bad), bad);
      assertTrue(e.getMessage().startsWith("not a valid package path: \"" + bad + "\""), e.getMessage());
      assertTrue(e.userError(), bad);
    }
    PkgException none = assertThrows(PkgException.class, () -> PkgPath.check(null));
    assertTrue(none.userError());
    assertTrue(assertThrows(PkgException.class, () -> PkgPath.check("github.com/a b")).getMessage().contains("without https://"));
    assertTrue(assertThrows(PkgException.class, () -> PkgPath.check("a/../b")).getMessage().contains("'..'"));
  }

  @Test
  void aMajorVersionSuffixNamesTheMajorAndIsNotPartOfTheRepository() throws PkgException {
    assertEquals(List.of(0L, 1L), PkgPath.majors("github.com/a/b"));
    assertEquals(List.of(2L), PkgPath.majors("github.com/a/b@2"));
    assertEquals(List.of(0L), PkgPath.majors("github.com/a/b@0"));
    assertEquals(List.of(12L), PkgPath.majors("github.com/a@1/b@12"), "only the last @ counts");
    assertEquals(List.of(0L, 1L), PkgPath.majors("github.com/a/b@v2"), "not a number: not a suffix");
    assertEquals(List.of(0L, 1L), PkgPath.majors("@2"), "nothing before the @");

    assertEquals("github.com/a/b", PkgPath.repository("github.com/a/b@2"));
    assertEquals("github.com/a/b", PkgPath.repository("github.com/a/b"));
    assertEquals("github.com/a/b@v2", PkgPath.repository("github.com/a/b@v2"));
    assertEquals("github.com/a/b@", PkgPath.repository("github.com/a/b@"));
    assertEquals("github.com/a@1/b", PkgPath.repository("github.com/a@1/b@3"));

    assertEquals("https://github.com/a/b", PkgPath.url("github.com/a/b@2"));
    assertEquals("https://example.org/x", PkgPath.url("example.org/x"));
  }

  @Test
  void aMajorTooLargeIsRejected() {
    String path = "github.com/a/b@99999999999999999999";
    PkgException e = assertThrows(PkgException.class, () -> PkgPath.majors(path));
    assertEquals("not a valid major version in package path " + path, e.getMessage());
    assertTrue(e.userError());
    assertThrows(PkgException.class, () -> PkgPath.check(path));
  }

  @Test
  void filesGoUnderTheDirectoryOneComponentAtATime() {
    Path lib = Path.of("proj", "lib");
    assertEquals(Path.of("proj", "lib", "github.com", "user", "repo"), PkgPath.under(lib, "github.com/user/repo"));
    assertEquals(Path.of("proj", "lib", "example.org", "a", "b@2"), PkgPath.under(lib, "example.org/a/b@2"),
        "the major suffix is part of the directory");
  }
}
