package io.github.futhark4j.compiler.lower;

/**
 * The program grows too large when every function call is inlined: more IR statements, or more
 * inlined calls, than {@link Budget#limit()} allows. Not a compiler bug: a program whose functions
 * call each other in chains (each calling the next twice, say) doubles in size per link. The
 * toolchain reports it as a compile error naming the limit.
 */
public final class BudgetException extends RuntimeException {
  public BudgetException(String msg) { super(msg); }
}
