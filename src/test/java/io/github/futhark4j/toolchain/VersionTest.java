package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.futhark4j.cli.Cli;
import io.github.futhark4j.cli.Main;
import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.script.ScriptEngineManager;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One version string everywhere: the pom, the library, the script engine, the CLI, the polyglot language, manifests. */
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

  @Test
  void everyEntryPointReportsTheSameVersion(@TempDir Path dir) throws Exception {
    String v = Version.FUTHARK4J;
    assertEquals(v, new ScriptEngineManager().getEngineByName("futhark").getFactory().getEngineVersion(), "JSR-223 engine");
    try (Engine engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
      assertEquals(v, engine.getLanguages().get(FutharkLanguage.ID).getVersion(), "Truffle language");
    }
    // The CLI: --version, and the manifest the built-in compiler writes.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Path prog = Files.writeString(dir.resolve("v.fut"), "entry f (x: i32) : i32 = x + 1\n");
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertEquals(0, Main.run(new String[] {"--version"}, cli));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("futhark4j " + v + " "), text);
    assertEquals(0, Main.run(new String[] {"c", "--library", prog.toString()}, cli));
    String manifestVersion = new ObjectMapper().readTree(dir.resolve("v.json").toFile()).get("version").asText();
    assertEquals(v, manifestVersion, "manifest of the built-in compiler");
    assertTrue(Compilers.builtin().identity().startsWith("futhark4j-builtin " + v), Compilers.builtin().identity());
  }
}
