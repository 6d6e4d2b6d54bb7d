package io.github.futhark4j.pkg;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code git} command: the executable named by the system property {@code futhark4j.git},
 * else the environment variable {@code FUTHARK4J_GIT}, else {@code git} on {@code PATH} (as the
 * external futhark is found). Git never prompts ({@code GIT_TERMINAL_PROMPT=0}: a repository
 * that needs credentials fails instead of waiting for input), and a command that takes longer than
 * {@link #TIMEOUT_SECONDS} is killed. The user's git configuration applies, so
 * {@code url.<base>.insteadOf} redirects package URLs (mirrors, local repositories).
 */
final class Git {
  static final long TIMEOUT_SECONDS = 600;

  /** What a git command printed. */
  record Result(int status, byte[] out, String err) {
    String text() {
      return new String(out, StandardCharsets.UTF_8);
    }
  }

  private final String executable;
  private final java.util.function.Consumer<String> log;

  /** @param log receives each command line (for {@code -v}) */
  Git(java.util.function.Consumer<String> log) {
    String property = System.getProperty("futhark4j.git");
    String env = System.getenv("FUTHARK4J_GIT");
    this.executable = property != null && !property.isBlank() ? property : env != null && !env.isBlank() ? env : "git";
    this.log = log;
  }

  /** Runs git and returns whatever it printed and its status. */
  Result run(Path dir, String... args) throws PkgException {
    List<String> cmd = new ArrayList<>();
    cmd.add(executable);
    if (dir != null) {
      cmd.add("-C");
      cmd.add(dir.toString());
    }
    cmd.addAll(List.of(args));
    log.accept(String.join(" ", cmd));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("GIT_TERMINAL_PROMPT", "0");
    pb.redirectInput(ProcessBuilder.Redirect.from(nullFile()));
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new PkgException("cannot run git (" + executable + "): " + e.getMessage()
          + "; futhark4j pkg needs git on PATH (or the futhark4j.git property, or FUTHARK4J_GIT)", false, e);
    }
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
    byte[] out = readAll(p.getInputStream());
    try {
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new PkgException("git took longer than " + TIMEOUT_SECONDS + " s and was stopped: " + String.join(" ", cmd), false);
      }
      return new Result(p.exitValue(), out, new String(err.get(), StandardCharsets.UTF_8).strip());
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new PkgException("interrupted while running git", false, e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new PkgException("cannot read git's output: " + e.getCause(), false, e);
    }
  }

  /** Runs git and fails unless it succeeds. */
  Result check(Path dir, String... args) throws PkgException {
    Result r = run(dir, args);
    if (r.status() != 0) {
      throw new PkgException("'git " + String.join(" ", args) + "' failed" + (r.err().isEmpty() ? "" : ": " + r.err()), false);
    }
    return r;
  }

  private static byte[] readAll(InputStream in) {
    try (in) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      in.transferTo(b);
      return b.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static java.io.File nullFile() {
    return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }
}
