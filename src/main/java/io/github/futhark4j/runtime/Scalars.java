package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Converting Java scalars into the values passed to C, refusing any conversion that would lose
 * information.
 *
 * <p>Rules (see docs/api.md): integer targets accept any integral {@link Number} whose value is in
 * range (a {@code Double} or {@code BigDecimal} only when it has no fractional part); an unsigned
 * target also accepts the same-width signed Java type as raw bits, because that is how results of
 * that type come back. Floating targets accept integers only when exactly representable, and
 * accept any floating Java value inside their range, rounded to nearest as a Futhark literal would be
 * (refusing {@code 0.1} for an f32 parameter would make f32 unusable from JavaScript or Python,
 * whose numbers are all doubles). {@code bool} accepts only {@link Boolean}.
 */
public final class Scalars {
  private Scalars() {}

  private static final BigInteger U64_LIMIT = BigInteger.ONE.shiftLeft(64);

  /**
   * Converts {@code v} to the object JNA passes for a parameter of type {@code p}.
   *
   * @throws IllegalArgumentException with a reason (without naming the parameter; callers add that)
   */
  public static Object toNative(ScalarType p, Object v) {
    if (v == null) throw new IllegalArgumentException("null is not a value of type " + p);
    if (p == ScalarType.BOOL) {
      if (v instanceof Boolean b) return (byte) (b ? 1 : 0);
      throw new IllegalArgumentException("expected a Boolean for type bool but got " + describe(v));
    }
    if (!(v instanceof Number n)) {
      throw new IllegalArgumentException("expected a number for type " + p + " but got " + describe(v));
    }
    return switch (p) {
      case F64 -> toDouble(n, p);
      case F32 -> toFloat(n, p, Float.MAX_VALUE);
      case F16 -> Float.floatToFloat16(toFloat(n, p, 65504f));
      case U8, U16 -> (int) unsignedBits(p, n); // zero-extended: safe for any C compiler's ABI assumption
      case I8 -> (byte) signed(p, n, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case I16 -> (short) signed(p, n, Short.MIN_VALUE, Short.MAX_VALUE);
      case I32 -> (int) signed(p, n, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case I64 -> signed(p, n, Long.MIN_VALUE, Long.MAX_VALUE);
      case U32 -> (int) unsignedBits(p, n);
      case U64 -> unsignedBits(p, n);
      case BOOL -> throw new AssertionError();
    };
  }

  /** Converts {@code v} to the boxed Java value a result of type {@code p} would have. */
  public static Object canonical(ScalarType p, Object v) {
    Object n = toNative(p, v);
    return switch (p) {
      case BOOL -> ((Byte) n) != 0;
      case U8 -> (byte) (int) (Integer) n;
      case U16 -> (short) (int) (Integer) n;
      case F16 -> Float.float16ToFloat((Short) n);
      default -> n;
    };
  }

  static String describe(Object v) {
    return v == null ? "null" : v.getClass().getSimpleName() + " " + v;
  }

  private static boolean isIntegral(Number n) {
    return n instanceof Byte || n instanceof Short || n instanceof Integer || n instanceof Long
        || n instanceof AtomicInteger || n instanceof AtomicLong;
  }

  /** The exact integer value of {@code n}, or an exception if it has a fractional part. */
  private static BigInteger exactInteger(ScalarType p, Number n) {
    if (isIntegral(n)) return BigInteger.valueOf(n.longValue());
    if (n instanceof BigInteger b) return b;
    BigDecimal d;
    if (n instanceof BigDecimal bd) d = bd;
    else if (n instanceof Double || n instanceof Float) {
      double x = n.doubleValue();
      if (Double.isNaN(x) || Double.isInfinite(x)) throw lossy(p, n);
      d = new BigDecimal(x);
    } else {
      throw new IllegalArgumentException("unsupported number class for type " + p + ": " + describe(n));
    }
    try {
      return d.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw lossy(p, n);
    }
  }

  private static long signed(ScalarType p, Number n, long min, long max) {
    BigInteger b = exactInteger(p, n);
    if (b.compareTo(BigInteger.valueOf(min)) < 0 || b.compareTo(BigInteger.valueOf(max)) > 0) throw lossy(p, n);
    return b.longValue();
  }

  /** The bits of an unsigned value: same-width signed Java values are taken as bits, others must be in range. */
  private static long unsignedBits(ScalarType p, Number n) {
    switch (p) {
      case U8 -> { if (n instanceof Byte b) return b & 0xFFL; }
      case U16 -> { if (n instanceof Short s) return s & 0xFFFFL; }
      case U32 -> { if (n instanceof Integer i) return i & 0xFFFFFFFFL; }
      case U64 -> { if (n instanceof Long l) return l; }
      default -> throw new AssertionError(p);
    }
    BigInteger b = exactInteger(p, n);
    BigInteger limit = p == ScalarType.U64 ? U64_LIMIT : BigInteger.ONE.shiftLeft(8 * p.bytes());
    if (b.signum() < 0 || b.compareTo(limit) >= 0) throw lossy(p, n);
    return b.longValue();
  }

  private static double toDouble(Number n, ScalarType p) {
    if (n instanceof Double || n instanceof Float) return n.doubleValue();
    if (n instanceof BigDecimal bd) {
      double d = bd.doubleValue();
      if (Double.isInfinite(d)) throw lossy(p, n);
      return d;
    }
    BigInteger b = exactInteger(p, n);
    double d = b.doubleValue();
    if (Double.isInfinite(d) || new BigDecimal(d).toBigInteger().compareTo(b) != 0) throw lossy(p, n);
    return d;
  }

  private static float toFloat(Number n, ScalarType p, float max) {
    float f;
    if (n instanceof Double || n instanceof Float || n instanceof BigDecimal) {
      double d = n.doubleValue();
      f = (float) d;
      // A finite value beyond the type's range would silently become infinity.
      if (!Double.isNaN(d) && !Double.isInfinite(d) && Math.abs(d) > max + ulpSlack(max)) throw lossy(p, n);
      return f;
    }
    BigInteger b = exactInteger(p, n);
    f = b.floatValue();
    if (Float.isInfinite(f) || Math.abs(f) > max || new BigDecimal(f).toBigInteger().compareTo(b) != 0) throw lossy(p, n);
    if (p == ScalarType.F16 && Float.float16ToFloat(Float.floatToFloat16(f)) != f) throw lossy(p, n);
    return f;
  }

  /** Values up to half an ulp above the maximum still round to it. */
  private static double ulpSlack(float max) {
    return max == Float.MAX_VALUE ? Math.ulp(Float.MAX_VALUE) / 2.0 : 16.0;
  }

  private static IllegalArgumentException lossy(ScalarType p, Number n) {
    return new IllegalArgumentException(describe(n) + " does not fit type " + p + " exactly");
  }
}
