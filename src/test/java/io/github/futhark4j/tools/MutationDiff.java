package io.github.futhark4j.tools;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A differential test of the type checker against the reference compiler (a team tool: it needs
 * {@code futhark}, which the project's tests never do). It copies a tree of valid programs, makes
 * one small mutation per copy (a {@code *} added or dropped, a {@code copy} or a size coercion
 * removed, a size renamed or made anonymous, a size or type parameter dropped, a type parameter
 * lifted, a {@code val} specification removed, ...), asks {@code futhark check} and our front end
 * about each mutant, and lists the disagreements: programs the reference rejects and we accept
 * (an invalid program that would run), programs it accepts and we reject, and our crashes or
 * hangs. Mutations that make programs invalid exercise exactly the rules (uniqueness, sizes,
 * modules, entry points, literals) that valid test programs do not.
 *
 * <pre>
 * mvn -o -q test-compile
 * java -Xss512m -cp target/test-classes:target/classes:$(cat target/classpath.txt) \
 *     io.github.futhark4j.tools.MutationDiff FUTHARK TESTS_DIR LIST WORK_DIR [COUNT] [SEED]
 * </pre>
 *
 * {@code LIST} names the programs to mutate (with a {@code COUNT} of 0: to compare unchanged), one
 * path per line relative to {@code TESTS_DIR}
 * (for example {@code ../shared/conformance/run.txt}); the mutants are written next to copies of
 * the originals under {@code WORK_DIR}, so that relative imports resolve. Found this way (session
 * 17): existential sizes in parameter types, consuming functions inside record results, anonymous
 * sizes in function results of abbreviations, refinements with lifted parameters.
 */
public final class MutationDiff {
  private MutationDiff() {}

  /** A mutation: the program's text and where its code is (not in comments) to a mutant, or null. */
  private record Mutation(String name, BiFunction<String, boolean[], String> apply) {}

  private static final List<Mutation> MUTATIONS = List.of(
      new Mutation("remove_copy", (s, code) -> cut(s, code, "\\bcopy\\s+")),
      new Mutation("add_unique", (s, code) -> insertBeforeEnd(s, code, "\\((\\w+)\\s*:\\s*\\[", "*")),
      new Mutation("remove_unique", (s, code) -> cut(s, code, "(?<=[:(>,]\\s?)\\*(?=[\\[\\w(])")),
      new Mutation("unique_return", (s, code) -> insertBeforeEnd(s, code, "\\)\\s*:\\s*\\[", "*")),
      new Mutation("remove_return_unique", (s, code) -> cut(s, code, "(?<=\\)\\s?:\\s?)\\*")),
      new Mutation("remove_coercion", (s, code) -> cut(s, code, ":>\\s*\\*?(\\[[^\\]]*\\])+\\w+")),
      new Mutation("anon_size", (s, code) -> replace(s, code, "\\[([a-z_]\\w*)\\](?=\\w|\\[)", m -> "[]")),
      new Mutation("swap_size", MutationDiff::swapSize),
      new Mutation("drop_size_param", (s, code) -> cut(s, code, "(?<=(?:def|entry) \\w{1,40} )\\[\\w+\\] ?")),
      new Mutation("drop_type_param", (s, code) -> cut(s, code, "(?<=def \\w{1,40} )'[\\^~]?\\w+ ?")),
      new Mutation("lift_type_param", (s, code) -> replace(s, code, "'(?=[a-z])", m -> "'^")),
      new Mutation("unlift_type_param", (s, code) -> replace(s, code, "'[\\^~](?=[a-z])", m -> "'")),
      new Mutation("drop_val", (s, code) -> cut(s, code, "\\n\\s*val [^\\n]*")),
      new Mutation("int_type", (s, code) -> replace(s, code, "\\bi32\\b", m -> "i64")),
      new Mutation("iota_size", (s, code) -> replace(s, code, "\\biota (\\w+)", m -> "iota (" + m.group(1) + " + 1)")),
      new Mutation("swap_args", (s, code) -> replace(s, code, "\\b(map2|zip|scatter|reduce_by_index|hist) (\\w+) (\\w+)\\b",
          m -> m.group(1) + " " + m.group(3) + " " + m.group(2))),
      // Entry points have rules of their own (no type parameters, no functions, no size only in the result).
      new Mutation("def_to_entry", (s, code) -> replace(s, code, "(?m)^def (?=\\w)", m -> "entry ")),
      new Mutation("literal_suffix", (s, code) -> replace(s, code, "(?<![\\w.])([0-9]+)(?![\\w.])",
          m -> m.group(1) + List.of("i8", "u8", "i64", "f32").get(MutationDiff.random.nextInt(4)))),
      new Mutation("swap_pair", (s, code) -> replace(s, code, "\\((\\w+), (\\w+)\\)", m -> "(" + m.group(2) + ", " + m.group(1) + ")")));

  private static Random random;

  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println("usage: MutationDiff FUTHARK TESTS_DIR LIST WORK_DIR [COUNT] [SEED]");
      System.exit(2);
    }
    String futhark = args[0];
    Path tests = Path.of(args[1]), work = Path.of(args[3]);
    List<String> programs = Files.readAllLines(Path.of(args[2])).stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
    int count = args.length > 4 ? Integer.parseInt(args[4]) : 500;
    random = new Random(args.length > 5 ? Long.parseLong(args[5]) : 1);
    copyTree(tests, work);

    Map<Path, String> mutants = new LinkedHashMap<>();
    // COUNT 0 compares the listed programs themselves (real programs are tests of their own).
    if (count == 0) for (String p : programs) if (Files.isRegularFile(work.resolve(p))) mutants.put(work.resolve(p), "original");
    for (int tries = 0; mutants.size() < count && tries < count * 20; tries++) {
      String p = programs.get(random.nextInt(programs.size()));
      Path orig = work.resolve(p);
      if (!Files.isRegularFile(orig)) continue;
      String text = Files.readString(orig, StandardCharsets.UTF_8);
      Mutation m = MUTATIONS.get(random.nextInt(MUTATIONS.size()));
      String t = m.apply().apply(text, code(text));
      if (t == null || t.equals(text)) continue;
      String base = orig.getFileName().toString().replaceFirst("\\.fut$", "");
      Path out = orig.resolveSibling(base + "__m" + mutants.size() + "_" + m.name() + ".fut");
      Files.writeString(out, t, StandardCharsets.UTF_8);
      mutants.put(out, m.name());
    }

    int agree = 0;
    List<String> acceptedInvalid = new ArrayList<>(), rejectedValid = new ArrayList<>(), broken = new ArrayList<>();
    List<String> rejectedOtherwise = new ArrayList<>();
    ExecutorService ours = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(null, r, "check", 1L << 29);
      t.setDaemon(true);
      return t;
    });
    for (Path f : mutants.keySet()) {
      String ref = reference(futhark, f);
      String our;
      Future<String> job = ours.submit(() -> ourCheck(f));
      try {
        our = job.get(30, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        job.cancel(true);
        our = "HANG";
      }
      String rel = work.relativize(f).toString();
      if (our != null && (our.startsWith("CRASH") || our.equals("HANG"))) broken.add(rel + " | " + our);
      else if (ref == null && our != null) rejectedValid.add(rel + " | " + our);
      else if (ref != null && our == null) acceptedInvalid.add(rel + " | " + ref);
      else {
        agree++;
        if (ref != null && !sameError(ref, our)) rejectedOtherwise.add(rel + "\n    reference: " + ref + "\n    ours:      " + our);
      }
    }
    System.out.println(mutants.size() + " mutants: " + agree + " judged as the reference does");
    report("the reference rejects, we accept", acceptedInvalid);
    report("the reference accepts, we reject", rejectedValid);
    report("our front end crashed or hung", broken);
    report("both reject, at another place or with another message", rejectedOtherwise);
    System.exit(0);
  }

  private static void report(String what, List<String> lines) {
    System.out.println("--- " + what + ": " + lines.size());
    lines.forEach(System.out::println);
  }

  /** The reference's first error line for {@code f}, or null when it accepts the program. */
  private static String reference(String futhark, Path f) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(futhark, "check", f.getFileName().toString()).directory(f.getParent().toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return "timed out";
    }
    if (p.exitValue() == 0) return null;
    // Its warnings come first (each a "Warning at" line and its message); the error is the rest.
    List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
    int at = 0;
    while (at < lines.size() && !lines.get(at).startsWith("Error at")) at++;
    if (at == lines.size()) at = 0;
    return String.join(" ", lines.subList(at, Math.min(lines.size(), at + 2)));
  }

  private static final Pattern REF_ERROR = Pattern.compile("Error at \\S*?:(\\d+):(\\d+)\\S*:? (.*)");
  private static final Pattern OUR_ERROR = Pattern.compile("\\S*?:(\\d+):(\\d+)\\S*: error(?:\\[E\\d+\\])?: (.*)");

  /** Whether two rejections agree on the first error's line, column and first message line. */
  private static boolean sameError(String ref, String our) {
    Matcher r = REF_ERROR.matcher(ref);
    Matcher o = OUR_ERROR.matcher(our);
    if (!r.lookingAt() || !o.lookingAt()) return ref.equals(our);
    return r.group(1).equals(o.group(1)) && r.group(2).equals(o.group(2)) && r.group(3).strip().equals(o.group(3).strip());
  }

  /** Our first diagnostic for {@code f}, null when we accept it, or CRASH and the exception. */
  private static String ourCheck(Path f) {
    try {
      Frontend.check(new Source(f.toString(), Files.readString(f, StandardCharsets.UTF_8), f));
      return null;
    } catch (CompileException e) {
      return e.diagnostics().get(0).render().lines().findFirst().orElse("rejected");
    } catch (Throwable t) {
      return "CRASH " + t;
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Path q = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) Files.createDirectories(q);
        else Files.copy(p, q, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /** Which characters of {@code s} are code (not in a line comment). */
  private static boolean[] code(String s) {
    boolean[] code = new boolean[s.length()];
    java.util.Arrays.fill(code, true);
    Matcher m = Pattern.compile("--[^\\n]*").matcher(s);
    while (m.find()) java.util.Arrays.fill(code, m.start(), m.end(), false);
    return code;
  }

  /** A random match of {@code regex} that starts in code, or null. */
  private static Matcher pick(String s, boolean[] code, String regex) {
    Matcher m = Pattern.compile(regex).matcher(s);
    List<Integer> starts = new ArrayList<>();
    while (m.find()) if (code[m.start()]) starts.add(m.start());
    if (starts.isEmpty()) return null;
    m.find(starts.get(random.nextInt(starts.size())));
    return m;
  }

  private static String cut(String s, boolean[] code, String regex) {
    Matcher m = pick(s, code, regex);
    return m == null ? null : s.substring(0, m.start()) + s.substring(m.end());
  }

  private static String insertBeforeEnd(String s, boolean[] code, String regex, String what) {
    Matcher m = pick(s, code, regex);
    return m == null ? null : s.substring(0, m.end() - 1) + what + s.substring(m.end() - 1);
  }

  private static String replace(String s, boolean[] code, String regex, java.util.function.Function<Matcher, String> by) {
    Matcher m = pick(s, code, regex);
    return m == null ? null : s.substring(0, m.start()) + by.apply(m) + s.substring(m.end());
  }

  /** One size [n] renamed to another size name of the program. */
  private static String swapSize(String s, boolean[] code) {
    List<String> names = new ArrayList<>();
    Matcher all = Pattern.compile("\\[([a-z_]\\w*)\\]").matcher(s);
    while (all.find()) if (!names.contains(all.group(1))) names.add(all.group(1));
    if (names.size() < 2) return null;
    names.sort(Comparator.naturalOrder());
    Matcher m = pick(s, code, "\\[([a-z_]\\w*)\\]");
    if (m == null) return null;
    List<String> others = names.stream().filter(n -> !n.equals(m.group(1))).toList();
    return s.substring(0, m.start()) + "[" + others.get(random.nextInt(others.size())) + "]" + s.substring(m.end());
  }
}
