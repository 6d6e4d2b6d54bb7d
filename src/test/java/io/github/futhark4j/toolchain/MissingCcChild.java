package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.source.Source;
import java.nio.file.Path;

/**
 * Run by {@link MissingCcTest} in a JVM whose environment has {@code CC=/nonexistent}: builds through
 * the default C compiler lookup and prints what it got. Arguments: cache directory, counter file.
 */
public final class MissingCcChild {
  private MissingCcChild() {}

  public static void main(String[] args) throws Exception {
    LibraryBuilder lb = new LibraryBuilder(Path.of(args[0]), new TinyCompiler(Path.of(args[1]), 0), "c");
    try {
      BuiltLibrary b = lb.build(new Source("prog.fut", "entry x = 1"));
      System.out.println("BUILT " + b.sharedLibrary());
    } catch (ExternalCompilerException e) {
      System.out.println("FAILED " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }
}
