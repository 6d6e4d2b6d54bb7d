package io.github.futhark4j.cli.spec;

import io.github.futhark4j.cli.spec.TestSpec.AutoOutput;
import io.github.futhark4j.cli.spec.TestSpec.CompileError;
import io.github.futhark4j.cli.spec.TestSpec.Expected;
import io.github.futhark4j.cli.spec.TestSpec.ExpectedError;
import io.github.futhark4j.cli.spec.TestSpec.Fixed;
import io.github.futhark4j.cli.spec.TestSpec.Gen;
import io.github.futhark4j.cli.spec.TestSpec.InFile;
import io.github.futhark4j.cli.spec.TestSpec.InputOutputs;
import io.github.futhark4j.cli.spec.TestSpec.Literal;
import io.github.futhark4j.cli.spec.TestSpec.Random;
import io.github.futhark4j.cli.spec.TestSpec.RandomOf;
import io.github.futhark4j.cli.spec.TestSpec.RunCases;
import io.github.futhark4j.cli.spec.TestSpec.RunTimeError;
import io.github.futhark4j.cli.spec.TestSpec.Script;
import io.github.futhark4j.cli.spec.TestSpec.Succeeds;
import io.github.futhark4j.cli.spec.TestSpec.TestRun;
import io.github.futhark4j.cli.spec.TestSpec.Values;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueFormatException;
import io.github.futhark4j.data.ValueGenerator.ShapedType;
import io.github.futhark4j.data.ValueReader;
import io.github.futhark4j.data.ValueWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the {@code -- ==} test blocks of a Futhark program.
 *
 * <p>A block starts at a line that is {@code --}, optional spaces and {@code ==} alone, and runs over
 * the following lines that start with {@code --}, up to the next such marker line. Everything outside blocks is ignored, so the
 * parser works on a copy of the file in which all of it, and the {@code --} prefixes, are blanked
 * out: offsets, lines and columns in that copy are those of the file.
 *
 * <p>The first block may hold {@code tags { ... }}, then either {@code error: REGEX} (a compile-time
 * failure; no further blocks allowed) or {@code entry: names} and run cases followed by
 * {@code structure} and {@code warning:} specs. Later blocks hold {@code entry:} and run cases. A run
 * case is {@code ["name"] [tags] input ({ values } | @ file) [output ({ values } | @ file) | auto
 * output | error: REGEX]}; with the tag {@code random} the braces hold types such as {@code [100]i32}.
 * A block may instead hold only {@code property: names...} lines (after the first block's tags):
 * entry points tested on random candidates.
 */
public final class SpecParser {
  private static final Pattern BLOCK_START = Pattern.compile("--[ \\t]*==[ \\t]*\\r?");

  private final String name;
  private final String text;
  private final char[] masked;
  private int pos;
  private int end;

  private SpecParser(String name, String text) {
    this.name = name;
    this.text = text;
    this.masked = new char[text.length()];
  }

  /** Parses the test blocks of a file. */
  public static TestSpec parseFile(Path file) throws IOException, SpecException {
    return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
  }

  /** Parses the test blocks of a program text; {@code name} is used in error messages. */
  public static TestSpec parse(String name, String text) throws SpecException {
    return new SpecParser(name, text).run();
  }

  private TestSpec run() throws SpecException {
    List<int[]> blocks = findBlocks();
    if (blocks.isEmpty()) return TestSpec.none();
    List<String> tags = List.of();
    List<InputOutputs> ios = new ArrayList<>();
    List<ExpectedError> warnings = new ArrayList<>();
    List<TestSpec.Structure> structures = new ArrayList<>();
    List<TestSpec.Property> properties = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      pos = blocks.get(b)[0];
      end = blocks.get(b)[1];
      if (b == 0) {
        tags = parseTags();
        skipWs();
        if (lookingAtKeyword("error:")) {
          pos += "error:".length();
          ExpectedError err = expectedError();
          expectBlockEnd();
          if (blocks.size() > 1) {
            throw error(blocks.get(1)[0], "no more test blocks are allowed after a block expecting a compile error");
          }
          return new TestSpec(tags, new CompileError(err));
        }
      }
      skipWs();
      if (lookingAtKeyword("property:")) {
        properties.addAll(properties());
        if (pos < end) {
          throw error(pos, "unexpected '" + word() + "' after the 'property:' lines: a test block with them holds nothing else");
        }
        continue;
      }
      ios.addAll(inputOutputs());
      while (true) {
        skipWs();
        if (lookingAtKeyword("structure")) {
          int at = pos;
          pos += "structure".length();
          skipWs();
          String mode = pos < end && masked[pos] != '{' ? word() : "";
          skipWs();
          int[] r = braced("structure");
          structures.add(structure(mode, new String(masked, r[0], r[1] - r[0]), line(at)));
        } else if (lookingAtKeyword("warning:")) {
          pos += "warning:".length();
          warnings.add(expectedError());
        } else {
          break;
        }
      }
      expectBlockEnd();
    }
    checkNames(ios);
    return new TestSpec(tags, new RunCases(List.copyOf(ios), List.copyOf(structures), List.copyOf(warnings),
        List.copyOf(properties)));
  }

  /**
   * The {@code property: names...} lines of a block, each with at least one name (futhark test
   * allows nothing else in such a block but the first block's tags).
   */
  private List<TestSpec.Property> properties() throws SpecException {
    List<TestSpec.Property> out = new ArrayList<>();
    while (lookingAtKeyword("property:")) {
      pos += "property:".length();
      int at = pos;
      String names = restOfLine().trim();
      if (names.isEmpty()) throw error(at, "expected entry point names after 'property:'");
      for (String n : names.split("\\s+")) out.add(new TestSpec.Property(n));
      skipWs();
    }
    return out;
  }

  private static final Pattern STRUCTURE_PATH = Pattern.compile("/?[A-Za-z0-9_]+(/[A-Za-z0-9_]+)*");

  /**
   * The pairs of a path and a count between the braces of a {@code structure} spec. Text that is
   * not such pairs is kept as the spec's problem rather than rejected, since structure specs are
   * checked only on request.
   */
  private static TestSpec.Structure structure(String mode, String body, int line) {
    String[] words = body.trim().isEmpty() ? new String[0] : body.trim().split("\\s+");
    List<TestSpec.Count> counts = new ArrayList<>();
    for (int i = 0; i < words.length; i += 2) {
      if (!STRUCTURE_PATH.matcher(words[i]).matches()) {
        return new TestSpec.Structure(mode, List.of(), line, "'" + words[i] + "' is not a construct's path");
      }
      if (i + 1 >= words.length || !words[i + 1].matches("\\d{1,9}")) {
        return new TestSpec.Structure(mode, List.of(), line, "expected a count after '" + words[i] + "'");
      }
      counts.add(new TestSpec.Count(words[i], Integer.parseInt(words[i + 1])));
    }
    return new TestSpec.Structure(mode, List.copyOf(counts), line, null);
  }

  /** Finds the blocks and fills {@link #masked}; returns their [start, end) ranges. */
  private List<int[]> findBlocks() {
    java.util.Arrays.fill(masked, ' ');
    List<int[]> blocks = new ArrayList<>();
    int lineStart = 0;
    int blockStart = -1;
    while (lineStart <= text.length()) {
      int nl = text.indexOf('\n', lineStart);
      int lineEnd = nl < 0 ? text.length() : nl;
      String line = text.substring(lineStart, lineEnd);
      if (nl >= 0) masked[nl] = '\n';
      boolean marker = BLOCK_START.matcher(line).matches();
      if (blockStart >= 0 && marker) {
        // A marker line inside a block starts the next block. futhark wants a non-comment line in
        // between; accepting both costs nothing and reads naturally.
        blocks.add(new int[] {blockStart, lineStart});
        blockStart = -1;
      } else if (blockStart >= 0 && line.startsWith("--")) {
        for (int i = lineStart + 2; i < lineEnd; i++) masked[i] = text.charAt(i);
      } else if (blockStart >= 0) {
        blocks.add(new int[] {blockStart, lineStart});
        blockStart = -1;
      }
      if (blockStart < 0 && marker) {
        blockStart = nl < 0 ? text.length() : nl;
      }
      if (nl < 0) break;
      lineStart = nl + 1;
    }
    if (blockStart >= 0) blocks.add(new int[] {blockStart, text.length()});
    return blocks;
  }

  private List<String> parseTags() throws SpecException {
    skipWs();
    if (!lookingAtKeyword("tags")) return List.of();
    pos += 4;
    skipWs();
    int[] r = braced("tags");
    List<String> tags = new ArrayList<>();
    for (String t : new String(masked, r[0], r[1] - r[0]).trim().split("\\s+")) {
      if (t.isEmpty()) continue;
      if (!t.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '-')) {
        throw error(r[0], "bad tag '" + t + "': tags are letters, digits, '-' and '_'");
      }
      tags.add(t);
    }
    return List.copyOf(tags);
  }

  private List<InputOutputs> inputOutputs() throws SpecException {
    skipWs();
    List<String> entries = List.of("main");
    boolean explicit = lookingAtKeyword("entry:");
    if (explicit) {
      int at = pos;
      pos += "entry:".length();
      String names = restOfLine().trim();
      if (names.isEmpty()) throw error(at, "expected entry point names after 'entry:'");
      entries = List.of(names.split("\\s+"));
    }
    List<TestRun> runs = runCases();
    List<InputOutputs> out = new ArrayList<>();
    if (!runs.isEmpty()) for (String e : entries) out.add(new InputOutputs(e, runs, explicit));
    return out;
  }

  private List<TestRun> runCases() throws SpecException {
    List<TestRun> runs = new ArrayList<>();
    while (true) {
      skipWs();
      int start = pos;
      String caseName = null;
      if (pos < end && masked[pos] == '"') caseName = stringLiteral();
      List<String> tags = new ArrayList<>();
      while (true) {
        skipWs();
        int save = pos;
        String w = tagWord();
        if (w.isEmpty() || w.equals("input") || w.equals("structure") || (pos < end && masked[pos] == ':')) {
          pos = save;
          break;
        }
        tags.add(w);
      }
      skipWs();
      if (!lookingAtKeyword("input")) {
        if (caseName != null || !tags.isEmpty()) {
          throw error(pos, "expected 'input' after " + (tags.isEmpty() ? "the dataset name" : "'" + tags.getLast() + "'")
              + ", found " + describeAt(pos));
        }
        pos = start;
        return runs;
      }
      pos += "input".length();
      skipWs();
      Values input;
      if (tags.contains("random")) input = randomValues();
      else if (tags.contains("script")) input = scriptValues();
      else input = values("input");
      Expected expected = expected();
      int index = runs.size();
      String desc = caseName != null ? caseName : describe(index, input);
      runs.add(new TestRun(List.copyOf(tags), input, expected, index, desc, line(start)));
    }
  }

  private Expected expected() throws SpecException {
    skipWs();
    if (lookingAtKeyword("auto")) {
      pos += 4;
      skipWs();
      if (!lookingAtKeyword("output")) throw error(pos, "expected 'output' after 'auto', found " + describeAt(pos));
      pos += 6;
      return new AutoOutput();
    }
    if (lookingAtKeyword("output")) {
      pos += 6;
      skipWs();
      return new Succeeds(values("output"));
    }
    if (lookingAtKeyword("error:")) {
      pos += 6;
      return new RunTimeError(expectedError());
    }
    return new Succeeds(null);
  }

  private Values values(String what) throws SpecException {
    if (pos < end && masked[pos] == '@') {
      pos++;
      skipWs();
      String file = word();
      if (file.isEmpty()) throw error(pos, "expected a file name after '@'");
      return new InFile(file);
    }
    int[] r = braced(what);
    return new Literal(readValues(r[0], r[1]),
        new TestSpec.Text(name, new String(masked, r[0], r[1] - r[0]), line(r[0]), column(r[0])));
  }

  private List<Value> readValues(int from, int to) throws SpecException {
    String sub = new String(masked, from, to - from);
    byte[] bytes = sub.getBytes(StandardCharsets.UTF_8);
    try {
      return new ValueReader(bytes, 0, bytes.length, name, line(from), column(from)).readAll();
    } catch (ValueFormatException e) {
      throw new SpecException(e.getMessage(), e);
    }
  }

  private Values randomValues() throws SpecException {
    int[] r = braced("random input");
    List<Gen> gens = new ArrayList<>();
    int p = r[0];
    while (p < r[1]) {
      while (p < r[1] && Character.isWhitespace(masked[p])) p++;
      int s = p;
      while (p < r[1] && !Character.isWhitespace(masked[p])) p++;
      if (s == p) break;
      String tok = new String(masked, s, p - s);
      String elem = tok.replaceAll("^(\\[[^\\]]*\\])*", "");
      if (ScalarType.parse(elem) != null) {
        try {
          gens.add(new RandomOf(ShapedType.parse(tok)));
        } catch (IllegalArgumentException e) {
          throw error(s, e.getMessage());
        }
      } else {
        List<Value> vs = readValues(s, p);
        if (vs.size() != 1 || !vs.get(0).isScalar()) throw error(s, "expected a type or a scalar in random input, found '" + tok + "'");
        gens.add(new Fixed(vs.get(0)));
      }
    }
    return new Random(List.copyOf(gens));
  }

  private Values scriptValues() throws SpecException {
    if (pos < end && masked[pos] == '@') {
      pos++;
      skipWs();
      return new Script("@" + word());
    }
    int[] r = braced("script input");
    return new Script(new String(masked, r[0], r[1] - r[0]).trim());
  }

  private ExpectedError expectedError() throws SpecException {
    int at = pos;
    String regex = restOfLine().trim();
    if (regex.isEmpty()) return new ExpectedError(null);
    try {
      Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw error(at, "bad regular expression '" + regex + "': " + e.getDescription());
    }
    return new ExpectedError(regex);
  }

  /** Futhark's dataset names: {@code #i ("values")} cut at 50 characters, the file, or the types. */
  static String describe(int index, Values input) {
    return switch (input) {
      case InFile f -> f.path().endsWith(".gz") ? f.path().substring(0, f.path().length() - 3) : f.path();
      case Literal l -> {
        StringBuilder sb = new StringBuilder();
        for (Value v : l.values()) {
          if (!sb.isEmpty()) sb.append(' ');
          sb.append(ValueWriter.text(v));
          if (sb.length() > 50) break;
        }
        String s = sb.length() > 50 ? sb.substring(0, 50) + "..." : sb.toString();
        yield "#" + index + " (\"" + s + "\")";
      }
      case Random r -> String.join(" ", r.gens().stream().map(g -> switch (g) {
        case RandomOf t -> t.type().toString();
        case Fixed f -> ValueWriter.text(f.value());
      }).toList());
      case Script s -> s.text();
    };
  }

  private void checkNames(List<InputOutputs> ios) throws SpecException {
    for (InputOutputs io : ios) {
      Set<String> seen = new HashSet<>();
      for (TestRun r : io.runs()) {
        if (!seen.add(r.description())) throw new SpecException(name + ":" + r.line() + ": multiple datasets with name \"" + r.description() + "\"");
      }
    }
  }

  // ---- lexical helpers on the masked text --------------------------------------------------------

  private void skipWs() {
    while (pos < end && Character.isWhitespace(masked[pos])) pos++;
  }

  private boolean lookingAtKeyword(String kw) {
    if (pos + kw.length() > end) return false;
    for (int i = 0; i < kw.length(); i++) if (masked[pos + i] != kw.charAt(i)) return false;
    int after = pos + kw.length();
    return kw.endsWith(":") || after >= end || !isTagChar(masked[after]);
  }

  private static boolean isTagChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-';
  }

  private String tagWord() {
    int s = pos;
    while (pos < end && isTagChar(masked[pos])) pos++;
    return new String(masked, s, pos - s);
  }

  private String word() {
    int s = pos;
    while (pos < end && !Character.isWhitespace(masked[pos])) pos++;
    return new String(masked, s, pos - s);
  }

  private String restOfLine() {
    int s = pos;
    while (pos < end && masked[pos] != '\n') pos++;
    return new String(masked, s, pos - s);
  }

  /** Reads {@code { ... }} (the closing brace not inside a string) and returns the content range. */
  private int[] braced(String what) throws SpecException {
    if (pos >= end || masked[pos] != '{') throw error(pos, "expected '{' or '@' after '" + what + "', found " + describeAt(pos));
    int open = pos++;
    boolean inString = false;
    while (pos < end) {
      char c = masked[pos];
      if (inString && c == '\\') pos++;
      else if (c == '"') inString = !inString;
      else if (c == '}' && !inString) {
        int[] r = {open + 1, pos};
        pos++;
        return r;
      }
      pos++;
    }
    throw error(open, "no '}' closes this '{' in the test block");
  }

  private String stringLiteral() throws SpecException {
    int open = pos++;
    StringBuilder sb = new StringBuilder();
    while (pos < end && masked[pos] != '"' && masked[pos] != '\n') {
      if (masked[pos] == '\\' && pos + 1 < end) pos++;
      sb.append(masked[pos++]);
    }
    if (pos >= end || masked[pos] != '"') throw error(open, "unterminated dataset name");
    pos++;
    return sb.toString();
  }

  private void expectBlockEnd() throws SpecException {
    skipWs();
    if (pos < end && lookingAtKeyword("property:")) {
      throw error(pos, "'property:' lines need a test block of their own: start a new block ('-- ==') for them");
    }
    if (pos < end) throw error(pos, "unexpected '" + word() + "' in test block");
  }

  private String describeAt(int at) {
    if (at >= end) return "end of test block";
    int s = at;
    int e = at;
    while (e < end && !Character.isWhitespace(masked[e])) e++;
    return "'" + new String(masked, s, Math.max(1, e - s)) + "'";
  }

  private int line(int offset) {
    int l = 1;
    for (int i = 0; i < offset && i < text.length(); i++) if (text.charAt(i) == '\n') l++;
    return l;
  }

  private int column(int offset) {
    int ls = text.lastIndexOf('\n', Math.max(0, offset - 1));
    if (offset == 0) return 1;
    return offset - (ls + 1) + 1;
  }

  private SpecException error(int offset, String msg) {
    return new SpecException(name + ":" + line(offset) + ":" + column(offset) + ": " + msg);
  }
}
