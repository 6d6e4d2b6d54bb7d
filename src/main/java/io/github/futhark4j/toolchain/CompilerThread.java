package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.lower.BudgetException;
import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * Runs the built-in compiler on a thread of its own with a large stack. The parser, the type
 * checker and the lowering recurse over the program's tree, so the depth they need grows with the
 * nesting of the source (a left-nested sum of 20,000 terms is 20,000 levels deep); a default
 * thread stack (512 KiB to 1 MiB) overflowed at about 700 levels. The stack is reserved address
 * space, committed only as far as it is used, so a large reservation costs nothing for ordinary
 * programs.
 *
 * <p>Whatever the compiler runs out of becomes a {@link CompilerLimitException} naming the limit:
 * a {@link StackOverflowError} (the stack size, {@value #STACK_PROPERTY}) or an
 * {@link OutOfMemoryError} (the JVM's heap, {@code -Xmx}), or the budget for the program's size
 * after inlining ({@link BudgetException}). No {@link Error} of the compiler escapes to the caller.
 */
public final class CompilerThread {
  private CompilerThread() {}

  /** System property: the compiler thread's stack size in bytes, or with a suffix k, m, g ({@code 512m}). */
  public static final String STACK_PROPERTY = "futhark4j.compilerStack";

  /** The default stack size: 512 MiB. */
  public static final long DEFAULT_STACK = 512L << 20;

  /** Work for the compiler thread. */
  @FunctionalInterface
  public interface Task<T> {
    T run() throws CompileException, IOException;
  }

  /** The stack size in effect: {@value #STACK_PROPERTY} when set and valid, else {@link #DEFAULT_STACK}. */
  public static long stackSize() {
    String v = System.getProperty(STACK_PROPERTY);
    if (v == null || v.isBlank()) return DEFAULT_STACK;
    long s = Sizes.parse(v);
    if (s < (1L << 20)) {
      throw new IllegalArgumentException("the system property " + STACK_PROPERTY + " must be a size of at least 1m"
          + " (bytes, or a number with k, m or g), not '" + v + "'");
    }
    return s;
  }

  /**
   * Runs {@code task} on a new compiler thread and waits for it; {@code what} names the program in
   * messages. Exceptions of the task are rethrown as they are; running out of stack or heap is a
   * {@link CompilerLimitException}.
   */
  public static <T> T run(String what, Task<T> task) throws CompileException, IOException {
    long stack = stackSize();
    Object[] result = new Object[1];
    Throwable[] failure = new Throwable[1];
    Thread t = new Thread(null, () -> {
      try {
        result[0] = task.run();
      } catch (Throwable e) {
        failure[0] = e;
      }
    }, "futhark4j-compiler", stack);
    t.setDaemon(true);
    t.start();
    try {
      t.join();
    } catch (InterruptedException e) {
      // The compiler does not poll for interruption; it finishes on its own and is dropped.
      t.interrupt();
      Thread.currentThread().interrupt();
      InterruptedIOException ie = new InterruptedIOException("interrupted while compiling " + what);
      ie.initCause(e);
      throw ie;
    }
    Throwable f = failure[0];
    if (f == null) {
      @SuppressWarnings("unchecked") T r = (T) result[0];
      return r;
    }
    switch (f) {
      case StackOverflowError so -> throw new CompilerLimitException(what + ": the program is nested too deeply for the"
          + " built-in compiler: it used up the compiler's stack of " + Sizes.describe(stack) + ". Raise the limit with the"
          + " system property " + STACK_PROPERTY + " (for example -D" + STACK_PROPERTY + "=2g), or split deeply nested"
          + " expressions with let bindings.", so);
      case OutOfMemoryError oom -> {
        // The failed compile's data is garbage now; collect it before the caller goes on, so that
        // the next compile in this JVM does not start with a full heap.
        failure[0] = null;
        result[0] = null;
        System.gc();
        throw new CompilerLimitException(what + ": the built-in compiler ran out of Java heap ("
          + oom.getMessage() + "; the JVM's maximum heap is " + Sizes.describe(Runtime.getRuntime().maxMemory())
          + ", set with -Xmx). A program whose functions call each other many times in chains expands a lot,"
          + " since every call is inlined.", oom);
      }
      case BudgetException be -> throw new CompilerLimitException(what + ": " + be.getMessage(), be);
      case CompileException ce -> throw ce;
      case IOException io -> throw io;
      case RuntimeException re -> throw re;
      case Error err -> throw err;
      default -> throw new IllegalStateException(f);
    }
  }
}
