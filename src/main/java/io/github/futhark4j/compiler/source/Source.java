package io.github.futhark4j.compiler.source;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * One Futhark source text with the name it is reported under. Line and column are computed only
 * when a position is rendered; everything else works on character offsets ({@link Span}).
 */
public final class Source {
  private final String name;
  private final String text;
  private final Path path;
  private volatile int[] lineStarts;

  /**
   * @param name the name shown in diagnostics (a file name, or {@code <eval>})
   * @param text the full source text
   * @param path the file it was read from, or {@code null}; imports are resolved relative to it
   */
  public Source(String name, String text, Path path) {
    this.name = Objects.requireNonNull(name, "name");
    this.text = Objects.requireNonNull(text, "text");
    this.path = path;
  }

  public Source(String name, String text) {
    this(name, text, null);
  }

  public String name() { return name; }

  public String text() { return text; }

  /** The file this source was read from, or {@code null} for an in-memory source. */
  public Path path() { return path; }

  /** 1-based line of a character offset. */
  public int line(int offset) {
    return lineIndex(offset) + 1;
  }

  /** 1-based column of a character offset. */
  public int column(int offset) {
    return clamp(offset) - lineStarts()[lineIndex(offset)] + 1;
  }

  /** The text of the 1-based line, without its terminator. */
  public String lineText(int line) {
    int[] starts = lineStarts();
    if (line < 1 || line > starts.length) return "";
    int start = starts[line - 1];
    int end = line < starts.length ? starts[line] : text.length();
    while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) end--;
    return text.substring(start, end);
  }

  private int clamp(int offset) {
    return Math.max(0, Math.min(offset, text.length()));
  }

  private int lineIndex(int offset) {
    int[] starts = lineStarts();
    int i = Arrays.binarySearch(starts, clamp(offset));
    return i >= 0 ? i : -i - 2;
  }

  private int[] lineStarts() {
    int[] s = lineStarts;
    if (s == null) {
      // indexOf, not a loop over charAt: the first compile of a JVM runs this in the interpreter
      // over the whole prelude (58 KB), where a call per character cost some 5 ms.
      s = new int[64];
      int n = 1;
      for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
        if (n == s.length) s = Arrays.copyOf(s, n * 2);
        s[n++] = i + 1;
      }
      s = Arrays.copyOf(s, n);
      lineStarts = s;
    }
    return s;
  }

  @Override
  public String toString() { return name; }
}
