package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ArgsTest {
  private static Args spec() {
    return new Args().flag("-v", "--verbose").option("-e", "--entry-point").option("--exclude").option("-r", "--runs");
  }

  @Test
  void spellingsAndForms() throws Exception {
    Args a = spec().parse(List.of("prog.fut", "--verbose", "--entry-point=foo", "-r5", "--exclude", "x",
        "--exclude=y", "other"));
    assertTrue(a.has("-v"));
    assertEquals("foo", a.value("-e", "main"));
    assertEquals(5, a.intValue("-r", 10, 1));
    assertEquals(List.of("x", "y"), a.values("--exclude"));
    assertEquals(List.of("prog.fut", "other"), a.positional());
  }

  @Test
  void defaultsAndLastValueWins() throws Exception {
    Args a = spec().parse(List.of("-e", "a", "-e", "b"));
    assertEquals("b", a.value("-e", null));
    assertEquals(10, a.intValue("-r", 10, 1));
    assertFalse(a.has("-v"));
  }

  @Test
  void doubleDashEndsOptions() throws Exception {
    Args a = spec().parse(List.of("--", "-v", "-"));
    assertFalse(a.has("-v"));
    assertEquals(List.of("-v", "-"), a.positional());
  }

  @Test
  void errors() {
    assertTrue(assertThrows(UsageException.class, () -> spec().parse(List.of("--nope"))).getMessage().contains("unknown option --nope"));
    assertTrue(assertThrows(UsageException.class, () -> spec().parse(List.of("-e"))).getMessage().contains("needs a value"));
    assertTrue(assertThrows(UsageException.class, () -> spec().parse(List.of("--verbose=1"))).getMessage().contains("takes no value"));
    assertThrows(UsageException.class, () -> spec().parse(List.of("-r", "x")).intValue("-r", 1, 1));
    assertThrows(UsageException.class, () -> spec().parse(List.of("-r", "0")).intValue("-r", 1, 1));
    assertThrows(UsageException.class, () -> spec().parse(List.of("-vx")));
  }
}
