package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.source.Source;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The second JVM of {@link TwoJvmTest}: announces it is ready, waits for the go signal, builds the
 * same source into the same cache with a slow {@link TinyCompiler}, and prints the key and library.
 * Arguments: cache directory, counter file, source text, ready file, go file.
 */
public final class TwoJvmChild {
  private TwoJvmChild() {}

  public static void main(String[] args) throws Exception {
    Path cache = Path.of(args[0]);
    Path counter = Path.of(args[1]);
    Source source = new Source("prog.fut", args[2]);
    Path ready = Path.of(args[3]);
    Path go = Path.of(args[4]);
    // Everything slow (class loading, gcc --version) happens before the race starts.
    LibraryBuilder lb = new LibraryBuilder(cache, new TinyCompiler(counter, TwoJvmTest.COMPILE_MILLIS), "c", CCompiler.locate());
    lb.key(source);
    Files.writeString(ready, "ready");
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!Files.exists(go)) {
      if (System.nanoTime() > deadline) throw new IllegalStateException("no go signal");
      Thread.sleep(2);
    }
    BuiltLibrary b = lb.build(source);
    System.out.println("KEY " + b.key());
    System.out.println("LIB " + b.sharedLibrary());
  }
}
