package io.github.futhark4j.polyglot.marshal;

import io.github.futhark4j.ScalarType;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Turns guest arguments into the Java values {@code FutharkFunction.call} accepts, guided by the
 * manifest parameter types.
 *
 * <ul>
 *   <li>Scalars: guest numbers (JS numbers and BigInts, Python ints and floats) range-checked
 *       against the type; booleans for {@code bool}.</li>
 *   <li>Rank-1 arrays with a byte buffer are copied in one bulk read: JS typed arrays (through
 *       their {@code buffer}, {@code byteOffset}, {@code byteLength}), ArrayBuffers, Python
 *       {@code array.array}, {@code memoryview}, {@code bytes}, {@code bytearray}, host
 *       {@code ByteBuffer}s. Typed sources must match the element type (same kind and width,
 *       signedness may differ); untyped bytes are read as the element type in native order.</li>
 *   <li>Other arrays (JS arrays, Python lists and tuples) element by element; nested for rank &gt; 1
 *       (whose rows may themselves be typed arrays) and checked to be regular.</li>
 *   <li>Host objects (our native handles, Java arrays) and our own result arrays pass through.</li>
 * </ul>
 */
public final class ArgumentDecoder {
  private ArgumentDecoder() {}

  /** Decodes all arguments of one call. */
  public static Object[] decodeAll(String entry, List<String> paramTypes, GuestData[] args) {
    if (args.length != paramTypes.size()) {
      throw new ArgumentException("entry point '" + entry + "' takes " + paramTypes.size() + " argument"
          + (paramTypes.size() == 1 ? "" : "s") + " " + paramTypes + ", got " + args.length);
    }
    Object[] out = new Object[args.length];
    for (int i = 0; i < args.length; i++) {
      out[i] = decode(entry, i, ManifestType.parse(paramTypes.get(i)), args[i]);
    }
    return out;
  }

  /** Decodes argument {@code index} (0-based) of {@code entry}. */
  public static Object decode(String entry, int index, ManifestType type, GuestData v) {
    Where where = new Where(entry, index, type.name());
    Object host = v.hostObject();
    if (host != null) {
      if (host instanceof ArrayData a) return checkedArrayData(a, type, where);
      // Native handles and Java values: the function itself checks them and names the parameter.
      return host;
    }
    if (type.isOpaque()) {
      throw where.fail("", "a value of opaque type " + type.name()
          + " returned by an earlier call of this program (opaque results are native handles)", v);
    }
    if (type.isScalar()) return scalar(type.elem(), v, where, "");
    return array(type.elem(), type.rank(), v, where, "");
  }

  private static Object checkedArrayData(ArrayData a, ManifestType type, Where where) {
    if (!type.isArray() || a.rank() != type.rank() || !compatible(type.elem(), a.elem())) {
      throw new ArgumentException(where + ": expected " + type.name() + ", got a result array of type " + a);
    }
    return a.toJava();
  }

  /** Same type, or integers of the same width (the bits are passed on unchanged). */
  private static boolean compatible(ScalarType want, ScalarType have) {
    return want == have || want.isInteger() && have.isInteger() && want.bytes() == have.bytes();
  }

  /** Where in the call a value sits, for messages. */
  private record Where(String entry, int index, String type) {
    ArgumentException fail(String path, String expected, GuestData got) {
      return new ArgumentException(this + (path.isEmpty() ? "" : ", element " + path)
          + ": expected " + expected + ", got " + got.describe());
    }

    @Override public String toString() {
      return "entry point '" + entry + "', parameter " + (index + 1) + " (" + type + ")";
    }
  }

  private static Object scalar(ScalarType p, GuestData v, Where where, String path) {
    if (p.isBool()) {
      if (v.isBoolean()) return v.asBoolean();
      throw where.fail(path, "a boolean", v);
    }
    if (!v.isNumber()) throw where.fail(path, "a number (" + p.futharkName() + ")", v);
    if (p.isFloat()) {
      if (v.fitsInDouble()) return p.boxFloat(v.asDouble());
      if (v.fitsInLong()) return p.boxFloat((double) v.asLong());
      if (v.fitsInBigInteger()) return p.boxFloat(v.asBigInteger().doubleValue());
      throw where.fail(path, "a number (" + p.futharkName() + ")", v);
    }
    BigInteger big;
    if (v.fitsInLong()) {
      big = BigInteger.valueOf(v.asLong());
    } else if (v.fitsInBigInteger()) {
      big = v.asBigInteger();
    } else {
      throw where.fail(path, "an integer (" + p.futharkName() + ")", v);
    }
    if (big.compareTo(p.min()) < 0 || big.compareTo(p.max()) > 0) {
      throw where.fail(path, "an integer in " + p.futharkName() + " range [" + p.min() + ", " + p.max() + "]", v);
    }
    return p.boxInteger(big.longValue());
  }

  private static Object array(ScalarType p, int rank, GuestData v, Where where, String path) {
    if (rank == 1) {
      Object bulk = bulk(p, v, where, path);
      if (bulk != null) return bulk;
    }
    if (!v.hasArray()) {
      throw where.fail(path, (rank == 1 ? "an array of " : "a nested array (rank " + rank + ") of ") + p.futharkName(), v);
    }
    long n = v.arraySize();
    if (n > Integer.MAX_VALUE - 8) throw where.fail(path, "an array shorter than 2^31", v);
    Object out = Array.newInstance(ArrayData.javaClass(p, rank - 1), (int) n);
    int innerLength = -1;
    for (int i = 0; i < n; i++) {
      String at = path + "[" + i + "]";
      GuestData e = v.element(i);
      Object x = rank == 1 ? scalar(p, e, where, at) : array(p, rank - 1, e, where, at);
      if (rank > 1) {
        int len = Array.getLength(x);
        if (innerLength >= 0 && len != innerLength) {
          throw new ArgumentException(where + ": irregular array, " + (path.isEmpty() ? "row" : "element " + path + " row")
              + " 0 has " + innerLength + " elements but row " + i + " has " + len);
        }
        innerLength = len;
      }
      Array.set(out, i, x);
    }
    return out;
  }

  /**
   * Reads a rank-1 array through its byte buffer in one go, or returns {@code null} when the value
   * has no buffer. JS typed arrays have array elements but no buffer themselves: their
   * {@code buffer} member is the ArrayBuffer, and the view's window into it is read.
   */
  private static Object bulk(ScalarType p, GuestData v, Where where, String path) {
    String t = v.typeName();
    if (t != null && t.endsWith("Array") && !v.hasBuffer() && v.hasMember("buffer") && v.hasMember("byteOffset")
        && v.hasMember("byteLength")) {
      SourceKind kind = SourceKind.ofTypedArray(t);
      checkKind(p, kind, t, v, where, path);
      GuestData buffer = v.member("buffer");
      if (!buffer.hasBuffer()) return null;
      return read(p, buffer, v.member("byteOffset").asLong(), v.member("byteLength").asLong(), where, path, v);
    }
    if (!v.hasBuffer()) return null;
    SourceKind kind = null;
    if (v.hasMember("typecode") && v.hasMember("itemsize")) {
      kind = SourceKind.ofPythonFormat(stringOf(v.member("typecode")), (int) v.member("itemsize").asLong());
    } else if (v.hasMember("format") && v.hasMember("itemsize") && v.hasMember("nbytes")) {
      kind = SourceKind.ofPythonFormat(stringOf(v.member("format")), (int) v.member("itemsize").asLong());
    }
    // bytes, bytearray, ArrayBuffer and host ByteBuffers are untyped: read as the element type.
    if (kind != null && !"bytes".equals(t) && !"bytearray".equals(t)) checkKind(p, kind, t, v, where, path);
    return read(p, v, 0, v.bufferSize(), where, path, v);
  }

  private static String stringOf(GuestData s) {
    return s.isString() ? s.asString() : null;
  }

  private static void checkKind(ScalarType p, SourceKind kind, String t, GuestData v, Where where, String path) {
    if (kind == null) throw where.fail(path, "an array of " + p.futharkName() + " (" + t + " is not supported)", v);
    boolean ok = kind.floating() == p.isFloat() && kind.size() == p.bytes() && !p.isBool()
        || p.isBool() && kind.size() == 1 && !kind.floating();
    if (!ok) {
      throw where.fail(path, "an array of " + p.futharkName() + " (" + SourceKind.suggest(p) + "), not " + kind.describe(), v);
    }
  }

  private static Object read(ScalarType p, GuestData buf, long byteOffset, long byteLength, Where where, String path, GuestData shown) {
    int w = p.bytes();
    if (byteLength % w != 0) {
      throw where.fail(path, "a buffer whose size is a multiple of " + w + " bytes (" + p.futharkName() + ")", shown);
    }
    if (byteLength > Integer.MAX_VALUE - 8) throw where.fail(path, "a buffer smaller than 2 GiB", shown);
    byte[] bytes = new byte[(int) byteLength];
    buf.readBuffer(byteOffset, bytes, 0, bytes.length);
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
    int n = (int) (byteLength / w);
    return switch (p) {
      case F64 -> { double[] r = new double[n]; b.asDoubleBuffer().get(r); yield r; }
      case F32 -> { float[] r = new float[n]; b.asFloatBuffer().get(r); yield r; }
      case F16 -> { float[] r = new float[n]; for (int i = 0; i < n; i++) r[i] = Float.float16ToFloat(b.getShort(2 * i)); yield r; }
      case I64, U64 -> { long[] r = new long[n]; b.asLongBuffer().get(r); yield r; }
      case I32, U32 -> { int[] r = new int[n]; b.asIntBuffer().get(r); yield r; }
      case I16, U16 -> { short[] r = new short[n]; b.asShortBuffer().get(r); yield r; }
      case I8, U8 -> bytes;
      case BOOL -> { boolean[] r = new boolean[n]; for (int i = 0; i < n; i++) r[i] = bytes[i] != 0; yield r; }
    };
  }
}
