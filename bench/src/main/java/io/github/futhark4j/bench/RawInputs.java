package io.github.futhark4j.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a kernel's inputs into the command-line arguments of a C baseline (see {@code bench/c/bench.h}):
 * a scalar is one argument (floats as C99 hex literals, so no digit is lost), an array is its
 * dimensions followed by a file of its elements, raw and little-endian in row-major order.
 */
final class RawInputs {
  private RawInputs() {}

  /** Writes the array inputs into {@code dir} as {@code in0.bin}, {@code in1.bin} ... and returns the arguments. */
  static List<String> write(List<Object> inputs, Path dir) {
    List<String> args = new ArrayList<>();
    try {
      Files.createDirectories(dir);
      for (int i = 0; i < inputs.size(); i++) {
        Object v = inputs.get(i);
        if (v.getClass().isArray()) {
          for (long d : shape(v)) args.add(Long.toString(d));
          Path file = dir.resolve("in" + i + ".bin");
          writeArray(v, file);
          args.add(file.toAbsolutePath().toString());
        } else {
          args.add(scalar(v));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return args;
  }

  static String scalar(Object v) {
    return switch (v) {
      case Float f -> Float.toHexString(f);
      case Double d -> Double.toHexString(d);
      case Long l -> Long.toString(l);
      case Integer i -> Integer.toString(i);
      default -> throw new IllegalArgumentException("no C argument for a " + v.getClass().getSimpleName());
    };
  }

  /** The number of dimensions of a (nested) array type, e.g. 2 for {@code float[][]}. */
  static int rank(Object array) {
    int r = 0;
    for (Class<?> c = array.getClass(); c.isArray(); c = c.getComponentType()) r++;
    return r;
  }

  /**
   * The shape of a rectangular nested array; rejects ragged ones. The rank comes from the type,
   * so an empty {@code float[0][]} still has two dimensions (the inner one 0).
   */
  static long[] shape(Object array) {
    long[] s = new long[rank(array)];
    Object a = array;
    for (int d = 0; d < s.length; d++) {
      int n = Array.getLength(a);
      s[d] = n;
      if (d + 1 < s.length) {
        if (n == 0) break;
        a = Array.get(a, 0);
      }
    }
    if (s[0] > 0) checkRectangular(array, s, 0);
    return s;
  }

  private static void checkRectangular(Object a, long[] s, int depth) {
    if (Array.getLength(a) != s[depth]) throw new IllegalArgumentException("ragged array input");
    if (depth + 1 < s.length) {
      for (int i = 0; i < s[depth]; i++) checkRectangular(Array.get(a, i), s, depth + 1);
    }
  }

  private static void writeArray(Object array, Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
      writeRows(array, ch, buf);
      flush(ch, buf);
    }
  }

  private static void writeRows(Object a, FileChannel ch, ByteBuffer buf) throws IOException {
    switch (a) {
      case double[] d -> { for (double x : d) { if (buf.remaining() < 8) flush(ch, buf); buf.putDouble(x); } }
      case float[] f -> { for (float x : f) { if (buf.remaining() < 4) flush(ch, buf); buf.putFloat(x); } }
      case long[] l -> { for (long x : l) { if (buf.remaining() < 8) flush(ch, buf); buf.putLong(x); } }
      case int[] l -> { for (int x : l) { if (buf.remaining() < 4) flush(ch, buf); buf.putInt(x); } }
      case Object[] rows -> { for (Object r : rows) writeRows(r, ch, buf); }
      default -> throw new IllegalArgumentException("no raw format for a " + a.getClass().getSimpleName());
    }
  }

  private static void flush(FileChannel ch, ByteBuffer buf) throws IOException {
    buf.flip();
    while (buf.hasRemaining()) ch.write(buf);
    buf.clear();
  }
}
