package io.github.futhark4j;

/** Run by {@link CompilerLimitsTest} in a JVM with a small heap and no inlining budget. */
public final class CompilerLimitsChild {
  private CompilerLimitsChild() {}

  public static void main(String[] args) throws Exception {
    try {
      Futhark.compile(CompilerLimitsTest.doubling(40));
      System.out.println("COMPILED?");
    } catch (FutharkCompileException e) {
      System.out.println("COMPILE ERROR " + e.getMessage());
    }
    try (FutharkProgram p = Futhark.compile("entry f (x: i64) : i64 = x + 1\n")) {
      System.out.println("STILL WORKS " + p.function("f").call(2L));
    }
  }
}
