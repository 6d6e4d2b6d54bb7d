package io.github.futhark4j.compiler.interp;

/**
 * The float functions of Futhark that {@link Math} lacks (the inverse hyperbolic functions, the
 * error function, the gamma function), accurate to a few units in the last place of a double.
 */
final class MathFns {
  private MathFns() {}

  private static final double LN2 = Math.log(2.0);

  /** log2, exact for powers of two. */
  static double log2(double x) {
    if (x > 0 && !Double.isInfinite(x) && (Double.doubleToRawLongBits(x) & 0x000F_FFFF_FFFF_FFFFL) == 0
        && Math.getExponent(x) >= Double.MIN_EXPONENT) {
      return Math.getExponent(x);
    }
    return Math.log(x) / LN2;
  }

  static double asinh(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) return x;
    double a = Math.abs(x);
    double r = a > 1e8 ? Math.log(a) + LN2 : Math.log1p(a + a * a / (1 + Math.sqrt(1 + a * a)));
    return Math.copySign(r, x);
  }

  static double acosh(double x) {
    if (Double.isNaN(x) || x < 1) return Double.NaN;
    if (x > 1e8) return Math.log(x) + LN2;
    double t = x - 1;
    return Math.log1p(t + Math.sqrt(2 * t + t * t));
  }

  static double atanh(double x) {
    if (Double.isNaN(x) || Math.abs(x) > 1) return Double.NaN;
    if (x == 0) return x;
    return 0.5 * Math.log1p(2 * x / (1 - x));
  }

  /** erf: a series of positive terms for |x| < 3, else through erfc. */
  static double erf(double x) {
    if (Double.isNaN(x)) return x;
    double a = Math.abs(x);
    if (a >= 3) return Math.copySign(1 - erfcLarge(a), x);
    if (a == 0) return x;
    // erf(x) = 2/sqrt(pi) * exp(-x^2) * sum_n 2^n x^(2n+1) / (1*3*...*(2n+1))
    double term = a, sum = a, x2 = 2 * a * a;
    for (int n = 1; n < 200; n++) {
      term *= x2 / (2 * n + 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return Math.copySign(2 / Math.sqrt(Math.PI) * Math.exp(-a * a) * sum, x);
  }

  static double erfc(double x) {
    if (Double.isNaN(x)) return x;
    if (x >= 3) return erfcLarge(x);
    if (x <= -3) return 2 - erfcLarge(-x);
    return 1 - erf(x);
  }

  /** erfc for x >= 3 by its continued fraction (modified Lentz). */
  private static double erfcLarge(double x) {
    if (x > 27.3) return 0;
    // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...)))))
    double tiny = 1e-300;
    double f = x, c = x, d = 0;
    for (int n = 1; n < 500; n++) {
      double an = n / 2.0;
      d = x + an * d;
      if (d == 0) d = tiny;
      c = x + an / c;
      if (c == 0) c = tiny;
      d = 1 / d;
      double delta = c * d;
      f *= delta;
      if (Math.abs(delta - 1) < 1e-16) break;
    }
    return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
  }

  private static final double[] LANCZOS = {
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
      -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
      1.5056327351493116e-7};

  private static final double[] FACT = new double[24];

  static {
    FACT[0] = 1;
    for (int i = 1; i < FACT.length; i++) FACT[i] = FACT[i - 1] * i;
  }

  static double gamma(double x) {
    if (Double.isNaN(x)) return x;
    if (x == Double.POSITIVE_INFINITY) return x;
    if (x == Double.NEGATIVE_INFINITY) return Double.NaN;
    if (x == 0) return Math.copySign(Double.POSITIVE_INFINITY, x);
    if (x < 0 && x == Math.floor(x)) return Double.NaN;
    if (x == Math.floor(x) && x <= FACT.length) return FACT[(int) x - 1];
    if (x > 171.7) return Double.POSITIVE_INFINITY;
    if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
    double y = x - 1;
    double a = LANCZOS[0];
    double t = y + 7.5;
    for (int i = 1; i < LANCZOS.length; i++) a += LANCZOS[i] / (y + i);
    double p = Math.pow(t, (y + 0.5) / 2);
    return Math.sqrt(2 * Math.PI) * p * (Math.exp(-t) * p) * a;
  }

  static double lgamma(double x) {
    if (Double.isNaN(x)) return x;
    if (Double.isInfinite(x)) return Double.POSITIVE_INFINITY;
    if (x <= 0 && x == Math.floor(x)) return Double.POSITIVE_INFINITY;
    if (x == 1 || x == 2) return 0;
    if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
    if (x < 100) {
      double g = gamma(x);
      if (!Double.isInfinite(g)) return Math.log(Math.abs(g));
    }
    double y = x - 1;
    double a = LANCZOS[0];
    double t = y + 7.5;
    for (int i = 1; i < LANCZOS.length; i++) a += LANCZOS[i] / (y + i);
    return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
  }

  /** The digamma function (the derivative of lgamma). */
  static double digamma(double x) {
    if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY) return Double.NaN;
    if (x == Double.POSITIVE_INFINITY) return x;
    if (x <= 0 && x == Math.floor(x)) return Double.NaN;
    if (x < 0) return digamma(1 - x) - Math.PI / Math.tan(Math.PI * x);
    double r = 0;
    while (x < 6) {
      r -= 1 / x;
      x += 1;
    }
    double f = 1 / (x * x);
    return r + Math.log(x) - 0.5 / x
        - f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f * (1.0 / 132)))));
  }
}
