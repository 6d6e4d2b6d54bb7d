package io.github.futhark4j.compiler.typed;

import java.util.Set;

/**
 * The built-in functions the prelude bottoms out in. The type checker gives each use its
 * instantiated type ({@link TExp.Intrinsic#type()}); lowering and code generation give each its
 * meaning. Everything else in the prelude is written in Futhark (src/main/resources/.../prelude).
 *
 * <p>In the prelude they are written {@code intrinsics.NAME}. Types below use Futhark notation;
 * {@code t}, {@code a}, {@code b} range over any non-function type, {@code p}, {@code q} over
 * primitive types, {@code int} over integer types and {@code float} over float types. Functions
 * are curried as in Futhark; an {@link TExp.Apply} of an intrinsic passes all arguments at once.
 */
public final class Intrinsics {
  private Intrinsics() {}

  /** Array intrinsics (second-order array combinators and shape operations). */
  public static final Set<String> ARRAY = Set.of(
      // map f x1 .. xn : (a1 -> .. -> an -> b) -> [k]a1 -> .. -> [k]an -> [k]b   (n = 1..5)
      "map", "map2", "map3", "map4", "map5",
      // reduce op ne xs : (t -> t -> t) -> t -> [k]t -> t           (op associative)
      "reduce",
      // reduce_comm: as reduce, op also commutative
      "reduce_comm",
      // scan op ne xs : (t -> t -> t) -> t -> [k]t -> [k]t         (inclusive)
      "scan",
      // filter p xs : (t -> bool) -> [k]t -> ?[m].[m]t
      "filter",
      // partition k f xs : i64 -> (t -> i64) -> [n]t -> ([n]t, [k]i64)   (real partition intrinsic)
      "partition",
      // hist op ne dest is vs : (t -> t -> t) -> t -> *[m]t -> [k]i64 -> [k]t -> *[m]t
      //   (reduce_by_index; out-of-range indices are ignored)
      "hist",
      // scatter dest is vs : *[m]t -> [k]i64 -> [k]t -> *[m]t   (out-of-range indices ignored)
      "scatter",
      // scatter_2d dest is vs : *[m][n]t -> [k](i64, i64) -> [k]t -> *[m][n]t ; scatter_3d likewise
      "scatter_2d", "scatter_3d",
      // iota n : (n: i64) -> [n]i64   (for other integer types the prelude maps a conversion)
      "iota",
      // replicate n x : (n: i64) -> t -> [n]t
      "replicate",
      // concat xs ys : [n]t -> [m]t -> [n+m]t
      "concat",
      // flatten xs : [n][m]t -> [n*m]t
      "flatten",
      // unflatten n m xs : (n: i64) -> (m: i64) -> [k]t -> [n][m]t   (size checked at run time)
      "unflatten",
      // transpose xs : [n][m]t -> [m][n]t
      "transpose",
      // rotate r xs : i64 -> [n]t -> [n]t
      "rotate",
      // zip xs ys : [n]a -> [n]b -> [n](a, b)   (free: arrays of tuples are tuples of arrays)
      "zip",
      // unzip xys : [n](a, b) -> ([n]a, [n]b)
      "unzip",
      // length xs : [n]t -> i64   (the checker may add a second argument, a literal d: the size of
      //   dimension d of xs, for reading inner sizes without indexing a possibly empty array)
      "length",
      // copy x, opaque x, manifest x : t -> t   (copy gives a fresh unique value)
      "copy", "opaque", "manifest",
      // trace x, break x : t -> t (debugging aids; behave as identity)
      "trace", "break",
      // jvp2 f x x' : (a -> b) -> a -> a -> (b, b)   (forward-mode AD: the primal and its tangent)
      // jmp2 f x xs' : (a -> b) -> a -> [n]a -> (b, [n]b)   (one tangent per seed)
      // vjp2 f x y' : (a -> b) -> a -> b -> (b, a)   (reverse-mode AD: the primal and the cotangent)
      // mjp2 f x ys' : (a -> b) -> a -> [n]b -> (b, [n]a)   (one cotangent per seed)
      // with_vjp f f' x : (a -> b) -> (b -> b -> a) -> a -> b   (f with a custom adjoint)
      "jvp2", "jmp2", "vjp2", "mjp2", "with_vjp");

  /**
   * Primitive intrinsics. Each is applied to primitive arguments; the types are in the instance.
   * {@code convert : p -> q} is every conversion between primitive types (including bool), with
   * Futhark's semantics (float to int truncates toward zero; out-of-range is undefined but must
   * not trap).
   */
  public static final Set<String> PRIM = Set.of(
      "convert",
      // p -> p -> p
      "min", "max", "atan2", "hypot", "pow", "copysign", "nextafter", "mul_hi",
      // p -> p
      "abs", "sgn", "sqrt", "cbrt", "exp", "exp2", "exp10", "log", "log2", "log10", "log1p",
      "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
      "atanh", "erf", "erfc", "gamma", "lgamma", "floor", "ceil", "round", "trunc",
      // float -> bool
      "isnan", "isinf",
      // int -> i32
      "popc", "clz", "ctz",
      // p -> p -> p -> p
      "fma", "mad", "mad_hi", "lerp",
      // float -> uN (same width) and back
      "to_bits", "from_bits",
      // float -> i32 -> float
      "ldexp");

  public static boolean isIntrinsic(String name) {
    return ARRAY.contains(name) || PRIM.contains(name);
  }
}
