package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.syntax.Ast.TypeExp;
import io.github.futhark4j.compiler.syntax.Parser;
import io.github.futhark4j.compiler.typed.Intrinsics;
import io.github.futhark4j.compiler.types.Ty.Sz;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The types of the {@link Intrinsics}, written in Futhark type syntax. In a signature the
 * lower-case names {@code a}..{@code e} and {@code t} are type variables over any type, {@code p}
 * and {@code q} range over primitive types, and the sizes {@code n}, {@code m}, {@code k} are
 * inferred per use.
 */
final class IntrinsicTypes {
  private IntrinsicTypes() {}

  private static final Map<String, String> SIGS = new HashMap<>();

  static {
    SIGS.put("map", "(a -> b) -> [n]a -> *[n]b");
    SIGS.put("map2", "(a -> b -> c) -> [n]a -> [n]b -> *[n]c");
    SIGS.put("map3", "(a -> b -> c -> d) -> [n]a -> [n]b -> [n]c -> *[n]d");
    SIGS.put("map4", "(a -> b -> c -> d -> e) -> [n]a -> [n]b -> [n]c -> [n]d -> *[n]e");
    SIGS.put("map5", "(a -> b -> c -> d -> e -> t) -> [n]a -> [n]b -> [n]c -> [n]d -> [n]e -> *[n]t");
    SIGS.put("reduce", "(a -> a -> a) -> a -> [n]a -> a");
    SIGS.put("reduce_comm", "(a -> a -> a) -> a -> [n]a -> a");
    SIGS.put("scan", "(a -> a -> a) -> a -> [n]a -> *[n]a");
    SIGS.put("filter", "(a -> bool) -> [n]a -> *[]a");
    SIGS.put("partition", "i64 -> (a -> i64) -> [n]a -> ([n]a, []i64)");
    SIGS.put("hist", "(a -> a -> a) -> a -> *[m]a -> [n]i64 -> [n]a -> *[m]a");
    SIGS.put("scatter", "*[m]a -> [n]i64 -> [n]a -> *[m]a");
    SIGS.put("scatter_2d", "*[m][k]a -> [n](i64, i64) -> [n]a -> *[m][k]a");
    SIGS.put("scatter_3d", "*[m][k][l]a -> [n](i64, i64, i64) -> [n]a -> *[m][k][l]a");
    SIGS.put("iota", "(x: i64) -> *[x]i64");
    SIGS.put("replicate", "(x: i64) -> a -> *[x]a");
    SIGS.put("concat", "[n]a -> [m]a -> *[]a");
    SIGS.put("flatten", "[n][m]a -> []a");
    SIGS.put("unflatten", "(x: i64) -> (y: i64) -> [n]a -> [x][y]a");
    SIGS.put("transpose", "[n][m]a -> [m][n]a");
    SIGS.put("rotate", "i64 -> [n]a -> [n]a");
    SIGS.put("zip", "[n]a -> [n]b -> [n](a, b)");
    SIGS.put("unzip", "[n](a, b) -> ([n]a, [n]b)");
    SIGS.put("length", "[n]a -> i64");
    for (String s : List.of("copy", "opaque", "manifest", "trace", "break")) SIGS.put(s, "a -> a");
    SIGS.put("convert", "p -> q");
    for (String s : List.of("min", "max", "atan2", "hypot", "pow", "copysign", "nextafter", "mul_hi")) SIGS.put(s, "p -> p -> p");
    for (String s : List.of("abs", "sgn", "sqrt", "cbrt", "exp", "exp2", "exp10", "log", "log2", "log10", "log1p",
        "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc",
        "gamma", "lgamma", "floor", "ceil", "round", "trunc")) SIGS.put(s, "p -> p");
    SIGS.put("isnan", "p -> bool");
    SIGS.put("isinf", "p -> bool");
    for (String s : List.of("popc", "clz", "ctz")) SIGS.put(s, "p -> i32");
    for (String s : List.of("fma", "mad", "mad_hi", "lerp")) SIGS.put(s, "p -> p -> p -> p");
    SIGS.put("to_bits", "p -> q");
    SIGS.put("from_bits", "p -> q");
    SIGS.put("ldexp", "p -> i32 -> p");
  }

  private static final Map<String, TypeExp> PARSED = new HashMap<>();

  static synchronized TypeExp parsed(String name) {
    return PARSED.computeIfAbsent(name, n -> {
      List<Diagnostic> ds = new ArrayList<>();
      TypeExp t = Parser.parseTypeText(new Source("<intrinsic " + n + ">", SIGS.get(n)), ds);
      if (!ds.isEmpty() || t == null) throw new IllegalStateException("bad intrinsic signature for " + n + ": " + ds);
      return t;
    });
  }

  /** A fresh instance of the type of intrinsic {@code name}, or {@code null} if there is none. */
  static Ty instantiate(CheckerBase checker, String name) {
    if (!SIGS.containsKey(name)) return null;
    Map<String, Ty> vars = new HashMap<>();
    for (String v : List.of("a", "b", "c", "d", "e", "t")) vars.put(v, new Ty.Var());
    vars.put("p", new Ty.Var(Ty.ALL_PRIMS, "intrinsics." + name));
    vars.put("q", new Ty.Var(Ty.ALL_PRIMS, "intrinsics." + name));
    Map<String, Sz> sizes = new HashMap<>();
    for (String s : List.of("n", "m", "k", "l")) sizes.put(s, new Sz.Flex());
    return checker.convertType(parsed(name), CheckerBase.AnonDims.FRESH, vars, sizes);
  }

  static boolean exists(String name) { return Intrinsics.isIntrinsic(name) && SIGS.containsKey(name); }
}
