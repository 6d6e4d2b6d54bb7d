package io.github.futhark4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.BinaryFormat;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dataset} and {@code datacmp}, which need no compiler. */
class DataCommandsTest {
  @TempDir Path dir;
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(byte[] stdin, String... args) {
    out.reset();
    err.reset();
    Cli cli = Cli.system(new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return Main.run(args, cli);
  }

  private List<Value> outValues() {
    return new ValueReader(out.toByteArray(), "out").readAll();
  }

  @Test
  void generatesTextAndBinaryReproducibly() {
    assertEquals(0, run(new byte[0], "dataset", "-g", "[4][2]i32", "-b", "--generate=[3]f32", "-g", "10i64"));
    List<Value> vs = outValues();
    assertEquals(3, vs.size());
    assertEquals("[4][2]i32", vs.get(0).shapedTypeName());
    assertEquals("[3]f32", vs.get(1).shapedTypeName());
    assertEquals(Value.i64(10), vs.get(2));
    byte[] first = out.toByteArray();
    run(new byte[0], "dataset", "-g", "[4][2]i32", "-b", "--generate=[3]f32", "-g", "10i64");
    assertEquals(new String(first, StandardCharsets.ISO_8859_1), out.toString(StandardCharsets.ISO_8859_1));
    run(new byte[0], "dataset", "-s", "5", "-g", "[4][2]i32");
    assertTrue(!outValues().get(0).equals(vs.get(0)), "another seed gives other values");
  }

  @Test
  void boundsApplyToLaterGenerations() {
    assertEquals(0, run(new byte[0], "dataset", "-g", "[200]i64", "--i64-bounds=0:9", "-g", "[200]i64",
        "--f32-bounds=-1:1", "-g", "[100]f32", "--u8-bounds=250:255", "-g", "[100]u8"));
    List<Value> vs = outValues();
    boolean outside = false;
    for (int i = 0; i < 200; i++) outside |= vs.get(0).longAt(i) < 0 || vs.get(0).longAt(i) > 9;
    assertTrue(outside, "bounds do not apply to earlier -g");
    for (int i = 0; i < 200; i++) assertTrue(vs.get(1).longAt(i) >= 0 && vs.get(1).longAt(i) <= 9);
    for (int i = 0; i < 100; i++) assertTrue(vs.get(2).doubleAt(i) >= -1 && vs.get(2).doubleAt(i) <= 1);
    for (int i = 0; i < 100; i++) assertTrue(vs.get(3).longAt(i) >= 250 && vs.get(3).longAt(i) <= 255);
    assertEquals(2, run(new byte[0], "dataset", "--i8-bounds=0:300", "-g", "i8"));
    assertEquals(2, run(new byte[0], "dataset", "--bool-bounds=0:1"));
    assertEquals(2, run(new byte[0], "dataset", "-g", "[n]i32"));
  }

  @Test
  void convertsAndPrintsTypes() {
    byte[] in = "[1, 2] 3.5f32 empty([0][2]bool)".getBytes(StandardCharsets.UTF_8);
    assertEquals(0, run(in, "dataset", "-b"));
    List<Value> vs = outValues();
    assertEquals(ValueReader.readAll("[1, 2] 3.5f32 empty([0][2]bool)", "x"), vs);
    assertEquals(0, run(out.toByteArray().clone(), "dataset"));
    assertEquals("[1i32, 2i32]\n3.5f32\nempty([0][2]bool)\n", out.toString(StandardCharsets.UTF_8));
    assertEquals(0, run(in, "dataset", "-t"));
    assertEquals("[2]i32\nf32\n[0][2]bool\n", out.toString(StandardCharsets.UTF_8));
    assertEquals(2, run("[1,".getBytes(StandardCharsets.UTF_8), "dataset"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("stdin:1:4"), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void datacmp() throws Exception {
    Path a = dir.resolve("a.in");
    Path b = dir.resolve("b.in");
    Path c = dir.resolve("c.in");
    Files.writeString(a, "[1.0, 2.0] 3");
    Files.write(b, concat(BinaryFormat.toBytes(Value.vector(ScalarType.F64, new double[] {1.0005, 2})),
        BinaryFormat.toBytes(Value.i32(3))));
    Files.writeString(c, "[1.0, 2.5] 4");
    assertEquals(0, run(new byte[0], "datacmp", a.toString(), b.toString()));
    assertEquals(1, run(new byte[0], "datacmp", a.toString(), c.toString()));
    String o = out.toString(StandardCharsets.UTF_8);
    assertTrue(o.contains("value #0: expected 2.0f64, got 2.5f64 at index [1]"), o);
    assertTrue(o.contains("value #1: expected 3i32, got 4i32"), o);
    assertEquals(2, run(new byte[0], "datacmp", a.toString()));
    assertEquals(2, run(new byte[0], "datacmp", a.toString(), dir.resolve("nope").toString()));
  }

  private static byte[] concat(byte[] x, byte[] y) {
    byte[] r = java.util.Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, r, x.length, y.length);
    return r;
  }
}
