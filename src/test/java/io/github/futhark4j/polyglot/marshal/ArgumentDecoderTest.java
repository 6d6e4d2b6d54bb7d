package io.github.futhark4j.polyglot.marshal;

import io.github.futhark4j.ScalarType;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ArgumentDecoder} against a plain-Java {@link GuestData}, for the cases guests make awkward
 * to produce: f16 buffers, raw buffers of the wrong size, opaque parameters, host pass-through.
 */
class ArgumentDecoderTest {
  /** A minimal guest value: a number, a boolean, a list, a buffer with members, or a host object. */
  record G(Object num, Boolean bool, List<G> list, byte[] buffer, Map<String, G> members, String type, Object host, String str)
      implements GuestData {
    static G num(Object n) { return new G(n, null, null, null, Map.of(), "number", null, null); }
    static G bool(boolean b) { return new G(null, b, null, null, Map.of(), "boolean", null, null); }
    static G list(G... items) { return new G(null, null, List.of(items), null, Map.of(), "list", null, null); }
    static G bytes(byte[] b, String type, Map<String, G> members) { return new G(null, null, null, b, members, type, null, null); }
    static G host(Object o) { return new G(null, null, null, null, Map.of(), null, o, null); }
    static G str(String s) { return new G(null, null, null, null, Map.of(), "str", null, s); }

    @Override public boolean isNull() { return false; }
    @Override public boolean isBoolean() { return bool != null; }
    @Override public boolean asBoolean() { return bool; }
    @Override public boolean isNumber() { return num != null; }
    @Override public boolean fitsInLong() { return num instanceof Long || num instanceof Integer; }
    @Override public long asLong() { return ((Number) num).longValue(); }
    @Override public boolean fitsInBigInteger() { return fitsInLong() || num instanceof BigInteger; }
    @Override public BigInteger asBigInteger() { return num instanceof BigInteger b ? b : BigInteger.valueOf(asLong()); }
    @Override public boolean fitsInDouble() { return num instanceof Double || fitsInLong(); }
    @Override public double asDouble() { return ((Number) num).doubleValue(); }
    @Override public boolean hasBuffer() { return buffer != null; }
    @Override public long bufferSize() { return buffer.length; }
    @Override public void readBuffer(long off, byte[] dst, int dstOff, int len) { System.arraycopy(buffer, (int) off, dst, dstOff, len); }
    @Override public boolean hasArray() { return list != null; }
    @Override public long arraySize() { return list.size(); }
    @Override public GuestData element(long i) { return list.get((int) i); }
    @Override public boolean hasMember(String name) { return members.containsKey(name); }
    @Override public GuestData member(String name) { return members.get(name); }
    @Override public String typeName() { return type; }
    @Override public boolean isString() { return str != null; }
    @Override public String asString() { return str; }
    @Override public Object hostObject() { return host; }
  }

  static Object decode(String type, G v) {
    return ArgumentDecoder.decode("f", 0, ManifestType.parse(type), v);
  }

  @Test
  void halfFloatBuffersAreWidened() {
    ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder());
    b.putShort(0, Float.floatToFloat16(1.5f)).putShort(2, Float.floatToFloat16(-2f));
    assertArrayEquals(new float[] {1.5f, -2f}, (float[]) decode("[]f16", G.bytes(b.array(), "ArrayBuffer", Map.of())));
  }

  @Test
  void rawBuffersMustHoldWholeElements() {
    ArgumentException e = assertThrows(ArgumentException.class, () -> decode("[]f64", G.bytes(new byte[12], "bytes", Map.of())));
    assertTrue(e.getMessage().contains("multiple of 8 bytes"), e.getMessage());
  }

  @Test
  void pythonTypecodesAreChecked() {
    Map<String, G> ints = Map.of("typecode", G.str("l"), "itemsize", G.num(8L));
    long[] got = (long[]) decode("[]i64", G.bytes(ByteBuffer.allocate(16).order(ByteOrder.nativeOrder()).putLong(8, 7).array(), "array", ints));
    assertArrayEquals(new long[] {0, 7}, got);
    ArgumentException e = assertThrows(ArgumentException.class, () -> decode("[]f64", G.bytes(new byte[16], "array", ints)));
    assertTrue(e.getMessage().contains("format 'l'"), e.getMessage());
  }

  @Test
  void opaqueParametersNeedAHandleAndHostValuesPassThrough() {
    ArgumentException e = assertThrows(ArgumentException.class, () -> decode("point", G.num(1L)));
    assertTrue(e.getMessage().contains("opaque type point") && e.getMessage().contains("earlier call"), e.getMessage());
    Object handle = new Object();
    assertSame(handle, decode("point", G.host(handle)));
    double[] java = {1, 2};
    assertSame(java, decode("[]f64", G.host(java)));
  }

  @Test
  void resultArraysAreCheckedAgainstTheParameter() {
    ArrayData a = ArrayData.fromJava(new int[] {1, 2}, ScalarType.I32, 1);
    assertArrayEquals(new int[] {1, 2}, (int[]) decode("[]u32", G.host(a)), "integers of the same width pass");
    ArgumentException e = assertThrows(ArgumentException.class, () -> decode("[][]i32", G.host(a)));
    assertTrue(e.getMessage().contains("result array of type [2]i32"), e.getMessage());
  }

  @Test
  void scalarsAndNestedLists() {
    assertEquals((byte) -1, decode("u8", G.num(255L)));
    assertEquals(-1L, decode("u64", G.num(new BigInteger("18446744073709551615"))));
    assertEquals(2.0f, decode("f32", G.num(2L)));
    assertEquals(true, decode("bool", G.bool(true)));
    assertThrows(ArgumentException.class, () -> decode("bool", G.num(1L)));
    assertThrows(ArgumentException.class, () -> decode("i8", G.num(128L)));
    long[][] m = (long[][]) decode("[][]i64", G.list(G.list(G.num(1L), G.num(2L)), G.list(G.num(3L), G.num(4L))));
    assertArrayEquals(new long[][] {{1, 2}, {3, 4}}, m);
    ArgumentException e = assertThrows(ArgumentException.class,
        () -> decode("[][]i64", G.list(G.list(G.num(1L)), G.list(G.num(2L), G.bool(true)))));
    assertTrue(e.getMessage().contains("element [1][1]") && e.getMessage().contains("boolean true"), e.getMessage());
  }

  @Test
  void argumentCountIsChecked() {
    ArgumentException e = assertThrows(ArgumentException.class,
        () -> ArgumentDecoder.decodeAll("g", List.of("i32", "f64"), new GuestData[] {G.num(1L)}));
    assertEquals("entry point 'g' takes 2 arguments [i32, f64], got 1", e.getMessage());
  }
}
