package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes values in Futhark's output syntax, as compiled Futhark programs print results: every scalar
 * with its type suffix ({@code 1i32}, {@code 255u8}, {@code 2.5f32}, {@code 1.0e-3f64}), {@code true},
 * {@code f64.nan}, {@code -f32.inf}, arrays as {@code [1i32, 2i32]}, and arrays with no elements as
 * {@code empty([2][0]f64)}. Everything written can be read back by {@link ValueReader} to an equal
 * value. For the binary format see {@link BinaryFormat}.
 */
public final class ValueWriter {
  private ValueWriter() {}

  /** The value as text. */
  public static String text(Value v) {
    StringBuilder sb = new StringBuilder();
    write(v, sb);
    return sb.toString();
  }

  /** Appends the value as text. */
  public static void write(Value v, Appendable out) {
    try {
      if (v.elementCount() == 0) {
        out.append("empty(");
        for (long d : v.shape()) out.append('[').append(Long.toString(d)).append(']');
        out.append(v.type().futharkName()).append(')');
        return;
      }
      if (v.isScalar()) {
        out.append(scalar(v, 0));
        return;
      }
      writeRows(v, v.shape(), 0, 0, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int writeRows(Value v, long[] shape, int depth, int offset, Appendable out) throws IOException {
    out.append('[');
    for (long i = 0; i < shape[depth]; i++) {
      if (i > 0) out.append(", ");
      if (depth == shape.length - 1) {
        out.append(scalar(v, offset++));
      } else {
        offset = writeRows(v, shape, depth + 1, offset, out);
      }
    }
    out.append(']');
    return offset;
  }

  /** Element {@code i} of {@code v} as a suffixed scalar literal. */
  public static String scalar(Value v, int i) {
    ScalarType t = v.type();
    return switch (t) {
      case BOOL -> v.boolAt(i) ? "true" : "false";
      case I8, I16, I32, I64 -> v.longAt(i) + t.futharkName();
      case U8, U16, U32 -> v.longAt(i) + t.futharkName();
      case U64 -> Long.toUnsignedString(v.longAt(i)) + t.futharkName();
      case F16, F32 -> floating(((float[]) v.data())[i], Float.toString(((float[]) v.data())[i]), t);
      case F64 -> floating(((double[]) v.data())[i], Double.toString(((double[]) v.data())[i]), t);
    };
  }

  private static String floating(double d, String javaText, ScalarType t) {
    if (Double.isNaN(d)) return t.futharkName() + ".nan";
    if (Double.isInfinite(d)) return (d < 0 ? "-" : "") + t.futharkName() + ".inf";
    return javaText.replace('E', 'e') + t.futharkName();
  }
}
