package io.github.futhark4j.compiler.interp;

import java.util.Arrays;

/**
 * A function value: a closure, an intrinsic, or a partial application. Functions are curried; an
 * application may pass fewer arguments than the function takes (giving a partial application) or
 * more (the result, a function, takes the rest).
 */
abstract class FunVal {
  /** How many arguments {@link #call} takes. */
  abstract int arity();

  /** Calls with exactly {@link #arity()} arguments. */
  abstract Object call(Object[] args);

  static Object apply(Object f, Object[] args) {
    if (!(f instanceof FunVal fn)) throw new IllegalStateException("application of a non-function: " + f);
    int n = fn.arity();
    if (args.length == n) return fn.call(args);
    if (args.length < n) return new Partial(fn, args);
    Object r = fn.call(Arrays.copyOf(args, n));
    return apply(r, Arrays.copyOfRange(args, n, args.length));
  }

  static Object apply1(Object f, Object x) {
    return apply(f, new Object[] {x});
  }

  static Object apply2(Object f, Object x, Object y) {
    return apply(f, new Object[] {x, y});
  }

  /** A function applied to its first arguments. */
  static final class Partial extends FunVal {
    private final FunVal fun;
    private final Object[] given;

    Partial(FunVal fun, Object[] given) {
      this.fun = fun;
      this.given = given;
    }

    @Override int arity() { return fun.arity() - given.length; }

    @Override
    Object call(Object[] args) {
      Object[] all = Arrays.copyOf(given, given.length + args.length);
      System.arraycopy(args, 0, all, given.length, args.length);
      return fun.call(all);
    }
  }
}
