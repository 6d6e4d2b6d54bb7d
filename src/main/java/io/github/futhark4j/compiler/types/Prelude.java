package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.syntax.Ast.Decl;
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
            List<Diagnostic> diags = new ArrayList<>();
            Program p = Parser.parse(unit().source(), from, to, diags);
            if (!diags.isEmpty() || p.decls().size() != 1 || !(p.decls().get(0) instanceof ModDecl m) || !m.name().equals(name)) {
              throw new IllegalStateException("prelude module " + name + " does not parse: " + diags);
            }
            decl = m;
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
        if (layout == null) layout = build();
        l = layout;
      }
    }
    return l;
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
          decls.addAll(Parser.parse(src, last, l.text().length(), diags).decls());
          if (!diags.isEmpty()) throw new IllegalStateException("prelude does not parse: " + diags);
          headSize = head;
          unit = new Checker.Unit(src, new Program(decls), true, false);
        }
        u = unit;
      }
    }
    return u;
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
        // sign/unsign reinterpret between the signed and unsigned type of a width, where the
        // reference has them: i32, i64 and the unsigned modules.
        String other = (t.isSigned() ? "u" : "i") + t.bits();
        String signs = !t.isSigned()
            ? "  def sign (x: $t) : " + other + " = intrinsics.convert x\n  def unsign (x: " + other + ") : $t = intrinsics.convert x\n"
            : t.bits() >= 32
            ? "  def sign (x: " + other + ") : $t = intrinsics.convert x\n  def unsign (x: $t) : " + other + " = intrinsics.convert x\n"
            : "";
        expand(sb, intT, java.util.Map.of("signs", signs.replace("$t", t.futName()), "conversions", conversions(t.futName()),
            "highest", hi + t.futName(), "lowest", lo, "bits", Integer.toString(t.bits()), "t", t.futName()));
      } else if (t.isFloat()) {
        String eps = switch (t) {
          case F16 -> "0.0009765625f16";
          case F32 -> "1.1920929e-7f32";
          default -> "2.220446049250313e-16f64";
        };
        expand(sb, floatT, java.util.Map.of("conversions", conversions(t.futName()), "epsilon", eps,
            "bits", Integer.toString(t.bits()), "u", "u" + t.bits(), "t", t.futName()));
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
