package io.github.futhark4j.toolchain;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

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

  private static final java.util.concurrent.atomic.AtomicBoolean WARMED = new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Once per JVM, runs {@code executable -dumpversion}, ignoring the outcome, so that the JDK's
   * process machinery (the process reaper, pipes, futures, the logger the JDK consults on every
   * start: 20-25 ms of a fresh JVM, most of it class loading) is set up by the caller, a background
   * thread, instead of just before the build's first tool runs.
   */
  static void warmUp(Path executable) {
    if (!WARMED.compareAndSet(false, true)) return;
    try {
      run(List.of(executable.toString(), "-dumpversion"), null, Duration.ofSeconds(30));
    } catch (IOException | RuntimeException e) {
      // the build's own runs report what is wrong
    }
  }

  /** Runs {@code command} with the default timeout ({@link ToolLimits#defaultTimeout()}). */
  static Result run(List<String> command, Path workDir) throws IOException {
    return run(command, workDir, ToolLimits.defaultTimeout());
  }

  /**
   * Runs {@code command} in {@code workDir} (or the current directory when null) and waits for it,
   * at most {@code timeout}: then it is stopped, with every process it started, and this throws
   * {@link ToolTimeoutKill}. Stdout and stderr are merged into one pipe (so the process cannot block
   * on a full second pipe), read by a helper thread that keeps the last
   * {@link ToolLimits#OUTPUT_LIMIT} bytes.
   */
  static Result run(List<String> command, Path workDir, Duration timeout) throws IOException {
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
    Tail tail = new Tail(ToolLimits.OUTPUT_LIMIT);
    Thread reader = Thread.ofPlatform().daemon().name("futhark4j-tool-output").start(() -> {
      try (InputStream in = p.getInputStream()) {
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) >= 0; ) tail.write(buf, n);
      } catch (IOException e) {
        // The pipe broke because the process was killed: what was read is kept.
      }
    });
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        kill(p);
        reader.join(5000);
        throw new ToolTimeoutKill(timeout, tail.text());
      }
      // The output ends when every process holding the pipe has exited; a descendant that
      // outlives the tool must not keep us waiting past the deadline.
      reader.join(10_000);
      if (reader.isAlive()) {
        kill(p);
        reader.join(5000);
      }
      return new Result(p.exitValue(), tail.text());
    } catch (InterruptedException e) {
      kill(p);
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for " + String.join(" ", command), e);
    }
  }

  /** Stops a process and everything it started (gcc's cc1 and as, futhark's own gcc). */
  static void kill(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    try {
      p.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The tool ran out of time; {@link #runChecked} turns this into a {@link ToolTimeoutException}. */
  static final class ToolTimeoutKill extends IOException {
    final Duration timeout;
    final String output;

    ToolTimeoutKill(Duration timeout, String output) {
      super("timed out after " + timeout);
      this.timeout = timeout;
      this.output = output;
    }
  }

  /** The last {@code cap} bytes written, and how many came before them. */
  static final class Tail {
    private final byte[] ring;
    private long total;

    Tail(int cap) { ring = new byte[cap]; }

    synchronized void write(byte[] b, int n) {
      int off = 0;
      if (n > ring.length) { // only the last ring.length bytes can survive
        total += n - ring.length;
        off = n - ring.length;
        n = ring.length;
      }
      while (n > 0) {
        int at = (int) (total % ring.length);
        int k = Math.min(n, ring.length - at);
        System.arraycopy(b, off, ring, at, k);
        off += k;
        n -= k;
        total += k;
      }
    }

    /** The kept bytes as text, after a line saying how much was dropped, if anything was. */
    synchronized String text() {
      int cap = ring.length;
      if (total <= cap) return new String(ring, 0, (int) total, StandardCharsets.UTF_8);
      byte[] last = new byte[cap];
      int start = (int) (total % cap);
      System.arraycopy(ring, start, last, 0, cap - start);
      System.arraycopy(ring, 0, last, cap - start, start);
      return "[... " + (total - cap) + " earlier bytes of output omitted ...]\n" + new String(last, StandardCharsets.UTF_8);
    }
  }

  /**
   * Runs a tool that must succeed; a failure carries the complete output (its last
   * {@link ToolLimits#OUTPUT_LIMIT} bytes). A tool that cannot be started at all (not executable,
   * bad interpreter line) is a {@link MissingToolException}; one that runs out of time a
   * {@link ToolTimeoutException}.
   */
  static String runChecked(List<String> command, Path workDir) throws ExternalCompilerException, IOException {
    return runChecked(command, workDir, ToolLimits.defaultTimeout());
  }

  /** {@link #runChecked(List, Path)} with a timeout. */
  static String runChecked(List<String> command, Path workDir, Duration timeout) throws ExternalCompilerException, IOException {
    Result r;
    try {
      r = run(command, workDir, timeout);
    } catch (StartFailure e) {
      throw new MissingToolException(command.get(0), "Cannot run " + commandLine(command) + ": "
          + e.getCause().getMessage());
    } catch (ToolTimeoutKill e) {
      throw new ToolTimeoutException(commandLine(command), e.timeout, e.output);
    }
    if (!r.ok()) throw new ExternalCompilerException(commandLine(command), r.exitCode(), r.output());
    return r.output();
  }

  /** The first line of {@code exe --version}, asked once per executable per JVM. */
  static String versionLine(Path exe) throws ExternalCompilerException, IOException {
    return versionLine(exe, null);
  }

  /** The file in a cache directory that remembers tools' versions across JVMs (see {@link #versionLine(Path, Path)}). */
  static final String VERSIONS_FILE = "tool-versions.txt";

  /** How many tools {@link #VERSIONS_FILE} remembers (the most recently asked). */
  private static final int VERSIONS_KEPT = 32;

  /**
   * The first line of {@code exe --version}, asked once per executable per JVM and, when
   * {@code memoDir} is not null, remembered in {@code memoDir/tool-versions.txt} under the
   * executable's real path, size and modification time, so a new JVM need not start the tool
   * again (a {@code gcc --version} costs a fresh JVM some 20-40 ms of an otherwise quick cache
   * hit). Replacing or upgrading the tool changes its size or time, and it is asked again. The
   * memo is best effort: when it cannot be read or written, the tool is asked.
   */
  static String versionLine(Path exe, Path memoDir) throws ExternalCompilerException, IOException {
    String cached = VERSIONS.get(exe);
    if (cached != null) return cached;
    String stamp = memoDir == null ? null : stamp(exe);
    Path memo = memoDir == null ? null : memoDir.resolve(VERSIONS_FILE);
    if (stamp != null) {
      for (String l : readLines(memo)) {
        int tab = l.lastIndexOf('\t');
        if (tab > 0 && l.substring(0, tab).equals(stamp)) {
          VERSIONS.putIfAbsent(exe, l.substring(tab + 1));
          return VERSIONS.get(exe);
        }
      }
    }
    String out = runChecked(List.of(exe.toString(), "--version"), null);
    String line = out.lines().map(String::strip).filter(s -> !s.isEmpty()).findFirst().orElse("unknown version");
    VERSIONS.putIfAbsent(exe, line);
    if (stamp != null) remember(memo, stamp, line);
    return VERSIONS.get(exe);
  }

  /** Real path, size and modification time of a file, tab-separated; null when it cannot be read. */
  private static String stamp(Path exe) {
    try {
      Path real = exe.toRealPath();
      var a = Files.readAttributes(real, java.nio.file.attribute.BasicFileAttributes.class);
      String s = real + "\t" + a.size() + "\t" + a.lastModifiedTime().toMillis();
      return s.contains("\n") ? null : s;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static List<String> readLines(Path memo) {
    try {
      return Files.readAllLines(memo, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** Adds or replaces the tool's line (keyed by its real path) and writes the file atomically. */
  private static void remember(Path memo, String stamp, String line) {
    if (line.contains("\n")) return;
    String path = stamp.substring(0, stamp.indexOf('\t') + 1);
    List<String> lines = new java.util.ArrayList<>();
    for (String l : readLines(memo)) if (!l.startsWith(path)) lines.add(l);
    lines.add(stamp + "\t" + line);
    if (lines.size() > VERSIONS_KEPT) lines = lines.subList(lines.size() - VERSIONS_KEPT, lines.size());
    List<String> keep = lines;
    try {
      TempPaths.replace(memo, tmp -> Files.write(tmp, keep, StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      // best effort: the next JVM asks the tool again
    }
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
