package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.PrimType;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
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
 * template per kind of type, so every module has the same members. Parsed once per JVM.
 */
public final class Prelude {
  private Prelude() {}

  private static volatile Checker.Unit unit;

  /** The parsed prelude, ready to be checked before the user's files. */
  public static Checker.Unit unit() {
    Checker.Unit u = unit;
    if (u == null) {
      synchronized (Prelude.class) {
        if (unit == null) {
          Source src = new Source("<prelude>", text());
          List<Diagnostic> diags = new ArrayList<>();
          Program p = Parser.parse(src, diags);
          if (!diags.isEmpty()) throw new IllegalStateException("prelude does not parse: " + diags);
          unit = new Checker.Unit(src, p, true, false);
        }
        u = unit;
      }
    }
    return u;
  }

  /** The full prelude text. */
  public static String text() {
    StringBuilder sb = new StringBuilder();
    sb.append(resource("modtypes.fut")).append('\n');
    String intT = resource("int.fut.tmpl");
    String floatT = resource("float.fut.tmpl");
    for (PrimType t : PrimType.values()) {
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
        sb.append(intT.replace("$signs", signs).replace("$conversions", conversions(t.futName()))
            .replace("$highest", hi + t.futName()).replace("$lowest", lo)
            .replace("$bits", Integer.toString(t.bits())).replace("$t", t.futName()));
      } else if (t.isFloat()) {
        String eps = switch (t) {
          case F16 -> "0.0009765625f16";
          case F32 -> "1.1920929e-7f32";
          default -> "2.220446049250313e-16f64";
        };
        sb.append(floatT.replace("$conversions", conversions(t.futName()))
            .replace("$epsilon", eps).replace("$bits", Integer.toString(t.bits()))
            .replace("$u", "u" + t.bits()).replace("$t", t.futName()));
      }
      sb.append('\n');
    }
    sb.append(resource("bool.fut").replace("$conversions", conversions("bool"))).append('\n');
    sb.append(resource("soacs.fut"));
    return sb.toString();
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
