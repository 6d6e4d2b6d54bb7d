package io.github.futhark4j.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The results a code block shows in trailing comments ({@code double s = ...;   // 6.0},
 * {@code console.log(x);   // 32}, {@code print(xs)   # [2.0, 3.0]}), and the block rewritten so that
 * running it reports what each of those lines really gives: a call {@code __check(ID, value)} on the
 * same line (line numbers stay as in the document), which the language's prelude defines.
 */
final class Results {
  private Results() {}

  /** One shown result: the body line it is on (0-based) and the text after the comment marker. */
  record Expect(int id, int line, String expected) {}

  /** The instrumented code and the results it must report, by id. */
  record Instrumented(String code, Map<Integer, Expect> expects) {}

  private static final String NUMBER = "-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?";
  private static final Pattern RESULT = Pattern.compile(
      NUMBER + "|true|false|True|False|\\[[-\\d.eE, \\[\\]]*\\]");

  /** True when a comment's text is a shown value rather than an explanation. */
  static boolean isResult(String comment) {
    return RESULT.matcher(comment.strip()).matches();
  }

  // Java: a declaration with a shown value: `double d = ...;   // 32.0`
  private static final Pattern JAVA_DECL = Pattern.compile(
      "^(\\s*(?:final\\s+)?[\\w.<>\\[\\]?]+(?:\\s*<[^=]*>)?\\s+(\\w+)\\s*=.*;)\\s*//\\s*(.+?)\\s*$");
  // JavaScript: `console.log(expr);   // 32` or `const x = ...;   // 32`
  private static final Pattern JS_LOG = Pattern.compile("^(\\s*)console\\.log\\((.*)\\);?\\s*//\\s*(.+?)\\s*$");
  private static final Pattern JS_DECL = Pattern.compile("^(\\s*(?:const|let|var)\\s+(\\w+)\\s*=.*;)\\s*//\\s*(.+?)\\s*$");
  // Python: `print(expr)   # [2.0, 3.0]` or `x = ...   # 3`
  private static final Pattern PY_PRINT = Pattern.compile("^(\\s*)print\\((.*)\\)\\s*#\\s*(.+?)\\s*$");
  private static final Pattern PY_ASSIGN = Pattern.compile("^(\\s*(\\w+)\\s*=[^=].*?)\\s*#\\s*(.+?)\\s*$");
  // Any line with a trailing comment, to find shown results no pattern above handles.
  private static final Pattern SLASH_COMMENT = Pattern.compile("//\\s*([^/]+?)\\s*$");
  private static final Pattern HASH_COMMENT = Pattern.compile("#\\s*([^#]+?)\\s*$");

  /**
   * Rewrites a block's lines; a shown result on a line that cannot be rewritten is an error (so a
   * result in the documentation never goes unchecked).
   */
  static Instrumented instrument(String lang, List<String> lines, Markdown.Block block) {
    List<String> out = new ArrayList<>();
    Map<Integer, Expect> expects = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      String rewritten = null;
      String shown = null;
      Matcher m;
      switch (lang) {
        case "java" -> {
          if ((m = JAVA_DECL.matcher(l)).matches() && isResult(m.group(3))) {
            shown = m.group(3);
            rewritten = m.group(1) + " __check(" + expects.size() + ", " + m.group(2) + ");";
          }
        }
        case "js" -> {
          if ((m = JS_LOG.matcher(l)).matches() && isResult(m.group(3))) {
            shown = m.group(3);
            rewritten = m.group(1) + "__check(" + expects.size() + ", " + m.group(2) + ");";
          } else if ((m = JS_DECL.matcher(l)).matches() && isResult(m.group(3))) {
            shown = m.group(3);
            rewritten = m.group(1) + " __check(" + expects.size() + ", " + m.group(2) + ");";
          }
        }
        case "python" -> {
          if ((m = PY_PRINT.matcher(l)).matches() && isResult(m.group(3))) {
            shown = m.group(3);
            rewritten = m.group(1) + "__check(" + expects.size() + ", " + m.group(2) + ")";
          } else if ((m = PY_ASSIGN.matcher(l)).matches() && isResult(m.group(3))) {
            shown = m.group(3);
            rewritten = m.group(1) + "; __check(" + expects.size() + ", " + m.group(2) + ")";
          }
        }
        default -> throw new IllegalArgumentException(lang);
      }
      if (rewritten == null) {
        Matcher c = (lang.equals("python") ? HASH_COMMENT : SLASH_COMMENT).matcher(l);
        if (c.find() && isResult(c.group(1))) {
          throw new AssertionError(block.where(i) + ": the result '" + c.group(1) + "' is shown on a line this test"
              + " cannot check; show it on a declaration or a " + (lang.equals("python") ? "print(...)" : "console.log(...)")
              + " line");
        }
        out.add(l);
      } else {
        expects.put(expects.size(), new Expect(expects.size(), i, shown));
        out.add(rewritten);
      }
    }
    return new Instrumented(String.join("\n", out) + "\n", expects);
  }

  /**
   * Compares a shown value with what the code gave: numbers numerically (relative 1e-9, so that
   * {@code 6} and {@code 6.0} agree), everything else as text, ignoring spaces.
   */
  static boolean same(String shown, String got) {
    Pattern num = Pattern.compile(NUMBER);
    List<Double> a = new ArrayList<>();
    List<Double> b = new ArrayList<>();
    Matcher ma = num.matcher(shown);
    while (ma.find()) a.add(Double.parseDouble(ma.group()));
    Matcher mb = num.matcher(got);
    while (mb.find()) b.add(Double.parseDouble(mb.group()));
    String sa = shown.replaceAll(NUMBER, "#").replaceAll("\\s+", "");
    String sb = got.replaceAll(NUMBER, "#").replaceAll("\\s+", "");
    if (!sa.equals(sb) || a.size() != b.size()) return false;
    for (int i = 0; i < a.size(); i++) {
      double x = a.get(i), y = b.get(i);
      if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x))) return false;
    }
    return true;
  }

  /** The {@code CHECK id value} lines a run printed, by id. */
  static Map<Integer, String> reported(String output) {
    Map<Integer, String> got = new LinkedHashMap<>();
    for (String l : output.split("\n")) {
      if (!l.startsWith(MARKER)) continue;
      String rest = l.substring(MARKER.length());
      int sp = rest.indexOf(' ');
      got.put(Integer.parseInt(rest.substring(0, sp)), rest.substring(sp + 1));
    }
    return got;
  }

  /** What the preludes print before each reported value. */
  static final String MARKER = "@@DOCS-CHECK ";

  /** Checks every shown result against what was reported; returns the problems, one per line. */
  static List<String> compare(Markdown.Block block, Map<Integer, Expect> expects, Map<Integer, String> got) {
    List<String> problems = new ArrayList<>();
    for (Expect e : expects.values()) {
      String g = got.get(e.id());
      if (g == null) {
        problems.add(block.where(e.line()) + ": shows " + e.expected() + ", but the line never ran");
      } else if (!same(e.expected(), g)) {
        problems.add(block.where(e.line()) + ": shows " + e.expected() + ", but gives " + g);
      }
    }
    return problems;
  }
}
