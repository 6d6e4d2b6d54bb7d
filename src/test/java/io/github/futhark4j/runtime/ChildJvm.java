package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test's {@code main} class in a JVM of its own: this JVM's java and class path, native
 * access granted, the given JVM options (and environment variables) and the compile cache the tests use ({@code cache} when
 * the build sets none).
 */
final class ChildJvm {
  private ChildJvm() {}

  /** What the child printed (standard output and error together) and its exit status. */
  record Result(int exit, String out) {}

  /** Runs {@code main} with {@code args} and waits for it, at most {@code timeout} (asserted). */
  static Result run(Duration timeout, List<String> jvmOptions, Path cache, Class<?> main, String... args) throws Exception {
    return run(timeout, Map.of(), jvmOptions, cache, main, args);
  }

  /** As above, with {@code env} added to this JVM's environment. */
  static Result run(Duration timeout, Map<String, String> env, List<String> jvmOptions, Path cache, Class<?> main,
      String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("--enable-native-access=ALL-UNNAMED");
    cmd.addAll(jvmOptions);
    cmd.add("-Dfuthark4j.cache=" + System.getProperty("futhark4j.cache", cache.toString()));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process child = pb.start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS), "child finished");
    return new Result(child.exitValue(), out);
  }
}
