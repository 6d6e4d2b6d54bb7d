package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The identity of a build: SHA-256 over everything that can change the compiled library. Two
 * builds with the same key may share one cache entry; anything that could make their libraries
 * differ must therefore be in here. The exact contents are pinned in {@code docs/cache.md}.
 *
 * <p>The key is the hash of a small, human-readable text, {@link #description()}, which lists each
 * input on its own line (sources by their SHA-256). The text is stored in each cache entry as
 * {@code key.txt}, so one can see why two builds did or did not share an entry.
 *
 * @param hex         the key: 64 lower-case hex digits
 * @param description the text that was hashed
 * @param files       the imported files that went in (absolute paths; the main source is not a file here)
 */
public record BuildKey(String hex, String description, List<Path> files) {
  /** Bump when the layout of the description changes, so old entries stop matching. */
  static final int FORMAT = 1;

  public BuildKey {
    Objects.requireNonNull(hex);
    Objects.requireNonNull(description);
    files = List.copyOf(files);
  }

  /**
   * Computes the key of compiling {@code main} (and the files it imports, read now).
   *
   * @param compilerIdentity  {@link FutharkCompiler#identity()}
   * @param backend           the Futhark backend
   * @param cCompilerIdentity {@link CCompiler#identity()}
   * @param cFlags            every flag given to the C compiler
   */
  public static BuildKey compute(Source main, String compilerIdentity, String backend,
      String cCompilerIdentity, List<String> cFlags) throws IOException {
    return compute(main, compilerIdentity, backend, cCompilerIdentity, cFlags, CpuTarget.nativeTarget());
  }

  /** As {@link #compute(Source, String, String, String, List)}, for a build for {@code target} (its {@code cpu} line). */
  public static BuildKey compute(Source main, String compilerIdentity, String backend,
      String cCompilerIdentity, List<String> cFlags, CpuTarget target) throws IOException {
    return compute(SourceSet.collect(main), compilerIdentity, backend, cCompilerIdentity, cFlags, target);
  }

  static BuildKey compute(SourceSet set, String compilerIdentity, String backend,
      String cCompilerIdentity, List<String> cFlags) {
    return compute(set, compilerIdentity, backend, cCompilerIdentity, cFlags, CpuTarget.nativeTarget());
  }

  static BuildKey compute(SourceSet set, String compilerIdentity, String backend,
      String cCompilerIdentity, List<String> cFlags, CpuTarget target) {
    Source main = set.main();
    StringBuilder d = new StringBuilder();
    line(d, "futhark4j-build-key", Integer.toString(FORMAT));
    line(d, "futhark4j", Version.FUTHARK4J);
    line(d, "compiler", compilerIdentity);
    line(d, "backend", backend);
    line(d, "cc", cCompilerIdentity);
    line(d, "cflags", String.join(" ", cFlags));
    line(d, "os", Platform.os());
    line(d, "cpu", target.keyLine());
    // The source name is in the key because generated code embeds it in error messages.
    line(d, "main", main.name() + " " + Hashing.sha256Hex(main.text()));
    for (SourceSet.SourceFile f : set.files()) {
      line(d, "import", f.relative() + " " + Hashing.sha256Hex(f.bytes()));
    }
    String text = d.toString();
    return new BuildKey(Hashing.sha256Hex(text), text, set.files().stream().map(SourceSet.SourceFile::path).toList());
  }

  private static void line(StringBuilder d, String field, String value) {
    d.append(field).append(' ').append(escape(value)).append('\n');
  }

  /**
   * The value of the first line of {@code field} in a key's description ({@code key.txt}), as
   * written (escaped), or null when it has none.
   */
  static String field(String description, String field) {
    for (String line : description.split("\n")) {
      if (line.startsWith(field + " ")) return line.substring(field.length() + 1);
    }
    return null;
  }

  /** Keeps one field per line whatever a name or version string contains. */
  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
  }

  @Override
  public String toString() { return hex; }
}
