package io.github.futhark4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgramException;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.BuiltLibrary;
import io.github.futhark4j.toolchain.Compilers;
import io.github.futhark4j.toolchain.LibraryBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bridge's one-copy paths on libraries of the built-in compiler (host memory, with
 * {@code new_raw}/{@code values_raw}): arguments wrapped in place, results read straight into Java
 * arrays, the lifetime of wrapped argument memory when results alias it, and no leaks. The
 * fallback path (a library without the raw functions) is what the fixture tests exercise.
 */
class BridgeCopiesTest {
  static final String SOURCE = """
      entry id (xs: []f64) : []f64 = xs
      entry scale (k: f64) (xs: []f64) : []f64 = map (\\x -> x * k) xs
      entry inc (x: i64) : i64 = x + 1
      entry at (xs: []f64) (i: i64) : f64 = xs[i]
      entry rows (xss: [][]i32) : [][]i32 = map (\\r -> map (\\x -> x + 1) r) xss
      entry empties (n: i64) (m: i64) : [][]f64 = replicate n (replicate m 0f64)
      entry flags (bs: []bool) : []bool = map (\\b -> !b) bs
      entry halves (xs: []f16) : []f16 = map (\\x -> x / 2f16) xs
      entry upd (xs: *[]f64) : []f64 = xs with [0] = 42f64
      entry both (xs: []f64) : {a: []f64, n: i64} = {a = xs, n = length xs}
      """;

  @TempDir static Path tmp;
  static LoadedLibrary lib;

  @BeforeAll
  static void build() throws Exception {
    lib = load("multicore");
  }

  static LoadedLibrary load(String backend) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(backend));
    BuiltLibrary b = new LibraryBuilder(dir.resolve("cache"), Compilers.builtin(), backend).build(new Source("bridge.fut", SOURCE));
    return LoadedLibrary.load(b.sharedLibrary(), b.manifest(), 2);
  }

  @AfterAll
  static void close() {
    if (lib != null) lib.close();
  }

  private static double[] ramp(int n, double base) {
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) xs[i] = base + i;
    return xs;
  }

  @Test
  void builtinLibrariesUseTheRawFunctionsAndDirectCalls() throws Exception {
    try (LoadedLibrary fresh = load("multicore")) {
      EntryPoint id = (EntryPoint) fresh.function("id");
      ValueType.Array a = (ValueType.Array) id.inputTypes().get(0);
      assertNotNull(a.newRaw(), "new_raw resolved");
      assertNotNull(a.valuesRaw(), "values_raw resolved");
      assertTrue(fresh.context().api().syncIsNoop, "the built-in multicore backend's sync is a no-op");
      assertFalse(id.isDirect(), "not bound at load time");
      assertFalse(a.direct().bound());
      double[] xs = ramp(100, 1);
      for (int i = 0; i < DirectCall.BIND_AFTER + 1; i++) assertArrayEquals(xs, (double[]) id.call((Object) xs));
      assertTrue(id.isDirect(), "entry points are called through JNA direct mapping once used repeatedly");
      synchronized (fresh.context().lock()) {
        assertTrue(a.direct().bound());
        assertNotNull(a.direct().free());
        assertNotNull(a.direct().shape());
        assertNotNull(a.direct().newRaw());
        assertNotNull(a.direct().valuesRaw());
      }
      assertArrayEquals(xs, (double[]) id.call((Object) xs), "and still correct");
      for (long i = 0; i < 20; i++) assertEquals(i + 1, fresh.function("inc").call(i));
      assertTrue(((EntryPoint) fresh.function("inc")).isDirect());
    }
  }

  @Test
  void prepareBindsAtOnce() throws Exception {
    try (LoadedLibrary fresh = load("multicore")) {
      EntryPoint id = (EntryPoint) fresh.function("id");
      ValueType.Array a = (ValueType.Array) id.inputTypes().get(0);
      assertFalse(id.isDirect());
      id.prepare();
      assertTrue(id.isDirect(), "the entry point is bound by prepare()");
      synchronized (fresh.context().lock()) {
        assertTrue(a.direct().bound(), "and the functions of its array type");
      }
      id.prepare();
      double[] xs = ramp(100, 1);
      assertArrayEquals(xs, (double[]) id.call((Object) xs), "the first call after prepare() is correct");
      try (FutharkArray r = (FutharkArray) id.callNative((Object) xs)) {
        assertArrayEquals(xs, (double[]) r.toJava());
      }
    }
  }

  @Test
  void theSyncAndRawRulesFollowTheBackend() {
    assertTrue(NativeApi.syncIsNoop("c") && NativeApi.syncIsNoop("multicore") && NativeApi.syncIsNoop("ispc"));
    for (String gpu : new String[] {"opencl", "cuda", "hip", "pyopencl"}) assertFalse(NativeApi.syncIsNoop(gpu), gpu);
    assertFalse(NativeApi.syncIsNoop(null), "an unknown backend keeps the sync");
    assertTrue(NativeApi.hostMemory("c") && NativeApi.hostMemory("multicore") && NativeApi.hostMemory("ispc"));
    assertFalse(NativeApi.hostMemory("opencl") || NativeApi.hostMemory("cuda") || NativeApi.hostMemory("hip"));
  }

  @Test
  void valuesCrossBothWaysInEveryShape() {
    double[] xs = ramp(1000, 0.5);
    assertArrayEquals(xs, (double[]) lib.function("id").call((Object) xs));
    double[] scaled = (double[]) lib.function("scale").call(2.0, xs);
    for (int i = 0; i < xs.length; i++) assertEquals(2 * xs[i], scaled[i]);
    int[][] rows = {{1, 2, 3}, {4, 5, 6}};
    assertArrayEquals(new int[][] {{2, 3, 4}, {5, 6, 7}}, (int[][]) lib.function("rows").call((Object) rows));
    assertArrayEquals(new double[0], (double[]) lib.function("id").call((Object) new double[0]));
    assertArrayEquals(new double[3][0], (double[][]) lib.function("empties").call(3L, 0L));
    // An empty result has its Java type (issue 13); callNative keeps the exact shape [0][3].
    assertEquals(0, assertInstanceOf(double[][].class, lib.function("empties").call(0L, 3L)).length);
    try (FutharkArray zeroRows = (FutharkArray) lib.function("empties").callNative(0L, 3L)) {
      assertArrayEquals(new long[] {0, 3}, zeroRows.shape());
    }
    assertArrayEquals(new boolean[] {false, true, true}, (boolean[]) lib.function("flags").call((Object) new boolean[] {true, false, false}));
    assertArrayEquals(new float[] {0.5f, -1f, 1024f}, (float[]) lib.function("halves").call((Object) new float[] {1f, -2f, 2048f}));
    @SuppressWarnings("unchecked")
    Map<String, Object> rec = (Map<String, Object>) lib.function("both").call((Object) xs);
    assertArrayEquals(xs, (double[]) rec.get("a"));
    assertEquals(1000L, rec.get("n"));
  }

  @Test
  void nativeResultsReadBackThroughTheirStorage() {
    double[] xs = ramp(37, 3);
    try (FutharkArray r = (FutharkArray) lib.function("scale").callNative(1.0, xs)) {
      assertArrayEquals(xs, (double[]) r.toFlatJava());
      assertArrayEquals(xs, (double[]) r.toJava());
    }
    try (FutharkArray e = (FutharkArray) lib.function("empties").callNative(0L, 4L)) {
      assertArrayEquals(new double[0], (double[]) e.toFlatJava());
      assertEquals(0, ((double[][]) e.toJava()).length);
    }
  }

  @Test
  void aResultAliasingAJavaArgumentKeepsItsMemory() {
    // 1024 f64 (8 KiB): copied into a native buffer; a bigger array would be lent in place on JDK
    // 22+ (HeapCalls), and a result never aliases a lent array.
    Staging.clear(); // a fresh buffer of the argument's size, not an oversized pooled one (those are copied)
    long before = RawBuffer.live();
    double[] xs = ramp(1024, 1);
    FutharkArray r = (FutharkArray) lib.function("id").callNative((Object) xs);
    NativeArray n = (NativeArray) r;
    assertEquals(1, n.handle.keep.size(), "the result keeps the wrapped argument buffer");
    RawBuffer kept = n.handle.keep.get(0);
    assertEquals(1, kept.references(), "the call's own reference is gone, the result's remains");
    // Calls with arrays of the same size would reuse the buffer if it had gone back to the pool.
    for (int i = 0; i < 50; i++) lib.function("id").call((Object) ramp(1024, -i));
    assertArrayEquals(xs, (double[]) r.toFlatJava());
    // Transitively: a result of a call taking r keeps what r keeps.
    FutharkArray r2 = (FutharkArray) lib.function("id").callNative(r);
    assertTrue(((NativeArray) r2).handle.keep.contains(kept));
    assertEquals(2, kept.references());
    r.close();
    assertEquals(1, kept.references());
    for (int i = 0; i < 50; i++) lib.function("id").call((Object) ramp(1024, -i));
    assertArrayEquals(xs, (double[]) r2.toFlatJava());
    r2.close();
    assertEquals(0, kept.references());
    assertEquals(before, RawBuffer.live(), "every raw buffer is released");
    assertEquals(0, lib.liveValues());
  }

  @Test
  void smallArgumentsOfNativeCallsAreCopiedSoResultsKeepNoSlack() {
    double[] xs = ramp(10, 1); // 80 bytes in a pooled buffer of at least Staging.MIN_BYTES
    try (FutharkArray r = (FutharkArray) lib.function("id").callNative((Object) xs)) {
      assertTrue(((NativeArray) r).handle.keep.isEmpty(), "copied with futhark_new, nothing to keep");
      assertArrayEquals(xs, (double[]) r.toFlatJava());
    }
  }

  @Test
  void consumingAWrappedArgumentLeavesTheJavaArrayAlone() {
    double[] xs = ramp(10, 1);
    double[] out = (double[]) lib.function("upd").call((Object) xs);
    assertEquals(42.0, out[0]);
    assertEquals(2.0, out[1]);
    assertEquals(1.0, xs[0], "the Java array is never written");
  }

  @Test
  void failedCallsReleaseTheirBuffers() {
    long before = RawBuffer.live();
    for (int i = 0; i < 20; i++) {
      FutharkProgramException e = assertThrows(FutharkProgramException.class, () -> lib.function("at").call(ramp(5, 0), 9L));
      assertTrue(e.getMessage().toLowerCase().contains("index"), e.getMessage());
    }
    assertEquals(3.0, lib.function("at").call(ramp(5, 0), 3L));
    assertEquals(before, RawBuffer.live());
    assertEquals(0, lib.liveValues());
  }

  @Test
  void manyCallsLeakNoMemory() throws Exception {
    double[] big = ramp(1 << 20, 0); // 8 MiB a call: a leak per call would show as hundreds of MB
    for (int i = 0; i < 5; i++) bigCalls(big); // fills the staging pool first
    long before = RawBuffer.live();
    long heapBefore = mallocedBytes();
    for (int i = 0; i < 100; i++) bigCalls(big);
    assertEquals(before, RawBuffer.live());
    assertEquals(0, lib.liveValues());
    assertTrue(Staging.pooled() <= Staging.KEEP_COUNT);
    long heapAfter = mallocedBytes();
    if (heapBefore >= 0 && heapAfter >= 0) {
      assertTrue(heapAfter - heapBefore < 100L << 20, "native malloc heap grew by " + ((heapAfter - heapBefore) >> 10) + " kB");
    }
  }

  private static void bigCalls(double[] big) {
    assertEquals(big.length, ((double[]) lib.function("id").call((Object) big)).length);
    try (FutharkArray r = (FutharkArray) lib.function("id").callNative((Object) big)) {
      try (FutharkArray r2 = (FutharkArray) lib.function("scale").callNative(2.0, r)) {
        assertEquals(big.length, r2.shape()[0]);
      }
    }
    assertThrows(FutharkProgramException.class, () -> lib.function("at").call(big, -1L));
  }

  @Test
  void theSequentialBackendWorksTheSameWay() throws Exception {
    try (LoadedLibrary c = load("c")) {
      assertTrue(c.context().api().syncIsNoop);
      double[] xs = ramp(100, 2);
      assertArrayEquals(xs, (double[]) c.function("id").call((Object) xs));
      assertEquals(43L, c.function("inc").call(42L));
    }
  }

  @Test
  void aGpuBackendKeepsTheSyncAndTheCopyingPath() throws Exception {
    // The fixture library described as if an OpenCL build: the runtime must not skip syncs nor
    // treat array storage as host memory (the fixture's sync is a no-op, so calls still work).
    Path json = tmp.resolve("gpu.json");
    Files.writeString(json, Files.readString(Fixture.dir().resolve("fixture.json")).replace("\"backend\": \"c\"", "\"backend\": \"opencl\""));
    try (LoadedLibrary gpu = LoadedLibrary.load(Fixture.dir().resolve("fixture.so"), json, 1)) {
      assertEquals("opencl", gpu.manifest().backend());
      assertFalse(gpu.context().api().syncIsNoop);
      assertFalse(gpu.context().api().hostMemory);
      for (FutharkFunction f : gpu.entryPoints().values()) {
        for (ValueType t : ((EntryPoint) f).inputTypes()) {
          if (t instanceof ValueType.Array a) assertTrue(a.newRaw() == null && a.valuesRaw() == null, a.name());
        }
      }
      double[][] m = {{1, 2}, {3, 4}};
      assertArrayEquals(new double[][] {{2, 4}, {6, 8}}, (double[][]) gpu.function("scale").call(m, 2.0));
      try (FutharkArray r = (FutharkArray) gpu.function("scale").callNative(m, 3.0)) {
        assertArrayEquals(new double[] {3, 6, 9, 12}, (double[]) r.toFlatJava());
      }
      assertEquals(0L, gpu.function("live").call());
    }
  }

  @Test
  void directMappingGeneratesAOneMethodNativeClass() throws Exception {
    byte[] b = DirectCall.classFile("x/Y", "futhark_entry_f", "(JJD)I");
    assertEquals(0xCAFEBABE, java.nio.ByteBuffer.wrap(b).getInt());
    assertNull(DirectCall.forEntry(lib.context().api().library, "futhark_entry_inc", 1,
        java.util.List.of(new ValueType.Unsupported("t", "no"))), "unsupported parameter types keep the generic path");
    assertNull(DirectCall.of(lib.context().api().library, "no such symbol", int.class, java.util.List.of(long.class)));
    assertNull(DirectCall.ofLongs(lib.context().api().library, "futhark_no_such_function", false, 2), "a missing symbol binds nothing");
  }

  /** glibc's {@code mallinfo2}: bytes in use in the malloc heap plus mmapped blocks, or -1 where unavailable. */
  private static long mallocedBytes() {
    try {
      com.sun.jna.Function f = com.sun.jna.NativeLibrary.getInstance("c").getFunction("mallinfo2");
      MallInfo m = (MallInfo) f.invoke(MallInfo.class, new Object[0]);
      return m.uordblks + m.hblkhd;
    } catch (UnsatisfiedLinkError | RuntimeException e) {
      return -1;
    }
  }

  /** {@code struct mallinfo2}: ten {@code size_t} fields. */
  @com.sun.jna.Structure.FieldOrder({"arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost"})
  public static class MallInfo extends com.sun.jna.Structure implements com.sun.jna.Structure.ByValue {
    public long arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost;
  }
}
