package io.github.futhark4j.compiler.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SourceTest {
  @Test
  void linesAndColumnsOfEveryOffset() {
    String text = "ab\n\ncd\r\nefg\n" + "x\n".repeat(200) + "last";
    Source s = new Source("t.fut", text);
    int line = 1, col = 1;
    for (int i = 0; i <= text.length(); i++) {
      assertEquals(line, s.line(i), "line of " + i);
      assertEquals(col, s.column(i), "column of " + i);
      if (i < text.length() && text.charAt(i) == '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    assertEquals("cd", s.lineText(3));
    assertEquals("last", s.lineText(205));
    assertEquals("", s.lineText(2));
    assertEquals("", s.lineText(206));
    assertEquals(1, new Source("e", "").line(0));
  }
}
