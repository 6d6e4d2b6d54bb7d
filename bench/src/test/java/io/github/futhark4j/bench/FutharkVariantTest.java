package io.github.futhark4j.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FutharkVariantTest {
  @Test
  void namesFutharkTypesOfJavaArrays() {
    assertEquals("[]f64", FutharkVariant.futharkType(new double[3]));
    assertEquals("[][]f32", FutharkVariant.futharkType(new float[2][2]));
    assertEquals("[][]i64", FutharkVariant.futharkType(new long[0][0]));
    assertEquals("bench_resident_f32_2", FutharkVariant.loaderName("[][]f32"));
    assertEquals("bench_resident_i64_1", FutharkVariant.loaderName("[]i64"));
  }

  @Test
  void appendsOneLoaderPerDistinctArrayTypeAndNoneForScalars() {
    String src = "entry saxpy [n] (a: f32) (xs: [n]f32) (ys: [n]f32) : [n]f32 = map2 (\\x y -> a * x + y) xs ys";
    String out = FutharkVariant.withLoaders(src, List.of(2f, new float[1], new float[1]));
    assertTrue(out.startsWith(src + "\n"));
    assertEquals(1, out.split("entry bench_resident_", -1).length - 1);
    assertTrue(out.contains("entry bench_resident_f32_1 (x: []f32) : []f32 = copy x\n"));
    String mm = FutharkVariant.withLoaders("", new MatmulKernel().inputs(Scale.QUICK, 1));
    assertTrue(mm.contains("entry bench_resident_f32_2 (x: [][]f32) : [][]f32 = copy x\n"));
    assertEquals("x\n", FutharkVariant.withLoaders("x", new MandelbrotKernel().inputs(Scale.QUICK, 1)));
  }

  /** Stands in for the runtime's native array handle: AutoCloseable with a toJava(). */
  public static final class FakeHandle implements AutoCloseable {
    int closed;
    private final Object data;

    public FakeHandle(Object data) {
      this.data = data;
    }

    public Object toJava() {
      return data;
    }

    @Override
    public void close() {
      closed++;
    }
  }

  /** Like the runtime: a public abstract handle type, implemented by a class that is not public. */
  public abstract static class PublicHandle implements AutoCloseable {
    public abstract Object toJava();
  }

  private static final class HiddenHandle extends PublicHandle {
    @Override public Object toJava() { return new long[] {7}; }

    @Override public void close() {}
  }

  @Test
  void readsBackThroughThePublicTypeWhenTheImplementationIsHidden() {
    assertArrayEquals(new long[] {7}, (long[]) FutharkVariant.toJava(new HiddenHandle()));
  }

  @Test
  void releasesHandlesInsideTuplesAndLeavesScalarsAlone() {
    FakeHandle a = new FakeHandle(null);
    FakeHandle b = new FakeHandle(null);
    FutharkVariant.release(new Object[] {a, 3.0, b});
    FutharkVariant.release(4);
    assertEquals(1, a.closed);
    assertEquals(1, b.closed);
  }

  @Test
  void readsNativeResultsBackThroughToJava() {
    float[] xs = {1, 2};
    assertSame(xs, FutharkVariant.toJava(new FakeHandle(xs)));
    Object[] tuple = (Object[]) FutharkVariant.toJava(new Object[] {new FakeHandle(xs), 5L});
    assertSame(xs, tuple[0]);
    assertEquals(5L, tuple[1]);
    assertEquals(2.5, FutharkVariant.toJava(2.5));
    AutoCloseable noToJava = () -> {};
    assertNull(FutharkVariant.toJava(noToJava));
    assertArrayEquals(new double[] {1, 2}, ((Flat.Reals) Flat.of(FutharkVariant.toJava(new FakeHandle(xs)))).values());
  }
}
