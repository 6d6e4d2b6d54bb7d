package io.github.futhark4j.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** {@link SemVer}: the version forms futhark pkg writes, their order and their text. */
class SemVerTest {
  @Test
  void parsesAllThreeNumbersAndTheOptionalParts() {
    SemVer v = SemVer.parse("1.22.333");
    assertEquals(1, v.major());
    assertEquals(22, v.minor());
    assertEquals(333, v.patch());
    assertNull(v.prerelease());
    assertNull(v.build());
    assertEquals(SemVer.of(1, 22, 333), v);

    SemVer p = SemVer.parse("2.0.0-7");
    assertEquals("7", p.prerelease());
    assertNull(p.build());

    SemVer b = SemVer.parse("0.1.0+abc123");
    assertNull(b.prerelease());
    assertEquals("abc123", b.build());

    SemVer both = SemVer.parse("3.4.5-12+Zz9");
    assertEquals(new SemVer(3, 4, 5, "12", "Zz9"), both);
    assertEquals(SemVer.of(1, 2, 3), SemVer.parse("  1.2.3\n"), "surrounding blanks are ignored");
    assertEquals(SemVer.of(0, 0, 0), SemVer.parse("0.0.0"));
  }

  @Test
  void rejectsWhatIsNotXYZ() {
    for (String bad : new String[] {"", "1", "1.0", "1.0.0.0", "v1.0.0", "01.0.0", "1.02.0", "1.0.00", "-1.0.0",
        "1.0.0-", "1.0.0+", "1.0.0-01", "1.0.0-00", "1.0.0-alpha", "1.0.0-1.2", "1.0.0+a.b", "1.0.0+a-b", "1.0.0 x", "1. 0.0", "a.b.c"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SemVer.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("not a version: \"" + bad + "\""), e.getMessage());
      assertTrue(e.getMessage().contains("all three numbers"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> SemVer.parse(null));
    IllegalArgumentException big = assertThrows(IllegalArgumentException.class, () -> SemVer.parse("1.99999999999999999999.0"));
    assertEquals("version number too large: 1.99999999999999999999.0", big.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SemVer.of(-1, 0, 0));
    assertThrows(IllegalArgumentException.class, () -> new SemVer(0, 0, -3, null, null));
  }

  @Test
  void rendersAsParsedAndTagsWithV() {
    for (String s : new String[] {"0.0.0", "1.2.3", "10.20.30", "1.0.0-1", "1.0.0+b7", "0.0.0-20240305060708+d285563c"}) {
      assertEquals(s, SemVer.parse(s).toString());
    }
    assertEquals("v1.2.3", SemVer.of(1, 2, 3).tag());
    assertEquals("v1.0.0-2+x", SemVer.parse("1.0.0-2+x").tag());
    assertEquals("1.2.3", SemVer.parse(" 1.2.3 ").toString());
  }

  private static int cmp(String a, String b) {
    return Integer.signum(SemVer.parse(a).compareTo(SemVer.parse(b)));
  }

  @Test
  void ordersByNumbersNotByText() {
    assertEquals(-1, cmp("1.0.0", "1.0.1"));
    assertEquals(-1, cmp("1.0.9", "1.1.0"));
    assertEquals(-1, cmp("1.9.9", "2.0.0"));
    assertEquals(1, cmp("10.0.0", "9.0.0"), "numerically, not as strings");
    assertEquals(1, cmp("0.10.0", "0.9.0"));
    assertEquals(1, cmp("0.0.10", "0.0.9"));
    assertEquals(0, cmp("1.2.3", "1.2.3"));
  }

  @Test
  void aPreReleaseComesBeforeItsReleaseAndPreReleasesCompareNumerically() {
    assertEquals(-1, cmp("1.0.0-1", "1.0.0"));
    assertEquals(1, cmp("1.0.0", "1.0.0-99"));
    assertEquals(-1, cmp("1.0.0-2", "1.0.0-10"), "numerically, not as strings");
    assertEquals(1, cmp("1.0.0-1", "0.9.9"), "a pre-release is still after the versions before it");
    assertEquals(-1, cmp("1.0.0-123456789012345678901234567890", "1.0.0-123456789012345678901234567891"),
        "pre-releases beyond a long compare exactly");
  }

  @Test
  void theBuildTagOnlyBreaksTies() {
    assertEquals(-1, cmp("1.0.0", "1.0.0+a"), "no tag first");
    assertEquals(-1, cmp("1.0.0+a", "1.0.0+b"));
    assertEquals(-1, cmp("1.0.0+B", "1.0.0+a"), "tags compare as strings");
    assertEquals(-1, cmp("1.0.0+zzz", "1.0.1"), "numbers decide before the tag");
    assertEquals(-1, cmp("1.0.0-1+zzz", "1.0.0-2+aaa"), "the pre-release decides before the tag");
    assertEquals(-1, cmp("1.0.0-1+zzz", "1.0.0"), "a pre-release with a tag is still before the release");
  }

  @Test
  void sortingGivesTheFullOrder() {
    List<String> sorted = List.of("0.0.0-20200101000000+aaa", "0.0.0-20240101000000+aaa", "0.0.0", "0.0.1", "0.1.0-1",
        "0.1.0-2", "0.1.0-10", "0.1.0", "0.1.0+x", "0.2.0", "1.0.0", "1.0.10", "2.0.0", "10.0.0");
    List<SemVer> vs = new ArrayList<>(sorted.stream().map(SemVer::parse).toList());
    Collections.reverse(vs);
    Collections.sort(vs);
    assertEquals(sorted, vs.stream().map(SemVer::toString).toList());
    TreeMap<SemVer, String> m = new TreeMap<>();
    for (String s : sorted) m.put(SemVer.parse(s), s);
    assertEquals(sorted.size(), m.size(), "no two distinct versions compare equal");
    assertEquals("10.0.0", m.lastKey().toString());
  }

  @Test
  void commitVersionsNameACommitAndOrderByTime() {
    SemVer c = SemVer.ofCommit(Instant.parse("2024-03-05T06:07:08Z"), "d285563c25c5152b1ae80fc64de64ff2775fa733");
    assertEquals("0.0.0-20240305060708+d285563c25c5152b1ae80fc64de64ff2775fa733", c.toString());
    assertTrue(c.isCommitVersion());
    assertEquals("d285563c25c5152b1ae80fc64de64ff2775fa733", c.commit());
    assertEquals(c, SemVer.parse(c.toString()));
    // The stamp is UTC, whatever the local zone.
    assertEquals("0.0.0-19700101000000+abc", SemVer.ofCommit(Instant.EPOCH, "abc").toString());

    SemVer later = SemVer.ofCommit(Instant.parse("2024-03-05T06:07:09Z"), "0000000");
    assertTrue(c.compareTo(later) < 0, "an earlier commit first, whatever its hash");
    assertTrue(later.compareTo(SemVer.of(0, 0, 0)) < 0, "before every release");

    assertFalse(SemVer.parse("0.0.0-20240305060708").isCommitVersion(), "no commit");
    assertFalse(SemVer.parse("0.0.0+abc").isCommitVersion(), "no time");
    assertFalse(SemVer.parse("0.0.1-20240305060708+abc").isCommitVersion(), "not 0.0.0");
    assertFalse(SemVer.parse("1.0.0-1+abc").isCommitVersion());
    assertNull(SemVer.parse("1.0.0-1+abc").commit());
    assertNull(SemVer.of(1, 0, 0).commit());
  }
}
