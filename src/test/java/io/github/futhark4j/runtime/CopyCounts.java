package io.github.futhark4j.runtime;

/**
 * For tests in other packages: how often array data has crossed between Java and native memory
 * in this process so far (the runtime's counters, which only ever grow; compare differences).
 */
public final class CopyCounts {
  private CopyCounts() {}

  /** Java arrays (nested, flat or {@code FutharkArray.of}) copied into native memory for a call or {@code newArray}. */
  public static long javaToNative() { return NativeArrays.javaToNative(); }

  /** Native arrays read into Java arrays with {@code FutharkArray.toJava}/{@code toFlatJava}. */
  public static long nativeToJava() { return NativeArrays.nativeToJava(); }
}
