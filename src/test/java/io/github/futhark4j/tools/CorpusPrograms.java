package io.github.futhark4j.tools;

import io.github.futhark4j.cli.spec.SpecParser;
import io.github.futhark4j.cli.spec.TestSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The programs of the test corpus ({@code src/test/fut}) whose test block parses, in path order. */
public final class CorpusPrograms {
  private CorpusPrograms() {}

  /** A corpus program: where it is, its text, and its test block. */
  public record Program(Path path, String text, TestSpec spec) {}

  /** Every {@code .fut} file under {@code src/test/fut} with a test block that parses. */
  public static List<Program> withSpecs() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(Path.of("src/test/fut"))) {
      files = s.filter(p -> p.toString().endsWith(".fut")).sorted().toList();
    }
    List<Program> out = new ArrayList<>();
    for (Path f : files) {
      String text = Files.readString(f, StandardCharsets.UTF_8);
      try {
        out.add(new Program(f, text, SpecParser.parse(f.toString(), text)));
      } catch (Exception e) {
        // no test block, or one that does not parse: not a corpus case
      }
    }
    return out;
  }
}
