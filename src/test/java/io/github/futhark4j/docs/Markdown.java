package io.github.futhark4j.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced code blocks of a Markdown file, with the check markers written as HTML comments on the
 * lines right above a block (invisible in rendered Markdown):
 *
 * <ul>
 *   <li>{@code <!-- no-check: REASON -->}: the block is not checked at all; the reason is required;
 *   <li>{@code <!-- compile-only: REASON -->}: the block is compiled (Java), parsed (JavaScript,
 *       Python) or type checked and its test blocks parsed (Futhark), but not run;
 *   <li>{@code <!-- check-with: CODE -->}: code in the block's language run before it (it may span
 *       lines): the definitions the text around the block assumes, such as the program {@code p}.
 * </ul>
 */
final class Markdown {
  private Markdown() {}

  enum Mark { NO_CHECK, COMPILE_ONLY, CHECK_WITH }

  /**
   * One fenced block.
   *
   * @param file     the Markdown file, relative to the repository
   * @param line     line of the opening fence (1-based)
   * @param lang     the info string's first word, lower case ({@code ""} when there is none)
   * @param body     the lines between the fences, without the fence's indentation
   * @param noCheck  the reason given by {@code no-check}, or null
   * @param compileOnly the reason given by {@code compile-only}, or null
   * @param setup    the code of {@code check-with}, or null
   */
  record Block(Path file, int line, String lang, List<String> body, String noCheck, String compileOnly, String setup) {
    String text() { return String.join("\n", body) + "\n"; }

    /** {@code README.md:9} */
    String where() { return file + ":" + line; }

    /** {@code README.md:12} for the block's {@code i}-th body line (0-based). */
    String where(int i) { return file + ":" + (line + 1 + i); }
  }

  private static final Pattern FENCE = Pattern.compile("^( *)(```+|~~~+)\\s*([A-Za-z0-9_+-]*)[^`]*$");
  private static final Pattern MARK = Pattern.compile("(?s)^<!--\\s*(no-check|compile-only|check-with)\\s*:(.*?)-->$");

  static List<Block> blocks(Path root, Path file) throws IOException {
    List<String> lines = Files.readAllLines(root.resolve(file));
    List<Block> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher open = FENCE.matcher(lines.get(i));
      if (!open.matches()) continue;
      int indent = open.group(1).length();
      String fence = open.group(2);
      String lang = open.group(3).toLowerCase();
      int j = i + 1;
      List<String> body = new ArrayList<>();
      while (j < lines.size() && !lines.get(j).strip().startsWith(fence)) {
        String l = lines.get(j);
        int k = 0;
        while (k < indent && k < l.length() && l.charAt(k) == ' ') k++;
        body.add(l.substring(k));
        j++;
      }
      if (j >= lines.size()) throw new IllegalStateException(file + ":" + (i + 1) + ": unclosed code block");
      String[] marks = new String[3];
      readMarks(lines, i, file, marks);
      out.add(new Block(file, i + 1, lang, List.copyOf(body), marks[0], marks[1], marks[2]));
      i = j;
    }
    return out;
  }

  /** Reads the HTML comments stacked directly above line {@code fence} (no blank line between). */
  private static void readMarks(List<String> lines, int fence, Path file, String[] marks) {
    int end = fence - 1;
    while (end >= 0 && lines.get(end).strip().endsWith("-->")) {
      int start = end;
      while (start >= 0 && !lines.get(start).strip().startsWith("<!--")) start--;
      if (start < 0) break;
      String comment = String.join("\n", lines.subList(start, end + 1)).strip();
      Matcher m = MARK.matcher(comment);
      if (m.matches()) {
        Mark kind = Mark.valueOf(m.group(1).toUpperCase().replace('-', '_'));
        String text = kind == Mark.CHECK_WITH ? dedent(m.group(2)) : m.group(2).strip().replaceAll("\\s+", " ");
        if (text.isBlank()) {
          throw new IllegalStateException(file + ":" + (start + 1) + ": '" + m.group(1) + ":' needs "
              + (kind == Mark.CHECK_WITH ? "code" : "a reason"));
        }
        marks[kind.ordinal()] = text;
      }
      end = start - 1;
    }
  }

  /** Removes the indentation common to all non-blank lines, and leading and trailing blank lines. */
  static String dedent(String s) {
    List<String> ls = new ArrayList<>(List.of(s.split("\n", -1)));
    while (!ls.isEmpty() && ls.get(0).isBlank()) ls.remove(0);
    while (!ls.isEmpty() && ls.get(ls.size() - 1).isBlank()) ls.remove(ls.size() - 1);
    int common = Integer.MAX_VALUE;
    for (String l : ls) {
      if (l.isBlank()) continue;
      int k = 0;
      while (k < l.length() && l.charAt(k) == ' ') k++;
      common = Math.min(common, k);
    }
    StringBuilder sb = new StringBuilder();
    for (String l : ls) sb.append(l.isBlank() ? "" : l.substring(common)).append('\n');
    return sb.toString();
  }
}
