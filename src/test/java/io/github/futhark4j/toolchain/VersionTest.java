package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class VersionTest {
  @Test
  void matchesThePom() throws IOException {
    Path pom = Path.of("pom.xml");
    assumeTrue(Files.exists(pom), "skipped: not run from the project directory");
    // The project's own <version> is the first one after </parent> or, without a parent, after <artifactId>futhark4j.
    String text = Files.readString(pom);
    Matcher m = Pattern.compile("<artifactId>futhark4j</artifactId>\\s*<version>([^<]+)</version>").matcher(text);
    assumeTrue(m.find(), "skipped: pom layout not recognised");
    assertEquals(m.group(1), Version.FUTHARK4J);
    assertEquals(m.group(1).endsWith("-SNAPSHOT"), Version.isSnapshot());
  }
}
