package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --device} of {@code run}, {@code test} and {@code bench}: the device of the
 * {@code builtin-opencl} backend, by number or a part of its name (the machine's OpenCL device:
 * POCL in the test command); refused for backends without devices; an unknown device's error lists
 * the devices.
 */
class DeviceOptionTest {
  @TempDir Path dir;

  @Test
  void runTestAndBenchTakeTheDevice() throws Exception {
    Path prog = dir.resolve("sum.fut");
    Files.writeString(prog, """
        -- ==
        -- input { [1, 2, 3] }
        -- output { 12 }
        entry main (xs: []i32) : i32 = i32.sum (map (*2) xs)
        entry tenth : i32 = i32.sum (map (+1) (map i32.i64 (iota 10)))
        """);
    CliCapture cli = new CliCapture();
    assertEquals(0, cli.run("run", "--backend", "builtin-opencl", "--device", "#0", "-e", "tenth", prog.toString()), cli.err());
    assertEquals("55i32", cli.out().strip());
    assertEquals(0, cli.run("test", "--backend", "builtin-opencl", "--device", "#0", prog.toString()), cli.out() + cli.err());
    assertTrue(cli.out().contains("1 passed, 0 failed"), cli.out());
    assertEquals(0, cli.run("bench", "--backend", "builtin-opencl", "--device", "#0", "--runs", "1", prog.toString()), cli.err());
    assertTrue(cli.out().contains("builtin-opencl"), cli.out());

    assertNotEquals(0, cli.run("run", "--backend", "builtin", "--device", "#0", "-e", "tenth", prog.toString()));
    assertTrue(cli.err().contains("--device needs a backend with devices (builtin-opencl), not builtin"), cli.err());
    assertNotEquals(0, cli.run("run", "--backend", "builtin-opencl", "--device", "no such device", "-e", "tenth", prog.toString()));
    assertTrue(cli.err().contains("no OpenCL device matches device \"no such device\"; the devices are: #0"), cli.err());
  }
}
