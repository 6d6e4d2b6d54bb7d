package io.github.futhark4j;

import java.util.List;

/**
 * One entry point of a compiled program, bound to the program's context. Thread safe.
 *
 * <p>Java shapes: scalars as boxed values ({@code Integer} for i32, {@code Double} for f64,
 * {@code Boolean} for bool; unsigned types as the same-width signed Java type holding the same
 * bits; f16 as {@code Float}); arrays as Java primitive arrays of the same rank ({@code double[][]}
 * for {@code [][]f64}) or {@link FutharkArray}; an entry point with several results returns
 * {@code Object[]} with one element per result; records and tuples (opaque types the manifest
 * describes as records) as {@code Map<String, Object>} and {@code Object[]}; other opaque types as
 * {@link FutharkOpaque}. The full table is in docs/api.md.
 *
 * <p>Calls on one program are serialised (one Futhark context runs one call at a time); argument
 * conversion happens outside that lock. A typed array given as the only argument of a
 * one-parameter entry point is taken as that argument, not spread as the varargs array.
 */
public interface FutharkFunction {
  /** The entry point's name. */
  String name();

  /** Parameter types as the manifest names them, e.g. {@code []f64}. */
  List<String> parameterTypes();

  /** Result types as the manifest names them. */
  List<String> resultTypes();

  /**
   * Whether the entry point consumes its parameter number {@code parameter} (from 0), declared
   * unique ({@code *[]t}) in Futhark: a native value passed there is used up by the call and may
   * only be closed afterwards, so a caller that wants to pass the same data again passes a copy
   * ({@link FutharkProgram#newArray}). Java arrays passed there are copied anyway.
   *
   * @throws IndexOutOfBoundsException no such parameter
   */
  default boolean consumes(int parameter) {
    java.util.Objects.checkIndex(parameter, parameterTypes().size());
    return false;
  }

  /**
   * Calls the entry point. Arguments are converted from Java values; array results are copied into
   * Java arrays.
   *
   * @throws IllegalArgumentException wrong number, type, rank or shape of arguments, or null,
   *                                  naming the entry point and the parameter
   * @throws FutharkException         the Futhark code failed (e.g. {@link FutharkProgramException})
   */
  Object call(Object... args);

  /**
   * Like {@link #call} but array results stay in native memory as {@link FutharkArray} handles
   * that can be passed on to other calls without copying.
   */
  Object callNative(Object... args);

  /**
   * Like {@link #call}, but writes array results into arrays the caller gives, instead of new ones:
   * for a loop that calls an entry point many times with results of the same size, and wants
   * neither a fresh (zeroed) Java array per call nor the garbage. {@code into[i]} is for result
   * {@code i}: {@code null} for a new array as {@link #call} makes (and for scalar results), or a
   * one-dimensional Java array of the result's element type ({@code double[]} for {@code [][]f64};
   * {@code float[]} for f16, {@code boolean[]} for bool) whose length is the result's element count:
   * the elements are written into it in row-major order. On a JDK 22+ the library copies a big
   * result straight into the given array.
   *
   * @param into one slot per result ({@link #resultTypes()}), each {@code null} or an array to fill
   * @return what {@link #call} returns, with each given array in place of a new one
   * @throws IllegalArgumentException bad arguments as for {@link #call}; {@code into} of the wrong
   *                                  length; a given array of the wrong type, or whose length is not
   *                                  the result's element count (then no array is written)
   */
  default Object callInto(Object[] into, Object... args) {
    CallInto.checkSlots(this, into);
    Object r = call(args);
    return CallInto.fill(this, into, r);
  }

  /** The program this function belongs to. */
  FutharkProgram program();

  /**
   * Makes the following calls as fast as they will get, now. The runtime first calls an entry
   * point (and the functions of its array types) through JNA's generic path, and binds them by
   * JNA direct mapping on the 8th use, which costs once, at that call, between a few and about 50
   * milliseconds (the most for the first binding in a JVM). Call this after loading a program in
   * latency-sensitive code, or before timing it, so that no later call pays that cost. Calling it
   * again does nothing; calls work the same with or without it.
   */
  void prepare();
}
