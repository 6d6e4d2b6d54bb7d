package io.github.futhark4j.toolchain;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Running external programs: finding them on {@code PATH}, running them with stdout and stderr
 * captured together (in the order they were written), and asking them for their version.
 */
final class Tool {
  private Tool() {}

  /** What a finished process printed and how it exited. */
  record Result(int exitCode, String output) {
    boolean ok() { return exitCode == 0; }
  }

  /** The process could not be started; the cause says why. */
  static final class StartFailure extends IOException {
    StartFailure(IOException cause) {
      super(cause.getMessage(), cause);
    }
  }

  /** First lines of {@code --version}, per executable, so each tool is asked once per JVM. */
  private static final Map<Path, String> VERSIONS = new ConcurrentHashMap<>();

  /**
   * Runs {@code command} in {@code workDir} (or the current directory when null) and waits for it.
   * The output is read on this thread until the process closes it; since stderr is merged into
   * stdout there is only one pipe, so the process cannot block on a full second pipe.
   */
  static Result run(List<String> command, Path workDir) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    if (workDir != null) pb.directory(workDir.toFile());
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new StartFailure(e);
    }
    // Tools get an empty stdin so one that unexpectedly reads input ends instead of hanging.
    p.getOutputStream().close();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = p.getInputStream()) {
      in.transferTo(out);
    }
    try {
      int code = p.waitFor();
      return new Result(code, out.toString(StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for " + String.join(" ", command), e);
    }
  }

  /**
   * Runs a tool that must succeed; a failure carries the complete output. A tool that cannot be
   * started at all (not executable, bad interpreter line) is a {@link MissingToolException}.
   */
  static String runChecked(List<String> command, Path workDir) throws ExternalCompilerException, IOException {
    Result r;
    try {
      r = run(command, workDir);
    } catch (StartFailure e) {
      throw new MissingToolException(command.get(0), "Cannot run " + commandLine(command) + ": "
          + e.getCause().getMessage());
    }
    if (!r.ok()) throw new ExternalCompilerException(commandLine(command), r.exitCode(), r.output());
    return r.output();
  }

  /** The first line of {@code exe --version}, asked once per executable per JVM. */
  static String versionLine(Path exe) throws ExternalCompilerException, IOException {
    String cached = VERSIONS.get(exe);
    if (cached != null) return cached;
    String out = runChecked(List.of(exe.toString(), "--version"), null);
    String line = out.lines().map(String::strip).filter(s -> !s.isEmpty()).findFirst().orElse("unknown version");
    VERSIONS.putIfAbsent(exe, line);
    return VERSIONS.get(exe);
  }

  /**
   * Resolves a program name the way a shell would: a name containing a slash is a path (relative
   * to the current directory); otherwise the first executable match in {@code PATH}.
   */
  static Optional<Path> which(String program, String pathVar) {
    if (program == null || program.isBlank()) return Optional.empty();
    if (program.contains("/") || program.contains(File.separator)) {
      Path p = Path.of(program).toAbsolutePath().normalize();
      return isExecutableFile(p) ? Optional.of(p) : Optional.empty();
    }
    if (pathVar == null) return Optional.empty();
    for (String dir : pathVar.split(File.pathSeparator)) {
      if (dir.isEmpty()) continue;
      Path p = Path.of(dir, program).toAbsolutePath().normalize();
      if (isExecutableFile(p)) return Optional.of(p);
    }
    return Optional.empty();
  }

  static boolean isExecutableFile(Path p) {
    return Files.isRegularFile(p) && Files.isExecutable(p);
  }

  /** A command as one would type it, for messages. */
  static String commandLine(List<String> command) {
    StringBuilder sb = new StringBuilder();
    for (String arg : command) {
      if (!sb.isEmpty()) sb.append(' ');
      boolean plain = !arg.isEmpty() && arg.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=+:,@%".indexOf(c) >= 0);
      sb.append(plain ? arg : "'" + arg.replace("'", "'\\''") + "'");
    }
    return sb.toString();
  }
}
