package io.github.futhark4j.build;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build step {@code src/build/IndyLowering.java}, run as Maven runs it ({@code java
 * src/build/IndyLowering.java CLASSES_DIR} with the JDK running the tests) on a small program
 * compiled here: its pattern switches, lambdas and method references and its records' equals and
 * hashCode no longer link an invokedynamic bootstrap, the forms it leaves alone are still there,
 * and the rewritten classes, loaded afresh, compute exactly what javac's did.
 *
 * <p>Which invokedynamic sites a class has is read with the ClassFile API by a small census
 * program compiled here too (the tests compile for release 21, which has no java.lang.classfile).
 */
class IndyLoweringTest {
  private static final Path TOOL = Path.of("src/build/IndyLowering.java");

  /** The program: everything it computes, as text, from {@code Sample.run()}. */
  private static final String SAMPLE = """
      package sample;

      import java.io.Serializable;
      import java.util.ArrayList;
      import java.util.Arrays;
      import java.util.Comparator;
      import java.util.List;
      import java.util.concurrent.atomic.AtomicLong;
      import java.util.function.*;
      import java.util.stream.IntStream;

      public final class Sample {
        public sealed interface Shape permits Circle, Square, Rect {}
        public record Circle(double r) implements Shape {}
        public record Square(long side) implements Shape {}
        public record Rect(int w, int h, String name) implements Shape {}
        public record Mixed(boolean z, byte b, short s, char c, int i, long l, float f, double d, String str, int[] arr) {}
        public record Empty() {}
        public enum Color { RED, GREEN, BLUE }

        /** An interface whose default and static methods make lambdas (the host is an interface). */
        public interface Greeter {
          String name();
          default Supplier<String> greet(String greeting) { return () -> greeting + ", " + name(); }
          static Function<String, Greeter> maker() { return n -> () -> n; }
        }

        private final int k;
        private Sample(int k) { this.k = k; }

        static String describe(Shape s) {
          return switch (s) {
            case null -> "null";
            case Circle c when c.r() > 10 -> "big circle";
            case Circle c -> "circle " + c.r();
            case Square q -> "square " + q.side();
            case Rect r when r.w() == r.h() -> "squarish " + r.name();
            case Rect r when r.name() == null -> "anonymous rect";
            case Rect r -> "rect " + r.w() + "x" + r.h();
          };
        }

        static String object(Object o) {
          switch (o) {
            case Integer i when i > 5: return "big int " + i;
            case Integer i: return "int " + i;
            case String s when s.isEmpty(): return "empty string";
            case CharSequence s: return "chars " + s.length();
            case int[] a: return "ints " + a.length;
            case Shape s: return "shape " + describe(s);
            default: return "other " + o.getClass().getSimpleName();
          }
        }

        /** Enum constants as labels: a type switch whose labels are not all classes. */
        static String colour(Object o) {
          return switch (o) {
            case Color.RED -> "red";
            case Color c -> "colour " + c.ordinal();
            default -> "no colour";
          };
        }

        private int twice(int x) { return 2 * x; }

        IntUnaryOperator adder() { return x -> x + k; }

        IntUnaryOperator doubler() { return this::twice; }

        public static List<String> run() {
          List<String> out = new ArrayList<>();
          for (Shape s : new Shape[] {null, new Circle(11), new Circle(2.5), new Square(4), new Rect(3, 3, "sq"),
              new Rect(1, 2, null), new Rect(1, 2, "r")}) {
            out.add(describe(s));
          }
          for (Object o : new Object[] {7, 3, "", "abc", new StringBuilder("xy"), new int[4], new Square(1), 2.0}) {
            out.add(object(o));
          }
          for (Object o : new Object[] {Color.RED, Color.BLUE, "red"}) out.add(colour(o));

          // Lambdas: captures of every width, this, boxing and widening, void results, method references of each kind.
          int ki = 3;
          long kl = 1L << 40;
          double kd = 0.5;
          char kc = 'q';
          Supplier<String> constant = () -> "constant";
          IntBinaryOperator mulAdd = (a, b) -> a * b + ki;
          LongUnaryOperator shift = x -> x + kl;
          DoubleBinaryOperator scale = (x, y) -> x * kd + y * kl;
          Function<Integer, String> mixed = i -> "" + kc + i + kl + kd;
          Function<String, Integer> parse = Integer::parseInt;
          ToLongFunction<String> length = String::length;
          Function<Integer, Long> widen = Long::valueOf;
          ToDoubleFunction<Integer> toDouble = Integer::intValue;
          IntFunction<Object> box = Integer::valueOf;
          BiFunction<String, String, String> concat = String::concat;
          String prefix = "pre-";
          UnaryOperator<String> bound = prefix::concat;
          Supplier<List<String>> newList = ArrayList::new;
          Function<String, StringBuilder> newBuilder = StringBuilder::new;
          Function<List<String>, Integer> size = List::size;
          Supplier<List<String>> listOf = List::of;
          Function<String[], List<String>> asList = Arrays::asList;
          Predicate<String> empty = String::isEmpty;
          Predicate<String> notEmpty = empty.negate();
          List<String> collected = new ArrayList<>();
          Consumer<String> add = collected::add;
          AtomicLong counter = new AtomicLong();
          Consumer<AtomicLong> bump = AtomicLong::incrementAndGet;
          int[] cell = {0};
          Runnable tick = () -> cell[0] += ki;
          IntFunction<int[]> newInts = int[]::new;
          Sample sample = new Sample(100);
          Supplier<String> serializable = (Supplier<String> & Serializable) () -> "serializable " + ki;

          out.add(constant.get());
          out.add("mulAdd " + mulAdd.applyAsInt(6, 7));
          out.add("shift " + shift.applyAsLong(5));
          out.add("scale " + scale.applyAsDouble(3, 2));
          out.add("mixed " + mixed.apply(9));
          out.add("parse " + (parse.apply("-42") + 1));
          out.add("length " + length.applyAsLong("hello"));
          out.add("widen " + widen.apply(-7));
          out.add("toDouble " + toDouble.applyAsDouble(8));
          out.add("box " + box.apply(12).getClass().getSimpleName());
          out.add(concat.apply("con", "cat"));
          out.add(bound.apply("fix"));
          List<String> l = newList.get();
          l.add("x");
          out.add("newList " + l);
          out.add("newBuilder " + newBuilder.apply("sb").reverse());
          out.add("size " + size.apply(List.of("a", "b", "c")));
          out.add("listOf " + listOf.get());
          out.add("asList " + asList.apply(new String[] {"p", "q"}));
          out.add("empty " + empty.test("") + " " + notEmpty.test(""));
          add.accept("one");
          add.accept("two");
          out.add("collected " + collected);
          bump.accept(counter);
          bump.accept(counter);
          out.add("counter " + counter.get());
          tick.run();
          tick.run();
          out.add("cell " + cell[0]);
          out.add("newInts " + newInts.apply(5).length);
          out.add("adder " + sample.adder().applyAsInt(1) + " doubler " + sample.doubler().applyAsInt(21));
          out.add(serializable.get());
          Greeter g = Greeter.maker().apply("world");
          out.add(g.greet("hello").get());
          List<String> words = new ArrayList<>(List.of("ccc", "a", "bb", "dddd"));
          words.sort(Comparator.comparing(String::length).reversed());
          out.add("sorted " + words);
          out.add("stream " + IntStream.range(0, 10).map(x -> x * x).filter(x -> x % 2 == 0).sum());

          // Records: equals and hashCode over every kind of component; toString.
          out.add("circle " + new Circle(1.5).equals(new Circle(1.5)) + " " + new Circle(1.5).equals(new Circle(2))
              + " " + new Circle(Double.NaN).equals(new Circle(Double.NaN)) + " " + new Circle(0.0).equals(new Circle(-0.0))
              + " " + new Circle(1.5).hashCode() + " " + new Circle(1.5).equals("x") + " " + new Circle(1).equals(null));
          Rect r = new Rect(2, 3, "ab");
          out.add("rect " + r.equals(new Rect(2, 3, "ab")) + " " + r.equals(new Rect(2, 3, "ac")) + " " + r.equals(new Rect(2, 4, "ab"))
              + " " + r.equals(r) + " " + new Rect(1, 1, null).equals(new Rect(1, 1, null)) + " " + r.hashCode()
              + " " + new Rect(1, 1, null).hashCode() + " " + r);
          out.add("square " + new Square(1L << 33).hashCode() + " " + new Square(5).equals(new Square(5))
              + " " + new Square(5).equals(new Square(6)));
          Mixed m = new Mixed(true, (byte) -1, (short) 300, 'c', -5, 1L << 35, 0.25f, -1.5, "s", null);
          Mixed same = new Mixed(true, (byte) -1, (short) 300, 'c', -5, 1L << 35, 0.25f, -1.5, "s", null);
          out.add("mixed " + m.equals(same) + " " + m.hashCode() + " " + same.hashCode() + " " + m);
          out.add("mixed differ " + m.equals(new Mixed(false, (byte) -1, (short) 300, 'c', -5, 1L << 35, 0.25f, -1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) 1, (short) 300, 'c', -5, 1L << 35, 0.25f, -1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) -1, (short) 301, 'c', -5, 1L << 35, 0.25f, -1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) -1, (short) 300, 'd', -5, 1L << 35, 0.25f, -1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) -1, (short) 300, 'c', 5, 1L << 35, 0.25f, -1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) -1, (short) 300, 'c', -5, 1L << 36, 0.25f, -1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) -1, (short) 300, 'c', -5, 1L << 35, -0.25f, -1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) -1, (short) 300, 'c', -5, 1L << 35, 0.25f, 1.5, "s", null))
              + " " + m.equals(new Mixed(true, (byte) -1, (short) 300, 'c', -5, 1L << 35, 0.25f, -1.5, "t", null)));
          int[] arr = {1};
          out.add("arrays by identity " + new Mixed(true, (byte) 0, (short) 0, 'a', 0, 0, 0, 0, null, arr)
              .equals(new Mixed(true, (byte) 0, (short) 0, 'a', 0, 0, 0, 0, null, arr))
              + " " + new Mixed(true, (byte) 0, (short) 0, 'a', 0, 0, 0, 0, null, arr)
              .equals(new Mixed(true, (byte) 0, (short) 0, 'a', 0, 0, 0, 0, null, new int[] {1})));
          out.add("empty record " + new Empty().equals(new Empty()) + " " + new Empty().hashCode() + " " + new Empty());
          return out;
        }

        /** The class of a lambda and of a method reference. */
        public static List<String> lambdaClasses() {
          Supplier<String> s = () -> "x";
          Function<String, Integer> f = String::length;
          return List.of(s.getClass().getName(), f.getClass().getName());
        }
      }
      """;

  /** Lists every invokedynamic site of the classes under a directory: {@code Class.method owner.bootstrap name [kinds of arguments]}. */
  private static final String CENSUS = """
      import java.lang.classfile.*;
      import java.lang.classfile.instruction.InvokeDynamicInstruction;
      import java.lang.constant.*;
      import java.nio.file.*;
      import java.util.*;
      import java.util.stream.*;

      public final class Census {
        public static List<String> sites(Path root) throws Exception {
          List<String> out = new ArrayList<>();
          List<Path> files;
          try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
          }
          for (Path f : files) {
            ClassModel cm = ClassFile.of().parse(Files.readAllBytes(f));
            for (MethodModel m : cm.methods()) {
              CodeModel code = m.code().orElse(null);
              if (code == null) continue;
              for (CodeElement e : code) {
                if (e instanceof InvokeDynamicInstruction indy) {
                  DirectMethodHandleDesc b = indy.bootstrapMethod();
                  String args = indy.bootstrapArgs().stream().map(a -> a instanceof ClassDesc ? "class" : "nonclass").distinct()
                      .sorted().collect(Collectors.joining(","));
                  out.add(cm.thisClass().asSymbol().displayName() + "." + m.methodName().stringValue() + " "
                      + b.owner().displayName() + "." + b.methodName() + " " + indy.name().stringValue() + " [" + args + "]");
                }
              }
            }
          }
          return out;
        }
      }
      """;

  @TempDir static Path tmp;
  /** The program as javac wrote it, and a copy the tool lowered once (the tests only read these). */
  static Path original;
  static Path lowered;
  static Result lowering;
  static Path census;

  @BeforeAll
  static void compileAndLower() throws Exception {
    assumeTrue(Runtime.version().feature() >= 24, "the tool needs java.lang.classfile (JDK 24 or later)");
    assertTrue(Files.isRegularFile(TOOL), "run from the project directory: " + TOOL.toAbsolutePath());
    Path src = Files.createDirectories(tmp.resolve("src/sample"));
    Files.writeString(src.resolve("Sample.java"), SAMPLE);
    original = tmp.resolve("original");
    javac(original, src.resolve("Sample.java"));
    Path csrc = Files.writeString(Files.createDirectories(tmp.resolve("census-src")).resolve("Census.java"), CENSUS);
    census = tmp.resolve("census");
    javac(census, csrc);
    lowered = tmp.resolve("lowered");
    copyTree(original, lowered);
    lowering = lower(lowered);
  }

  private static void javac(Path out, Path source) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assumeTrue(javac != null, "no system Java compiler");
    Files.createDirectories(out);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = javac.run(null, null, err, "--release", Integer.toString(Runtime.version().feature()), "-d", out.toString(),
        source.toString());
    assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path q = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) Files.createDirectories(q);
        else Files.copy(p, q);
      }
    }
  }

  private record Result(int status, String out) {}

  /** {@code java [-Dprop] src/build/IndyLowering.java ARGS...} with the JDK running this test. */
  private static Result tool(String property, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (property != null) cmd.add(property);
    cmd.add(TOOL.toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(p.waitFor(), out);
  }

  private static Result lower(Path dir) throws Exception {
    Result r = tool(null, dir.toString());
    assertEquals(0, r.status(), r.out());
    return r;
  }

  @SuppressWarnings("unchecked")
  private static List<String> sites(Path dir) throws Exception {
    try (URLClassLoader l = new URLClassLoader(new URL[] {census.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      return (List<String>) l.loadClass("Census").getMethod("sites", Path.class).invoke(null, dir);
    }
  }

  private static long count(List<String> sites, String what) {
    return sites.stream().filter(s -> s.contains(what)).count();
  }

  @SuppressWarnings("unchecked")
  private static List<String> call(Path dir, String method) throws Exception {
    try (URLClassLoader l = new URLClassLoader(new URL[] {dir.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Method m = l.loadClass("sample.Sample").getMethod(method);
      return (List<String>) m.invoke(null);
    }
  }

  private static Map<String, byte[]> files(Path dir) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) out.put(dir.relativize(p).toString(), Files.readAllBytes(p));
    }
    return out;
  }

  private static void assertSameFiles(Map<String, byte[]> expected, Map<String, byte[]> actual) {
    assertEquals(expected.keySet(), actual.keySet());
    for (String f : expected.keySet()) assertArrayEquals(expected.get(f), actual.get(f), f);
  }

  @Test
  void lowersTheSitesItClaimsAndLeavesTheOthers() throws Exception {
    List<String> before = sites(original);
    // What javac made: type switches with class labels (describe, object) and one with an enum
    // constant (colour), metafactory lambdas, an altMetafactory one (serializable), records'
    // equals, hashCode and toString.
    long switches = count(before, "SwitchBootstraps.typeSwitch typeSwitch [class]");
    long lambdas = count(before, "LambdaMetafactory.metafactory ");
    long records = count(before, "ObjectMethods.bootstrap equals ") + count(before, "ObjectMethods.bootstrap hashCode ");
    assertEquals(2, switches, String.join("\n", before));
    assertEquals(1, count(before, "Sample.colour SwitchBootstraps.typeSwitch typeSwitch [class,nonclass]"),
        String.join("\n", before));
    assertTrue(lambdas >= 30, lambdas + " lambdas:\n" + String.join("\n", before));
    assertEquals(1, count(before, "Sample.run LambdaMetafactory.altMetafactory"), String.join("\n", before));
    assertEquals(10, records, "equals and hashCode of 5 records:\n" + String.join("\n", before));
    assertEquals(5, count(before, "ObjectMethods.bootstrap toString "));

    Result r = lowering;
    Matcher m = Pattern.compile("\\[indy-lowering] (\\d+) type switches and (\\d+) lambdas, (\\d+) record equals/hashCode lowered in (\\d+) classes")
        .matcher(r.out());
    assertTrue(m.find(), r.out());
    assertEquals(List.of(switches, lambdas, records, (long) files(original).size()),
        List.of(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4))),
        r.out());
    assertTrue(!r.out().contains("left as they were") && !r.out().contains("as it was"), r.out());

    List<String> after = sites(lowered);
    assertEquals(0, count(after, "SwitchBootstraps.typeSwitch typeSwitch [class]"), String.join("\n", after));
    assertEquals(0, count(after, "LambdaMetafactory.metafactory "), String.join("\n", after));
    assertEquals(0, count(after, "ObjectMethods.bootstrap equals ") + count(after, "ObjectMethods.bootstrap hashCode "),
        String.join("\n", after));
    // Left as they were: the enum-labelled switch, the serializable lambda, toString, string concatenation.
    assertEquals(1, count(after, "SwitchBootstraps.typeSwitch typeSwitch [class,nonclass]"), String.join("\n", after));
    assertEquals(1, count(after, "Sample.run LambdaMetafactory.altMetafactory"), String.join("\n", after));
    assertEquals(5, count(after, "ObjectMethods.bootstrap toString "), String.join("\n", after));
    assertEquals(count(before, "StringConcatFactory"), count(after, "StringConcatFactory"));
    assertTrue(count(after, "StringConcatFactory") > 0);
    List<String> others = before.stream().filter(s -> !s.contains("typeSwitch [class]") && !s.contains(".metafactory ")
        && !s.contains("bootstrap equals ") && !s.contains("bootstrap hashCode ")).toList();
    assertEquals(others, after, "every other site is still there, in its method");

    // A class per lambda, next to its host.
    Map<String, byte[]> made = files(lowered);
    long fnClasses = made.keySet().stream().filter(f -> f.matches("sample/Sample(\\$Greeter)?\\$\\$Fn[0-9]+\\.class")).count();
    assertEquals(lambdas, fnClasses, made.keySet().toString());
    assertEquals(files(original).size() + lambdas, made.size(), made.keySet().toString());
  }

  @Test
  void theLoweredClassesComputeWhatJavacsDid() throws Exception {
    List<String> expected = call(original, "run");
    List<String> actual = call(lowered, "run");
    assertEquals(expected, actual);
    // A few of the values, so that both cannot be wrong the same way.
    assertEquals(List.of("null", "big circle", "circle 2.5", "square 4", "squarish sq", "anonymous rect", "rect 1x2"),
        actual.subList(0, 7));
    assertEquals(List.of("big int 7", "int 3", "empty string", "chars 3", "chars 2", "ints 4", "shape square 1", "other Double"),
        actual.subList(7, 15));
    assertEquals(List.of("red", "colour 2", "no colour"), actual.subList(15, 18));
    assertTrue(actual.contains("mulAdd 45"), actual.toString());
    assertTrue(actual.contains("shift " + (5 + (1L << 40))), actual.toString());
    assertTrue(actual.contains("scale " + (1.5 + 2.0 * (1L << 40))), actual.toString());
    assertTrue(actual.contains("mixed q9" + (1L << 40) + "0.5"), actual.toString());
    assertTrue(actual.contains("widen -7") && actual.contains("toDouble 8.0") && actual.contains("length 5"), actual.toString());
    assertTrue(actual.contains("box Integer") && actual.contains("parse -41"), actual.toString());
    assertTrue(actual.contains("counter 2") && actual.contains("cell 6") && actual.contains("collected [one, two]"), actual.toString());
    assertTrue(actual.contains("adder 101 doubler 42") && actual.contains("hello, world"), actual.toString());
    assertTrue(actual.contains("sorted [dddd, ccc, bb, a]") && actual.contains("stream 120"), actual.toString());
    assertTrue(actual.contains("circle true false true false " + Double.hashCode(1.5) + " false false"), actual.toString());
    int rectHash = (2 * 31 + 3) * 31 + "ab".hashCode();
    assertTrue(actual.contains("rect true false false true true " + rectHash + " " + (31 + 1) * 31 + " Rect[w=2, h=3, name=ab]"),
        actual.toString());
    assertTrue(actual.contains("square " + Long.hashCode(1L << 33) + " true false"), actual.toString());
    assertTrue(actual.contains("mixed differ false false false false false false false false false"), actual.toString());
    assertTrue(actual.contains("arrays by identity true false"), actual.toString());
    assertTrue(actual.contains("empty record true 0 Empty[]"), actual.toString());

    // The lambdas are now classes of their own, not classes spun at run time.
    List<String> javacs = call(original, "lambdaClasses");
    List<String> ours = call(lowered, "lambdaClasses");
    assertTrue(javacs.stream().allMatch(n -> n.contains("$$Lambda")), javacs.toString());
    assertTrue(ours.stream().allMatch(n -> n.matches("sample\\.Sample\\$\\$Fn[0-9]+")), ours.toString());
  }

  @Test
  void runningItAgainChangesNothing() throws Exception {
    Path twice = tmp.resolve("twice");
    copyTree(lowered, twice);
    Map<String, byte[]> once = files(twice);
    Result again = lower(twice);
    assertTrue(again.out().contains("[indy-lowering] 0 type switches and 0 lambdas, 0 record equals/hashCode lowered in "
        + once.size() + " classes"), again.out());
    assertSameFiles(once, files(twice));
  }

  @Test
  void skippedOnRequestAndFailuresExitWithTwo() throws Exception {
    Path skip = tmp.resolve("skip");
    copyTree(original, skip);
    Result skipped = tool("-Dfuthark4j.skipIndyLowering=true", skip.toString());
    assertEquals(0, skipped.status(), skipped.out());
    assertTrue(skipped.out().contains("[indy-lowering] skipped (futhark4j.skipIndyLowering)"), skipped.out());
    assertSameFiles(files(original), files(skip));

    Result failed = tool(null, tmp.resolve("no-such-directory").toString());
    assertEquals(2, failed.status(), failed.out());
    assertTrue(failed.out().contains("[indy-lowering] failed: "), failed.out());
  }
}
