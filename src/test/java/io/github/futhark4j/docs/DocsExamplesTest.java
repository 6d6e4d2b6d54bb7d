package io.github.futhark4j.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.cli.Cli;
import io.github.futhark4j.cli.Commands;
import io.github.futhark4j.cli.Main;
import io.github.futhark4j.cli.spec.SpecParser;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueComparator;
import io.github.futhark4j.data.ValueFormatException;
import io.github.futhark4j.data.ValueReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.io.IOAccess;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example of {@code README.md} and {@code docs/*.md}, checked the way a reader would use it,
 * one dynamic test per code block (named by file and line):
 *
 * <ul>
 *   <li>{@code java}: compiled with the JDK's compiler against the test class path (inside a method;
 *       leading {@code import}s go to the top, and the packages of the public API, the polyglot
 *       API and {@code javax.script} are imported) and run; a result shown in a trailing comment of
 *       a declaration ({@code double s = ...;   // 6.0}) is compared with the variable's value;
 *   <li>{@code js}, {@code python}: run in a GraalJS or GraalPy context that permits the
 *       {@code futhark} language, as {@code scripts/futhark4j js|python} runs scripts; results shown
 *       on {@code console.log(...)} / {@code print(...)} lines are compared with what they print;
 *   <li>{@code futhark}: compiled with the built-in compiler; its {@code -- ==} test blocks are parsed
 *       and run by {@code futhark4j test} (so {@code output} lines are compared);
 *   <li>{@code sh}: every {@code futhark4j} command line runs through {@link Main} in-process, with
 *       the input an {@code echo ... |} gives it, and must succeed; a result shown in its trailing
 *       {@code #} comment (in the value syntax, {@code # 3.0f64}) is compared with what it prints.
 *       Commands that need the network ({@code pkg add/sync/upgrade/versions}), that only the
 *       launcher script has ({@code selftest}, {@code jmh}, {@code spark-demo}: Maven builds), or
 *       that another test already runs as written ({@code test src/test/fut}: {@code CorpusTest};
 *       {@code fuzz --cases 300}: {@code FuzzCommandTest}) or that take hours (the 10,000-case
 *       fuzzer run) are reported and not run; files they name must still exist. Lines that are no
 *       {@code futhark4j} command ({@code bench/run.sh}, {@code git config}, {@code spark-submit})
 *       are reported and not run;
 *   <li>{@code json}: parsed.
 * </ul>
 *
 * Blocks without a language (diagrams, output, usage synopses) are not examples. A block may be
 * marked {@code no-check}, {@code compile-only} or given {@code check-with} set-up code (see
 * {@link Markdown}); markers need a reason.
 */
@Tag("native")
class DocsExamplesTest {
  static final Path ROOT = Path.of("").toAbsolutePath();

  static {
    // Contexts that Java examples build themselves warn that Truffle runs interpreter-only.
    System.setProperty("polyglot.engine.WarnInterpreterOnly", "false");
  }

  @TempDir static Path tmp;

  static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(p -> docs.add(ROOT.relativize(p)));
    }
    return docs;
  }

  static List<Markdown.Block> allBlocks() throws IOException {
    List<Markdown.Block> out = new ArrayList<>();
    for (Path d : documents()) out.addAll(Markdown.blocks(ROOT, d));
    return out;
  }

  @TestFactory
  List<DynamicTest> everyExample() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Markdown.Block b : allBlocks()) {
      if (!isExample(b)) continue;
      String name = b.where() + " " + b.lang()
          + (b.noCheck() != null ? " (not checked: " + b.noCheck() + ")"
              : b.compileOnly() != null ? " (compiled only: " + b.compileOnly() + ")" : "");
      tests.add(DynamicTest.dynamicTest(name, () -> check(b)));
    }
    return tests;
  }

  /** The languages this test checks. */
  static final List<String> LANGUAGES = List.of("java", "js", "python", "futhark", "sh", "json", "xml");

  /** A block with a language is an example (one in a language this test cannot check fails). */
  static boolean isExample(Markdown.Block b) {
    return !b.lang().isEmpty();
  }

  static void check(Markdown.Block b) throws Exception {
    if (b.noCheck() != null) return; // the reason is in the test's name
    switch (b.lang()) {
      case "java" -> Java.check(b);
      case "js", "python" -> Guest.check(b);
      case "futhark" -> checkFuthark(b);
      case "sh" -> Shell.check(b);
      case "json" -> new ObjectMapper().readTree(b.text());
      case "xml" -> javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
          .parse(new org.xml.sax.InputSource(new java.io.StringReader(b.text()))); // well-formed
      default -> fail(b.where() + ": this test cannot check a '" + b.lang() + "' block; write it in one of " + LANGUAGES
          + ", leave the language out if it is no example (output, a synopsis), or mark it no-check with the reason");
    }
  }

  /** The documents have examples of every kind this test checks (so a broken extractor fails). */
  @Test
  void examplesAreFound() throws IOException {
    List<Markdown.Block> bs = allBlocks();
    for (String lang : LANGUAGES) {
      assertTrue(bs.stream().anyMatch(b -> b.lang().equals(lang) && b.noCheck() == null), "no checked " + lang + " block");
    }
    assertTrue(bs.stream().filter(b -> b.file().equals(Path.of("README.md")) && isExample(b)).count() >= 5);
  }

  /**
   * Commands named in running text ({@code `scripts/futhark4j jmh`}, {@code `futhark4j pkg sync`})
   * exist: in {@link Main} or in the launcher script.
   */
  @Test
  void commandsNamedInTheTextExist() throws IOException {
    Pattern inline = Pattern.compile("`(?:scripts/)?futhark4j ([a-z][a-z-]*)");
    String launcher = Files.readString(ROOT.resolve("scripts/futhark4j"));
    List<String> problems = new ArrayList<>();
    int seen = 0;
    for (Path d : documents()) {
      List<String> lines = Files.readAllLines(ROOT.resolve(d));
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = inline.matcher(lines.get(i));
        while (m.find()) {
          seen++;
          String cmd = m.group(1);
          if (Commands.find(cmd).isEmpty() && !launcher.contains("\n  " + cmd + ")")) {
            problems.add(d + ":" + (i + 1) + ": futhark4j has no command " + cmd);
          }
        }
      }
    }
    assertTrue(seen > 10, "found only " + seen + " commands in the text");
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /**
   * Files of the repository that the documents name ({@code scripts/examples/kernel.js},
   * {@code src/test/fut/...}) exist; paths with a placeholder in capitals ({@code bench/fut/NAME.fut})
   * are templates, and {@code docs/} is also a test package ({@code docs/DocsExamplesTest}).
   */
  @Test
  void filesNamedInTheDocumentsExist() throws IOException {
    Pattern path = Pattern.compile("\\b(?:scripts|src|spark/src|bench|docs)/[A-Za-z0-9_./-]*[A-Za-z0-9_]");
    Pattern placeholder = Pattern.compile("(^|/)[A-Z][A-Z_]+(\\.|/|$)");
    List<String> problems = new ArrayList<>();
    int seen = 0;
    for (Path d : documents()) {
      List<String> lines = Files.readAllLines(ROOT.resolve(d));
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = path.matcher(lines.get(i));
        while (m.find()) {
          String p = m.group();
          if (placeholder.matcher(p).find()) continue;
          // docs/X without an extension is a test class of the package docs (docs/DocsExamplesTest)
          if (p.startsWith("docs/") && !p.substring(p.lastIndexOf('/')).contains(".")) continue;
          seen++;
          if (!Files.exists(ROOT.resolve(p))) problems.add(d + ":" + (i + 1) + ": names " + p + ", which does not exist");
        }
      }
    }
    assertTrue(seen > 10, "found only " + seen + " paths");
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  /** Markers must sit directly above a block, else they would silently mark nothing. */
  @Test
  void everyMarkerBelongsToABlock() throws IOException {
    Pattern marker = Pattern.compile("^\\s*<!--\\s*(no-check|compile-only|check-with)\\s*:");
    for (Path d : documents()) {
      List<String> lines = Files.readAllLines(ROOT.resolve(d));
      long markers = lines.stream().filter(l -> marker.matcher(l).find()).count();
      long used = Markdown.blocks(ROOT, d).stream()
          .mapToLong(b -> (b.noCheck() != null ? 1 : 0) + (b.compileOnly() != null ? 1 : 0) + (b.setup() != null ? 1 : 0)).sum();
      assertEquals(markers, used, d + ": a check marker that is not directly above a code block");
    }
  }

  // ---- Futhark ----------------------------------------------------------------------------------

  static void checkFuthark(Markdown.Block b) throws Exception {
    Path file = Files.createTempDirectory(tmp, "fut").resolve("example.fut");
    Files.writeString(file, b.text());
    boolean hasTests = b.body().stream().anyMatch(l -> l.strip().equals("-- =="));
    if (hasTests) SpecParser.parseFile(file); // a malformed test block fails here
    if (b.compileOnly() != null || !hasTests) {
      try (FutharkProgram p = Futhark.compile(b.text())) {
        assertTrue(p.entryPoints() != null);
      }
      return;
    }
    Shell.Run r = Shell.main(List.of("test", file.toString()), "");
    assertEquals(0, r.code(), () -> b.where() + ": futhark4j test failed:\n" + r.out() + r.err());
  }

  // ---- Java -------------------------------------------------------------------------------------

  /** Java snippets as the body of a static method, compiled with javax.tools and run. */
  static final class Java {
    static final List<String> IMPORTS = List.of("java.io.*", "java.nio.file.*", "java.util.*", "javax.script.*",
        "io.github.futhark4j.*", "io.github.futhark4j.polyglot.*", "org.graalvm.polyglot.*");

    static void check(Markdown.Block b) throws Exception {
      List<String> body = new ArrayList<>(b.body());
      List<String> imports = new ArrayList<>();
      for (int i = 0; i < body.size(); i++) {
        if (body.get(i).startsWith("import ")) {
          imports.add(body.get(i));
          body.set(i, "");
        }
      }
      Results.Instrumented code = Results.instrument("java", body, b);
      StringBuilder src = new StringBuilder();
      for (String i : IMPORTS) src.append("import ").append(i).append(";\n");
      for (String i : imports) src.append(i).append('\n');
      src.append("public class Snippet {\n")
          .append("  public static final Map<Integer, String> CHECKS = new LinkedHashMap<>();\n")
          .append("  static void __check(int id, Object v) {\n")
          .append("    String s = Arrays.deepToString(new Object[] {v});\n")
          .append("    CHECKS.put(id, s.substring(1, s.length() - 1));\n")
          .append("  }\n")
          .append("  public static void run() throws Throwable {\n");
      if (b.setup() != null) src.append(b.setup());
      int bodyStart = src.toString().split("\n", -1).length; // 1-based line of the body's first line
      src.append(code.code()).append("  }\n}\n");

      Path dir = Files.createTempDirectory(tmp, "java");
      Path file = dir.resolve("Snippet.java");
      Files.writeString(file, src);
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
      try (StandardJavaFileManager fm = javac.getStandardFileManager(diags, null, StandardCharsets.UTF_8)) {
        StringWriter log = new StringWriter();
        boolean ok = javac.getTask(log, fm, diags,
            List.of("-d", dir.toString(), "-classpath", System.getProperty("java.class.path"), "-proc:none", "-Xlint:none",
                "-implicit:none"),
            null, fm.getJavaFileObjects(file)).call();
        if (!ok) {
          StringBuilder msg = new StringBuilder(b.where() + ": the Java example does not compile:\n");
          for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) continue;
            long line = d.getLineNumber() - bodyStart;
            msg.append(line >= 0 ? b.where((int) line) : "check-with (line " + d.getLineNumber() + " of the wrapper)")
                .append(": ").append(d.getMessage(null)).append('\n');
          }
          fail(msg + log.toString() + "\n--- wrapper ---\n" + src);
        }
      }
      if (b.compileOnly() != null) return;
      try (URLClassLoader cl = new URLClassLoader(new URL[] {dir.toUri().toURL()}, DocsExamplesTest.class.getClassLoader())) {
        Class<?> c = cl.loadClass("Snippet");
        Method run = c.getMethod("run");
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(cl);
        try {
          run.invoke(null);
        } catch (InvocationTargetException e) {
          throw new AssertionError(b.where() + ": the Java example failed: " + e.getCause(), e.getCause());
        } finally {
          Thread.currentThread().setContextClassLoader(before);
        }
        @SuppressWarnings("unchecked")
        Map<Integer, String> got = (Map<Integer, String>) c.getField("CHECKS").get(null);
        List<String> problems = Results.compare(b, code.expects(), got);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
      }
    }
  }

  // ---- JavaScript and Python --------------------------------------------------------------------

  /** JavaScript and Python examples in a context like the one {@code scripts/futhark4j js|python} gives. */
  static final class Guest {
    static final String JS_PRELUDE = "function __check(i, ...vs) { console.log('" + Results.MARKER
        + "' + i + ' ' + vs.map(String).join(' ')); }\n";
    static final String PY_PRELUDE = "def __check(i, *vs):\n    print('" + Results.MARKER
        + "' + str(i) + ' ' + ' '.join(str(v) for v in vs))\n";

    /** One engine for every guest context, so that JavaScript and Python start up once. */
    static final Engine ENGINE = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build();

    static Context context(String lang, ByteArrayOutputStream out) {
      return Context.newBuilder(lang, "futhark")
          .engine(ENGINE)
          .allowPolyglotAccess(PolyglotAccess.ALL)
          .allowIO(IOAccess.ALL)
          .allowHostAccess(HostAccess.newBuilder(HostAccess.EXPLICIT).allowBufferAccess(true).build())
          .out(out).err(out)
          .build();
    }

    static void check(Markdown.Block b) throws IOException {
      String lang = b.lang();
      Results.Instrumented code = Results.instrument(lang, b.body(), b);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (Context ctx = context(lang, out)) {
        if (b.compileOnly() != null) {
          ctx.parse(Source.newBuilder(lang, b.text(), b.where()).build());
          return;
        }
        try {
          ctx.eval(Source.newBuilder(lang, lang.equals("js") ? JS_PRELUDE : PY_PRELUDE, "prelude").build());
          if (b.setup() != null) ctx.eval(Source.newBuilder(lang, b.setup(), b.where() + " check-with").build());
          ctx.eval(Source.newBuilder(lang, code.code(), b.where()).build());
        } catch (PolyglotException e) {
          String at = e.getSourceLocation() == null ? "" : " (line " + e.getSourceLocation().getStartLine() + " of "
              + e.getSourceLocation().getSource().getName() + ")";
          fail(b.where() + ": the " + lang + " example failed" + at + ": " + e.getMessage() + "\noutput:\n"
              + out.toString(StandardCharsets.UTF_8));
        }
      }
      String printed = out.toString(StandardCharsets.UTF_8);
      List<String> problems = Results.compare(b, code.expects(), Results.reported(printed));
      assertTrue(problems.isEmpty(), () -> String.join("\n", problems) + "\noutput:\n" + printed);
    }
  }

  // ---- command lines ----------------------------------------------------------------------------

  /** The {@code futhark4j} command lines of {@code sh} blocks, run through {@link Main} in-process. */
  static final class Shell {
    record Run(int code, String out, String err) {}

    static Run main(List<String> args, String stdin) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      Cli cli = Cli.system(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
          new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
      int code = Main.run(args.toArray(String[]::new), cli);
      return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Commands of {@code scripts/futhark4j} itself (Maven builds), not of {@link Main}. */
    static final List<String> LAUNCHER_ONLY = List.of("selftest", "jmh", "spark-demo");
    /** {@code pkg} subcommands that download (PkgCommandTest runs them against local repositories). */
    static final List<String> NETWORK = List.of("add", "sync", "upgrade", "versions");
    /** Command lines another test runs as written (give or take an output directory), with the test that does. */
    static final Map<String, String> RUN_ELSEWHERE = Map.of(
        "test src/test/fut", "CorpusTest",
        "fuzz --cases 300 --seed 20261127", "FuzzCommandTest",
        "fuzz --ad --cases 200 --entries 25 --seed 20261129", "FuzzCommandTest");
    /** Command lines (by their first words) too long to run in a test, and why. */
    static final Map<String, String> TOO_LONG = Map.of(
        "fuzz --cases 10000", "the long fuzzer run takes hours (FuzzCommandTest runs 300 cases)");

    static void check(Markdown.Block b) throws Exception {
      List<String> problems = new ArrayList<>();
      for (int i = 0; i < b.body().size(); i++) {
        String line = b.body().get(i).strip();
        int first = i;
        while (line.endsWith("\\") && i + 1 < b.body().size()) { // a command continued on the next line
          line = line.substring(0, line.length() - 1) + " " + b.body().get(++i).strip();
        }
        if (line.isEmpty() || line.startsWith("#")) continue;
        String comment = null;
        int hash = commentStart(line);
        if (hash >= 0) {
          comment = line.substring(hash + 1).strip();
          line = line.substring(0, hash).strip();
        }
        List<String> steps = List.of(line.split("\\s+&&\\s+"));
        for (int s = 0; s < steps.size(); s++) {
          String problem = runStep(b, first, steps.get(s), s == steps.size() - 1 ? comment : null);
          if (problem != null) problems.add(problem);
        }
      }
      assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Index of a {@code #} that starts a comment (outside quotes, after a blank), or -1. */
    static int commentStart(String line) {
      char quote = 0;
      for (int i = 0; i < line.length(); i++) {
        char c = line.charAt(i);
        if (quote != 0) {
          if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
          quote = c;
        } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
          return i;
        }
      }
      return -1;
    }

    /** Runs one command of a line; returns a problem or null. Prints what it did not run and why. */
    static String runStep(Markdown.Block b, int i, String step, String comment) throws IOException {
      String where = b.where(i) + " (" + step + ")";
      String stdin = "";
      Matcher echo = Pattern.compile("^echo\\s+(.+?)\\s*\\|\\s*(.*)$").matcher(step);
      if (echo.matches()) {
        List<String> e = words(echo.group(1));
        stdin = String.join(" ", e) + "\n";
        step = echo.group(2);
      }
      List<String> w = new ArrayList<>(words(step));
      if (!w.isEmpty() && w.get(0).equals("nice")) w.remove(0);
      if (w.isEmpty() || !(w.get(0).equals("scripts/futhark4j") || w.get(0).equals("futhark4j"))) {
        System.out.println(b.where(i) + ": not a futhark4j command, not run: " + step);
        return null;
      }
      List<String> args = w.subList(1, w.size());
      for (String a : args) {
        if (a.endsWith(".fut") && !Files.exists(ROOT.resolve(a))) {
          return where + ": names " + a + ", which is not in the repository";
        }
      }
      String cmd = args.isEmpty() ? "" : args.get(0);
      if (LAUNCHER_ONLY.contains(cmd)) {
        String launcher = Files.readString(ROOT.resolve("scripts/futhark4j"));
        if (!launcher.contains("\n  " + cmd + ")")) return where + ": the launcher has no command " + cmd;
        System.out.println(where + ": not run: a command of the launcher script (a Maven build)");
        return null;
      }
      if (Commands.find(cmd).isEmpty()) return where + ": futhark4j has no command " + cmd;
      if (cmd.equals("pkg") && args.stream().anyMatch(NETWORK::contains)) {
        System.out.println(where + ": not run: needs the network (PkgCommandTest runs every pkg command offline)");
        return null;
      }
      String elsewhere = RUN_ELSEWHERE.get(String.join(" ", args));
      if (elsewhere != null) {
        System.out.println(where + ": not run here: " + elsewhere + " runs it as written");
        return null;
      }
      for (Map.Entry<String, String> e : TOO_LONG.entrySet()) {
        if (String.join(" ", args).startsWith(e.getKey())) {
          System.out.println(where + ": not run: " + e.getValue());
          return null;
        }
      }
      List<String> run = new ArrayList<>(args);
      Path outputs = null;
      if ((cmd.equals("c") || cmd.equals("multicore")) && run.contains("--library") && !run.contains("-o")) {
        // The library files go next to the program: run it on a copy, so the repository stays clean.
        outputs = Files.createTempDirectory(tmp, "lib");
        String prog = run.get(run.size() - 1);
        Path copy = outputs.resolve(Path.of(prog).getFileName());
        Files.copy(ROOT.resolve(prog), copy);
        run.set(run.size() - 1, copy.toString());
      }
      Run r = main(run, stdin);
      if (r.code() != 0) return where + ": exit code " + r.code() + "\n" + r.out() + r.err();
      if (outputs != null) {
        String base = Path.of(run.get(run.size() - 1)).getFileName().toString().replaceFirst("\\.fut$", "");
        for (String ext : List.of(".c", ".h", ".json")) {
          if (!Files.exists(outputs.resolve(base + ext))) return where + ": wrote no " + base + ext;
        }
      }
      if (comment != null && isValues(comment)) {
        List<Value> want = ValueReader.readAll(comment, "shown");
        List<Value> got;
        try {
          got = ValueReader.readAll(r.out(), "stdout");
        } catch (ValueFormatException e) {
          return where + ": shows " + comment + ", but prints " + r.out();
        }
        List<ValueComparator.Mismatch> ms = ValueComparator.compare(got, want);
        if (!ms.isEmpty()) return where + ": shows " + comment + ", but prints " + r.out().strip();
      }
      return null;
    }

    /** True when a comment is values in the value syntax ({@code 3.0f64}), the output it shows. */
    static boolean isValues(String comment) {
      try {
        return !ValueReader.readAll(comment, "comment").isEmpty();
      } catch (ValueFormatException e) {
        return false;
      }
    }

    /** Splits a command into words, with shell quoting ('...' and "..."). */
    static List<String> words(String s) {
      List<String> out = new ArrayList<>();
      StringBuilder cur = null;
      char quote = 0;
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (quote != 0) {
          if (c == quote) quote = 0;
          else cur.append(c);
        } else if (c == '\'' || c == '"') {
          quote = c;
          if (cur == null) cur = new StringBuilder();
        } else if (Character.isWhitespace(c)) {
          if (cur != null) out.add(cur.toString());
          cur = null;
        } else {
          if (cur == null) cur = new StringBuilder();
          cur.append(c);
        }
      }
      if (cur != null) out.add(cur.toString());
      return out;
    }
  }

  // ---- the checker checks -----------------------------------------------------------------------

  /** The checks fail where the documentation is wrong (so this test can fail). */
  @Test
  void wrongExamplesFail(@TempDir Path dir) throws Exception {
    Path md = dir.resolve("bad.md");
    Files.writeString(md, """
        ```java
        var f = (FutharkFunction) new javax.script.ScriptEngineManager().getEngineByName("futhark")
            .eval("entry sum (xs: []f64) : f64 = reduce (+) 0 xs");
        double s = (double) f.call(new double[] {1, 2, 3});   // 7.0
        ```

        ```js
        const inc = Polyglot.eval('futhark', 'entry inc (x: i32) : i32 = x + 1');
        console.log(inc(1));   // 3
        ```

        ```python
        print(1 + 1)   # 2
        x = 1   # oops 3
        print([1.0, 2.0])   # [1.0, 2.5]
        ```

        ```sh
        echo '[1.0, 2.0]' | scripts/futhark4j run scripts/examples/sum.fut   # 4.0f64
        scripts/futhark4j check scripts/examples/no-such-program.fut
        ```

        ```futhark
        -- ==
        -- input { 1 } output { 3 }
        entry main (x: i32) : i32 = x + 1
        ```

        ```java
        int x = 1;   // 1
        System.out.println(x);   // 1
        ```
        """);
    List<Markdown.Block> bs = Markdown.blocks(dir, md.getFileName());
    assertEquals(6, bs.size());
    AssertionError java = assertThrows(AssertionError.class, () -> check(bs.get(0)));
    assertTrue(java.getMessage().contains("bad.md:4: shows 7.0, but gives 6.0"), java.getMessage());
    AssertionError js = assertThrows(AssertionError.class, () -> check(bs.get(1)));
    assertTrue(js.getMessage().contains("bad.md:9: shows 3, but gives 2"), js.getMessage());
    AssertionError py = assertThrows(AssertionError.class, () -> check(bs.get(2)));
    assertTrue(py.getMessage().contains("bad.md:15: shows [1.0, 2.5], but gives [1.0, 2.0]"), py.getMessage());
    assertFalse(py.getMessage().contains("bad.md:13"), "the right result passes");
    AssertionError sh = assertThrows(AssertionError.class, () -> check(bs.get(3)));
    assertTrue(sh.getMessage().contains("bad.md:19 (echo '[1.0, 2.0]' | scripts/futhark4j run scripts/examples/sum.fut): shows 4.0f64, but prints 3.0f64"), sh.getMessage());
    assertTrue(sh.getMessage().contains("no-such-program.fut, which is not in the repository"), sh.getMessage());
    AssertionError fut = assertThrows(AssertionError.class, () -> check(bs.get(4)));
    assertTrue(fut.getMessage().contains("expected 3i32, got 2i32"), fut.getMessage());
    AssertionError unchecked = assertThrows(AssertionError.class, () -> check(bs.get(5)));
    assertTrue(unchecked.getMessage().contains("bad.md:31: the result '1' is shown on a line this test cannot check"),
        unchecked.getMessage());
  }

  /** A block in a language the test does not know fails instead of going unchecked. */
  @Test
  void otherLanguagesFail(@TempDir Path dir) throws Exception {
    Path md = dir.resolve("o.md");
    Files.writeString(md, "```bash\nfuthark4j run x.fut\n```\n\n<!-- no-check: Scala -->\n```scala\nval x = 1\n```\n");
    List<Markdown.Block> bs = Markdown.blocks(dir, md.getFileName());
    assertTrue(isExample(bs.get(0)));
    AssertionError e = assertThrows(AssertionError.class, () -> check(bs.get(0)));
    assertTrue(e.getMessage().contains("o.md:1: this test cannot check a 'bash' block"), e.getMessage());
    check(bs.get(1));
  }

  @Test
  void markers(@TempDir Path dir) throws Exception {
    Path md = dir.resolve("m.md");
    Files.writeString(md, """
        <!-- no-check: shows a fragment -->
        ```java
        this does not compile
        ```

        <!-- check-with:
          String src = "entry sum (xs: []f64) : f64 = f64.sum xs";
        -->
        <!-- compile-only: calls nothing -->
        ```java
        FutharkProgram p = Futhark.compile(src);
        ```

        <!-- no-check: -->
        ```java
        ```
        """);
    List<Markdown.Block> bs;
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Markdown.blocks(dir, md.getFileName()));
    assertTrue(e.getMessage().contains("m.md:14: 'no-check:' needs a reason"), e.getMessage());
    Files.writeString(md, Files.readString(md).replace("<!-- no-check: -->", "<!-- no-check: empty -->"));
    bs = Markdown.blocks(dir, md.getFileName());
    assertEquals("shows a fragment", bs.get(0).noCheck());
    assertEquals("calls nothing", bs.get(1).compileOnly());
    assertEquals("String src = \"entry sum (xs: []f64) : f64 = f64.sum xs\";\n", bs.get(1).setup());
    check(bs.get(0));
    check(bs.get(1));
  }
}
