package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.Decl;
import io.github.futhark4j.compiler.syntax.Ast.LazyValDecl;
import io.github.futhark4j.compiler.syntax.Ast.ValDecl;
import io.github.futhark4j.compiler.syntax.Ast.ModDecl;
import io.github.futhark4j.compiler.syntax.Ast.Program;
import io.github.futhark4j.compiler.syntax.Parser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The prelude: Futhark source kept as resources under {@code io/github/futhark4j/prelude}. The
 * numeric modules ({@code i8} .. {@code u64}, {@code f16} .. {@code f64}) are generated from one
 * template per kind of type, so every module has the same members.
 *
 * <p>Parsed once per JVM, in two parts. The module types and the array functions ({@link #unit()})
 * are parsed up front. The numeric modules and {@code bool} ({@link #modules()}), three quarters
 * of the text, are parsed only when a program first names one, and each compile checks only the
 * modules its program names (see {@code Checker}): a fresh JVM's first compile then parses and
 * checks a fraction of the prelude. Spans are into the one prelude text either way, so positions
 * are those of {@link #text()}.
 */
public final class Prelude {
  private Prelude() {}

  /** The prelude text and where its lazily parsed modules are in it. */
  private record Layout(String text, List<Module> modules) {}

  /**
   * A module of the prelude that is parsed when first used: {@code module name = { ... }} at
   * characters {@code [from, to)} of the prelude text.
   */
  public static final class Module {
    private final String name;
    private final int from, to;
    private volatile ModDecl decl;

    private Module(String name, int from, int to) {
      this.name = name;
      this.from = from;
      this.to = to;
    }

    /** The module's name, e.g. {@code f64}. */
    public String name() { return name; }

    /** The parsed declaration (parsed on the first call, once per JVM). */
    public ModDecl decl() {
      ModDecl d = decl;
      if (d == null) {
        synchronized (this) {
          if (decl == null) {
            decl = parseOne(unit().source(), from, to, ModDecl.class, m -> m.name().equals(name), "prelude module " + name);
          }
          d = decl;
        }
      }
      return d;
    }
  }

  private static volatile Layout layout;
  private static volatile Checker.Unit unit;
  private static int headSize;

  private static Layout layout() {
    Layout l = layout;
    if (l == null) {
      synchronized (Prelude.class) {
        if (layout == null) {
          Layout expanded = expanded();
          layout = expanded != null ? expanded : build();
        }
        l = layout;
      }
    }
    return l;
  }

  /** The resources the build writes ({@link Expand}): the expanded text and where its modules are. */
  static final String EXPANDED = "expanded.fut", EXPANDED_INDEX = "expanded.idx";

  /**
   * The layout the build expanded from the templates ({@link Expand}), or null without it (a build
   * that skipped the step): expanding them here costs a fresh JVM's first compile some 20 ms of its
   * interpreter.
   */
  private static Layout expanded() {
    try (InputStream idx = Prelude.class.getResourceAsStream("/io/github/futhark4j/prelude/" + EXPANDED_INDEX)) {
      if (idx == null) return null;
      String[] lines = new String(idx.readAllBytes(), StandardCharsets.UTF_8).split("\n");
      String text = resource(EXPANDED);
      if (!lines[0].equals("length " + text.length())) return null;
      List<Module> modules = new ArrayList<>();
      int end = 0;
      for (int i = 1; i < lines.length; i++) {
        String[] f = lines[i].split(" ");
        if (f.length != 3) return null;
        int from = Integer.parseInt(f[1]), to = Integer.parseInt(f[2]);
        if (from < end || to < from || to > text.length()) return null;
        modules.add(new Module(f[0], from, to));
        end = to;
      }
      return modules.isEmpty() ? null : new Layout(text, List.copyOf(modules));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Build step (Maven phase process-classes): writes the prelude expanded from its templates, and
   * where its modules are, into {@code CLASSES_DIR/io/github/futhark4j/prelude/}, for
   * {@link #layout()} to read instead of expanding the templates in every JVM.
   */
  public static final class Expand {
    private Expand() {}

    public static void main(String[] args) throws IOException {
      Layout l = build();
      java.nio.file.Path dir = java.nio.file.Path.of(args[0], "io", "github", "futhark4j", "prelude");
      java.nio.file.Files.writeString(dir.resolve(EXPANDED), l.text(), StandardCharsets.UTF_8);
      java.nio.file.Files.writeString(dir.resolve(EXPANDED_INDEX), index(l), StandardCharsets.UTF_8);
    }
  }

  /** {@link #EXPANDED_INDEX} of a layout: {@code length N}, then {@code name from to} per module. */
  private static String index(Layout l) {
    StringBuilder idx = new StringBuilder("length ").append(l.text().length()).append('\n');
    for (Module m : l.modules()) idx.append(m.name).append(' ').append(m.from).append(' ').append(m.to).append('\n');
    return idx.toString();
  }

  /** The prelude text expanded from the templates now, and its index; for tests of the expanded resources. */
  static List<String> built() {
    Layout l = build();
    return List.of(l.text(), index(l));
  }

  /** {@link #built()} of the layout in use. */
  static List<String> inUse() {
    Layout l = layout();
    return List.of(l.text(), index(l));
  }

  /**
   * The parsed prelude without its modules ({@link #modules()}): the module types, then the array
   * functions. The modules come between the two in the text; {@link #headSize()} says where.
   */
  public static Checker.Unit unit() {
    Checker.Unit u = unit;
    if (u == null) {
      synchronized (Prelude.class) {
        if (unit == null) {
          Layout l = layout();
          Source src = new Source("<prelude>", l.text());
          List<Diagnostic> diags = new ArrayList<>();
          int first = l.modules().get(0).from, last = l.modules().get(l.modules().size() - 1).to;
          List<Decl> decls = new ArrayList<>(Parser.parse(src, 0, first, diags).decls());
          int head = decls.size();
          List<Decl> tail = lazyDefs(src, last, l.text().length());
          decls.addAll(tail != null ? tail : Parser.parse(src, last, l.text().length(), diags).decls());
          if (!diags.isEmpty()) throw new IllegalStateException("prelude does not parse: " + diags);
          headSize = head;
          unit = new Checker.Unit(src, new Program(decls), true, false);
        }
        u = unit;
      }
    }
    return u;
  }

  /**
   * The array functions ({@code soacs.fut}, characters {@code [from, to)} of {@code src}) as
   * {@link LazyValDecl}s, each parsed when the checker first needs it (a fresh JVM's first compile
   * spent a third of its parsing on them, and most programs use a few); null if the text is not
   * what the scan expects (only {@code def}s at the start of a line, their continuation lines
   * indented, comments and blank lines between them), and the caller then parses it all.
   */
  static List<Decl> lazyDefs(Source src, int from, int to) {
    String t = src.text();
    List<Decl> out = new ArrayList<>();
    int defStart = -1, defEnd = -1;
    for (int i = from; i < to; ) {
      int eol = t.indexOf('\n', i);
      if (eol < 0 || eol > to) eol = to;
      int end = eol;
      while (end > i && Character.isWhitespace(t.charAt(end - 1))) end--;
      if (end > i) {
        char c = t.charAt(i);
        if (c == ' ') {
          if (defStart < 0) return null; // indented text outside a def
          defEnd = end;
        } else {
          if (defStart >= 0) {
            Decl d = lazyDef(src, defStart, defEnd);
            if (d == null) return null;
            out.add(d);
            defStart = -1;
          }
          if (t.startsWith("def ", i)) {
            defStart = i;
            defEnd = end;
          } else if (!t.startsWith("--", i)) {
            return null;
          }
        }
      }
      i = eol + 1;
    }
    if (defStart >= 0) {
      Decl d = lazyDef(src, defStart, defEnd);
      if (d == null) return null;
      out.add(d);
    }
    return out;
  }

  /** {@code def NAME ...} or {@code def (OP) ...} at {@code [from, to)}, parsed when first asked for; null for another form. */
  private static LazyValDecl lazyDef(Source src, int from, int to) {
    String t = src.text();
    int n = from + 4;
    while (n < to && t.charAt(n) == ' ') n++;
    int nameFrom, nameTo;
    if (n < to && t.charAt(n) == '(') {
      nameFrom = n + 1;
      nameTo = nameFrom;
      while (nameTo < to && "+-*/%=!<>&|^.@~:?".indexOf(t.charAt(nameTo)) >= 0) nameTo++;
      if (nameTo == nameFrom || nameTo >= to || t.charAt(nameTo) != ')') return null;
    } else {
      nameFrom = n;
      nameTo = n;
      while (nameTo < to && (Character.isLetterOrDigit(t.charAt(nameTo)) || t.charAt(nameTo) == '_' || t.charAt(nameTo) == '\'')) nameTo++;
      if (nameTo == nameFrom || !Character.isLetter(t.charAt(nameFrom))) return null;
    }
    String name = t.substring(nameFrom, nameTo);
    Span nameSpan = new Span(src, nameFrom, nameTo);
    Span span = new Span(src, from, to);
    ValDecl[] parsed = new ValDecl[1];
    java.util.function.Supplier<ValDecl> parse = () -> {
      synchronized (parsed) {
        if (parsed[0] == null) {
          parsed[0] = parseOne(src, from, to, ValDecl.class, v -> v.name().equals(name) && v.nameSpan().equals(nameSpan),
              "prelude definition " + name);
        }
        return parsed[0];
      }
    };
    return new LazyValDecl(name, nameSpan, span, parse);
  }

  /**
   * The one declaration at {@code [from, to)} of {@code src}, which must be a {@code kind} that is
   * {@code expected}; {@code what} names it in the error that anything else is.
   */
  private static <T extends Decl> T parseOne(Source src, int from, int to, Class<T> kind,
      java.util.function.Predicate<T> expected, String what) {
    List<Diagnostic> diags = new ArrayList<>();
    Program p = Parser.parse(src, from, to, diags);
    if (!diags.isEmpty() || p.decls().size() != 1 || !kind.isInstance(p.decls().get(0))
        || !expected.test(kind.cast(p.decls().get(0)))) {
      throw new IllegalStateException(what + " does not parse: " + diags);
    }
    return kind.cast(p.decls().get(0));
  }

  /** The number of declarations of {@link #unit()} that come before the modules in the text. */
  public static int headSize() {
    unit();
    return headSize;
  }

  /** The modules that are parsed when first used, in the order of the text. */
  public static List<Module> modules() {
    return layout().modules();
  }

  /** The full prelude text. */
  public static String text() {
    return layout().text();
  }

  private static Layout build() {
    StringBuilder sb = new StringBuilder();
    List<Module> modules = new ArrayList<>();
    sb.append(resource("modtypes.fut")).append('\n');
    String intT = resource("int.fut.tmpl");
    String floatT = resource("float.fut.tmpl");
    for (PrimType t : PrimType.values()) {
      int from = sb.length();
      if (t.isInteger()) {
        BigInteger hi = t.isSigned() ? BigInteger.ONE.shiftLeft(t.bits() - 1).subtract(BigInteger.ONE)
            : BigInteger.ONE.shiftLeft(t.bits()).subtract(BigInteger.ONE);
        String lo = t.isSigned() ? "-" + BigInteger.ONE.shiftLeft(t.bits() - 1) + t.futName() : "0" + t.futName();
        expand(sb, intT, java.util.Map.of("conversions", conversions(t.futName()),
            "highest", hi + t.futName(), "lowest", lo, "bits", Integer.toString(t.bits()), "t", t.futName()));
      } else if (t.isFloat()) {
        String eps = switch (t) {
          case F16 -> "0.0009765625f16";
          case F32 -> "1.1920929e-7f32";
          default -> "2.220446049250313e-16f64";
        };
        expand(sb, floatT, java.util.Map.of("conversions", conversions(t.futName()), "epsilon", eps,
            "bits", Integer.toString(t.bits()), "u", "u" + t.bits(), "s", "i" + t.bits(), "t", t.futName()));
      }
      if (sb.length() > from) modules.add(new Module(t.futName(), from, sb.length()));
      sb.append('\n');
    }
    int from = sb.length();
    expand(sb, resource("bool.fut"), java.util.Map.of("conversions", conversions("bool")));
    modules.add(new Module("bool", from, sb.length()));
    sb.append('\n');
    sb.append(resource("soacs.fut"));
    return new Layout(sb.toString(), List.copyOf(modules));
  }

  /**
   * Appends {@code template} with every {@code $name} (a name of letters) replaced by its value in
   * {@code vars}, in one pass (values are not expanded again; a name without a value stays as it
   * is). One pass instead of a {@code replace} per name: this runs in a fresh JVM's interpreter.
   */
  static void expand(StringBuilder sb, String template, java.util.Map<String, String> vars) {
    int from = 0;
    for (int i = template.indexOf('$'); i >= 0; i = template.indexOf('$', i + 1)) {
      int end = i + 1;
      while (end < template.length() && Character.isLetter(template.charAt(end))) end++;
      String value = vars.get(template.substring(i + 1, end));
      if (value == null) continue;
      sb.append(template, from, i).append(value);
      from = end;
      i = end - 1;
    }
    sb.append(template, from, template.length());
  }

  /** {@code def i8 (x: i8) : T = intrinsics.convert x} for every primitive type. */
  private static String conversions(String target) {
    StringBuilder sb = new StringBuilder();
    for (PrimType s : PrimType.values()) {
      sb.append("  def ").append(s.futName()).append(" (x: ").append(s.futName()).append(") : ").append(target)
          .append(" = intrinsics.convert x\n");
    }
    sb.append("  def from_i64 (x: i64) : ").append(target).append(" = intrinsics.convert x\n");
    return sb.toString();
  }

  private static String resource(String name) {
    try (InputStream in = Prelude.class.getResourceAsStream("/io/github/futhark4j/prelude/" + name)) {
      if (in == null) throw new IllegalStateException("missing prelude resource " + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
