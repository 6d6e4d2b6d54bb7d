package io.github.futhark4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.Cli;
import io.github.futhark4j.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzzer as a user runs it, {@code futhark4j fuzz --cases 300 --seed 20261127 --opencl}, through
 * the command-line entry point: 300 random programs and arguments on the IR interpreter, the
 * multicore backend at 1 and 2 threads, the c backend and the opencl backend (POCL in the test
 * command) must agree, with no crash, hang or rejected program.
 */
@Tag("native")
class FuzzCommandTest {
  @Test
  void threeHundredCasesAgreeEverywhere(@TempDir Path out) throws Exception {
    Run r = fuzz(out, "--cases", "300", "--seed", "20261127", "--opencl");
    String report = r.report();
    StringBuilder findings = r.findings();
    int code = r.code();
    Matcher m = Pattern.compile("(\\d+) cases \\((\\d+) valid, (\\d+) invalid arguments\\) in \\d+ programs: (\\d+) mismatches, "
        + "(\\d+) crashes, (\\d+) hangs, (\\d+) rejected programs").matcher(report);
    assertTrue(m.find(), () -> "no summary in:\n" + report);
    assertEquals(300, Integer.parseInt(m.group(1)), report);
    assertTrue(Integer.parseInt(m.group(2)) > 150 && Integer.parseInt(m.group(3)) > 30, report);
    assertEquals(0, code, findings::toString);
    assertEquals("0 0 0 0", m.group(4) + " " + m.group(5) + " " + m.group(6) + " " + m.group(7), findings::toString);
  }

  /**
   * The AD oracle as a user runs it, {@code futhark4j fuzz --ad --cases 200 --entries 25 --seed
   * 20261129}: the multicore backend at 1 and 2 threads and the source interpreter satisfy the laws
   * of AD on 200 random differentiable functions, most of them also checked against finite
   * differences.
   */
  @Test
  void twoHundredAdCasesSatisfyTheLawsOfAd(@TempDir Path out) throws Exception {
    Run r = fuzz(out, "--ad", "--cases", "200", "--entries", "25", "--seed", "20261129");
    String report = r.report();
    StringBuilder findings = r.findings();
    int code = r.code();
    Matcher m = Pattern.compile("(\\d+) cases \\((\\d+) valid, 0 invalid arguments\\) in \\d+ programs: (\\d+) mismatches, "
        + "(\\d+) crashes, (\\d+) hangs, (\\d+) rejected programs, (\\d+) skipped, (\\d+) checked against finite differences")
        .matcher(report);
    assertTrue(m.find(), () -> "no summary in:\n" + report);
    assertEquals(200, Integer.parseInt(m.group(1)), report);
    assertEquals(0, code, findings::toString);
    assertEquals("0 0 0 0", m.group(3) + " " + m.group(4) + " " + m.group(5) + " " + m.group(6), findings::toString);
    // Compared with the source interpreter nearly everywhere, and most against finite differences.
    assertTrue(Integer.parseInt(m.group(7)) < 20, report);
    assertTrue(Integer.parseInt(m.group(8)) > 150, report);
  }

  /** What a run of {@code futhark4j fuzz ARGS --out OUT} printed and found. */
  private record Run(int code, String report, StringBuilder findings) {}

  /** Runs the fuzzer through the command line; the findings are the report and every finding's program and details. */
  private static Run fuzz(Path out, String... args) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), ps, ps);
    String[] argv = new String[args.length + 3];
    argv[0] = "fuzz";
    System.arraycopy(args, 0, argv, 1, args.length);
    argv[args.length + 1] = "--out";
    argv[args.length + 2] = out.toString();
    int code = Main.run(argv, cli);
    String report = buf.toString(StandardCharsets.UTF_8);
    StringBuilder findings = new StringBuilder(report);
    try (var dirs = Files.list(out)) {
      for (Path d : dirs.filter(p -> p.getFileName().toString().startsWith("case-")).toList()) {
        findings.append("\n== ").append(d.getFileName()).append('\n').append(Files.readString(d.resolve("prog.fut")))
            .append(Files.readString(d.resolve("details.txt")));
      }
    }
    return new Run(code, report, findings);
  }

  @Test
  void badOptionsAreUsageErrors() {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(buf, true, StandardCharsets.UTF_8);
    Cli cli = Cli.system(new ByteArrayInputStream(new byte[0]), ps, ps);
    assertEquals(2, Main.run(new String[] {"fuzz", "--threads", "0"}, cli));
    assertEquals(2, Main.run(new String[] {"fuzz", "--cases", "x"}, cli));
    assertEquals(2, Main.run(new String[] {"fuzz", "--ad", "--reference", "/bin/sh"}, cli));
    assertTrue(buf.toString(StandardCharsets.UTF_8).contains("--threads"));
  }
}
