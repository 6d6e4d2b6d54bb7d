package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOpaque;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.compiler.codegen.CHarness;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opaque values (records, sums, records with array fields) stored to bytes with
 * {@link FutharkOpaque#store()} and restored with {@link FutharkProgram#restore}, through the
 * built-in compiler's {@code futhark_store_opaque_*}/{@code futhark_restore_opaque_*}: in the same
 * JVM, in a second JVM, and refused with a clear exception when the bytes are damaged, forged or
 * come from another program.
 */
@Tag("native")
class StoreRestoreTest {
  static final String SRC = """
      type point = {x: f64, y: f64}
      type shape = #circle f64 | #rect f64 f64
      type~ cloud = {pts: []f64, n: i64}
      entry mk (x: f64) (y: f64) : point = {x, y}
      entry norm (p: point) : f64 = f64.sqrt (p.x * p.x + p.y * p.y)
      entry rect (w: f64) (h: f64) : shape = #rect w h
      entry area (s: shape) : f64 = match s case #circle r -> 3 * r * r case #rect w h -> w * h
      entry cloud (xs: []f64) : cloud = {pts = xs, n = length xs}
      entry total (c: cloud) : f64 = f64.sum c.pts + f64.i64 c.n
      """;

  static FutharkProgram p;

  @BeforeAll
  static void compile() throws Exception {
    assumeTrue(CHarness.haveGcc(), "no C compiler");
    p = Futhark.compile(SRC);
  }

  @AfterAll
  static void close() { if (p != null) p.close(); }

  static FutharkOpaque opaque(String entry, Object... args) {
    return assertInstanceOf(FutharkOpaque.class, p.function(entry).callNative(args));
  }

  @Test
  void recordsSumsAndArrayFieldsRoundTrip() {
    try (FutharkOpaque pt = opaque("mk", 3.0, 4.0); FutharkOpaque back = p.restore(pt.store())) {
      assertEquals("point", back.type());
      assertEquals(5.0, p.function("norm").call(back));
    }
    try (FutharkOpaque s = opaque("rect", 2.0, 5.0); FutharkOpaque back = p.restore(s.store())) {
      assertEquals(10.0, p.function("area").call(back));
    }
    for (double[] xs : new double[][] {{1, 2, 3.5}, {}}) {
      try (FutharkOpaque c = opaque("cloud", (Object) xs); FutharkOpaque back = p.restore(c.store())) {
        assertEquals(Arrays.stream(xs).sum() + xs.length, p.function("total").call(back));
      }
    }
  }

  @Test
  void damagedOrForeignBytesAreRefused() throws Exception {
    byte[] good;
    try (FutharkOpaque pt = opaque("mk", 3.0, 4.0)) {
      good = pt.store();
    }
    byte[] flipped = good.clone();
    flipped[flipped.length - 3] ^= 1;
    assertMessage(IllegalArgumentException.class, "corrupt", () -> p.restore(flipped));
    assertMessage(IllegalArgumentException.class, "truncated", () -> p.restore(Arrays.copyOf(good, good.length - 5)));
    assertMessage(IllegalArgumentException.class, "not a value stored", () -> p.restore("hello".getBytes(StandardCharsets.UTF_8)));
    assertMessage(IllegalArgumentException.class, "not a value stored", () -> p.restore(new byte[0]));
    assertThrows(IllegalArgumentException.class, () -> p.restore(null));
    // The same type name in another program.
    try (FutharkProgram other = Futhark.compile("type point = {x: f64, y: f64}\nentry mk (x: f64) : point = {x, y = x}\n");
         FutharkOpaque q = assertInstanceOf(FutharkOpaque.class, other.function("mk").callNative(1.0))) {
      assertMessage(IllegalArgumentException.class, "different program", () -> p.restore(q.store()));
    }
    // A well-formed envelope around a forged payload reaches the C restore, which checks it too.
    try (FutharkOpaque c = opaque("cloud", (Object) new double[] {1, 2})) {
      StoredValueParts parts = StoredValueParts.of(c.store());
      byte[] wrongType = parts.payload.clone();
      wrongType[8] ^= 1; // the type fingerprint
      assertMessage(FutharkException.class, "another type", () -> p.restore(parts.with(wrongType)));
      byte[] hugeShape = parts.payload.clone();
      ByteBuffer.wrap(hugeShape).order(ByteOrder.nativeOrder()).putLong(40, Long.MAX_VALUE / 2); // pts' size: after the 32-byte header and the field n (fields in the manifest's order)
      assertMessage(FutharkException.class, "corrupt", () -> p.restore(parts.with(hugeShape)));
      byte[] negative = parts.payload.clone();
      ByteBuffer.wrap(negative).order(ByteOrder.nativeOrder()).putLong(40, -1);
      assertMessage(FutharkException.class, "corrupt", () -> p.restore(parts.with(negative)));
    }
    assertEquals(5.0, p.function("norm").call(p.restore(good)), "the program works after refusals");
  }

  @Test
  void closedValuesCannotBeStored() {
    FutharkOpaque pt = opaque("mk", 1.0, 1.0);
    pt.close();
    assertThrows(IllegalStateException.class, pt::store);
  }

  @Test
  void aSecondJvmRestoresTheValue(@TempDir Path dir) throws Exception {
    Path bytes = dir.resolve("point.bin");
    try (FutharkOpaque pt = opaque("mk", 6.0, 8.0)) {
      Files.write(bytes, pt.store());
    }
    Path src = Files.writeString(dir.resolve("prog.fut"), SRC);
    ChildJvm.Result r = ChildJvm.run(Duration.ofSeconds(120), List.of(), dir.resolve("cache"), StoreRestoreChild.class,
        src.toString(), bytes.toString());
    String out = r.out();
    assertEquals(0, r.exit(), out);
    assertTrue(out.contains("norm=10.0"), out);
  }

  static <T extends Throwable> void assertMessage(Class<T> type, String part, org.junit.jupiter.api.function.Executable run) {
    T e = assertThrows(type, run);
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }

  /** The documented envelope (docs/api.md), split so that a test can forge a payload. */
  record StoredValueParts(byte[] head, byte[] payload) {
    static StoredValueParts of(byte[] stored) {
      ByteBuffer in = ByteBuffer.wrap(stored);
      in.position(5);
      int name = in.getShort() & 0xFFFF;
      int headLength = 7 + name + 32;
      byte[] payload = Arrays.copyOfRange(stored, headLength + 12, stored.length);
      return new StoredValueParts(Arrays.copyOf(stored, headLength), payload);
    }

    byte[] with(byte[] newPayload) {
      try {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        out.write(head);
        out.writeLong(newPayload.length);
        CRC32 crc = new CRC32();
        crc.update(newPayload);
        out.writeInt((int) crc.getValue());
        out.write(newPayload);
        return b.toByteArray();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }
}
