package io.github.futhark4j.toolchain;

import io.github.futhark4j.compiler.source.Source;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A main source and every file it imports, directly or not, as read now. Imports are resolved
 * relative to the importing file ({@code import "lib/x"} in {@code /p/main.fut} is
 * {@code /p/lib/x.fut}); an in-memory main source resolves them relative to the working directory,
 * like the front end. Imports that do not exist are left out: the compiler reports them.
 *
 * @param baseDir the directory of the main source (the working directory for in-memory source)
 * @param main    the main source
 * @param files   the imported files, each once, in a deterministic discovery order
 */
record SourceSet(Path baseDir, Source main, List<SourceFile> files) {

  /**
   * One imported file.
   *
   * @param path     its absolute, normalised path
   * @param relative its path relative to {@code baseDir}, with {@code /} separators (may start with {@code ../})
   * @param bytes    its content as read
   */
  record SourceFile(Path path, String relative, byte[] bytes) {}

  static SourceSet collect(Source main) throws IOException {
    Path base = main.path() != null
        ? main.path().toAbsolutePath().normalize().getParent()
        : Path.of("").toAbsolutePath();
    Map<Path, SourceFile> seen = new LinkedHashMap<>();
    Path mainPath = main.path() == null ? null : main.path().toAbsolutePath().normalize();
    // Depth-first with an explicit stack of (directory, text) so deep import chains cannot overflow.
    Deque<Pending> todo = new ArrayDeque<>();
    todo.push(new Pending(base, main.text()));
    while (!todo.isEmpty()) {
      Pending p = todo.pop();
      List<String> specs = ImportScanner.imports(p.text());
      List<Pending> next = new ArrayList<>();
      for (String spec : specs) {
        Path file = p.dir().resolve(spec + ".fut").toAbsolutePath().normalize();
        if (file.equals(mainPath) || seen.containsKey(file)) continue;
        byte[] bytes;
        try {
          bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException | java.nio.file.AccessDeniedException e) {
          continue;
        } catch (IOException e) {
          if (Files.isDirectory(file) || !Files.exists(file)) continue;
          throw e;
        }
        String rel = base.relativize(file).toString().replace(java.io.File.separatorChar, '/');
        seen.put(file, new SourceFile(file, rel, bytes));
        Path dir = file.getParent();
        next.add(new Pending(dir, new String(bytes, StandardCharsets.UTF_8)));
      }
      // Push in reverse so the first import is visited first.
      for (int k = next.size() - 1; k >= 0; k--) todo.push(next.get(k));
    }
    return new SourceSet(base, main, List.copyOf(seen.values()));
  }

  private record Pending(Path dir, String text) {}
}
