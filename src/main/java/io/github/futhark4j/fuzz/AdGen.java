package io.github.futhark4j.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random differentiable functions for the AD oracle of {@link AdFuzzer}, and the entry point that
 * checks one of them.
 *
 * <p>Every function has the type {@code [n]f64 -> [n]f64 -> f64 -> f64 -> (f64, [n]f64)} and is
 * built from what differentiable programs are made of: arithmetic, the prelude's smooth functions
 * on bounded arguments, {@code min}/{@code max}, {@code if}, maps (nested too), reductions with
 * {@code +}, {@code *}, {@code max}, {@code min} and a tuple operator, scans with those and with the
 * composition of affine maps, filter, partition, gathers, rotations, in-place updates, scatter,
 * histograms with {@code +}, {@code *} and {@code max}, sequential {@code for} and {@code while}
 * loops over scalars and arrays, and {@code foldl}. Its arguments stay within a few units, so no
 * result overflows and finite differences mean something.
 *
 * <p>Two entries take a point {@code x}, a tangent {@code dx} and a cotangent {@code r}. The
 * checking entry {@code NAME} returns, in one array: {@code <vjp f x r, dx>}, {@code <r, jvp f x dx>},
 * the magnitude of the terms of both inner products (the scale of the rounding error), and
 * {@code <r, f x>} from the primals of {@code jvp2} and {@code vjp2}; the primal entry
 * {@code NAME_p} returns {@code <r, f x>}, which {@link AdFuzzer} calls around {@code x} for finite
 * differences. The function checked ({@code NAME_h}, of the point) is {@code f} itself, or the
 * forward derivative of {@code f} along a fixed direction (one in five) or a function of its reverse
 * derivative for a fixed cotangent (one in ten), so nested AD (forward over forward, reverse over
 * forward, forward and reverse over reverse) is checked too. (Each reverse derivative that the
 * compiler takes by forward mode over a basis multiplies the code by the number of parameters;
 * nesting two of them makes C that gcc takes minutes over, hence the lower rate.)
 */
final class AdGen {
  /** The number of values the checking entry returns; see {@link #entry}. */
  static final int RESULTS = 5;

  /** A generated case: the entry's name and the text of its function and entry. */
  record Case(String name, String text) {}

  private final Random rnd;
  private int fresh;

  AdGen(Random rnd) { this.rnd = rnd; }

  /** The declarations every program of generated cases starts with. */
  static String prelude() {
    return "def ad_dot [n] (u: [n]f64) (v: [n]f64) : f64 = f64.sum (map2 (*) u v)\n"
        + "def ad_adot [n] (u: [n]f64) (v: [n]f64) : f64 = f64.sum (map2 (\\a b -> f64.abs (a * b)) u v)\n";
  }

  /** A function named after {@code name} and the entry {@code name} that checks it. */
  Case entry(String name) {
    String f = name + "_f";
    Env env = new Env(List.of("a", "b"), List.of("xs", "ys"));
    StringBuilder body = new StringBuilder();
    // A few statements first, as functions are written.
    int lets = rnd.nextInt(3);
    for (int i = 0; i < lets; i++) {
      if (rnd.nextBoolean()) {
        String v = name("s");
        body.append("  let ").append(v).append(" = ").append(scalar(env, 2)).append('\n');
        env = env.withScalar(v);
      } else {
        String v = name("v");
        body.append("  let ").append(v).append(" = ").append(array(env, 2)).append('\n');
        env = env.withArray(v);
      }
    }
    body.append("  in (").append(scalar(env, 3)).append(", ").append(array(env, 3)).append(")\n");
    StringBuilder t = new StringBuilder();
    t.append("def ").append(f).append(" [n] (xs: [n]f64) (ys: [n]f64) (a: f64) (b: f64) : (f64, [n]f64) =\n");
    if (lets == 0) t.append("  ").append(body.substring(body.indexOf("in (") + 3));
    else t.append(body);
    // The function checked, of the point p; the direction and cotangent it may close over are the entries'.
    String h = name + "_h";
    t.append("def ").append(h).append(" [n] (dxs: [n]f64) (dys: [n]f64) (da: f64) (db: f64) (r0: f64) (rs: [n]f64)"
        + " (p: ([n]f64, [n]f64, f64, f64)) : (f64, [n]f64) =\n");
    int variant = rnd.nextInt(10);
    if (variant < 2) {
      t.append("  jvp (\\(q: ([n]f64, [n]f64, f64, f64)) -> ").append(f).append(" q.0 q.1 q.2 q.3) p (dys, dxs, db, da)\n");
    } else if (variant == 2) {
      t.append("  let (g0, g1, g2, g3) = vjp (\\(q: ([n]f64, [n]f64, f64, f64)) -> ").append(f)
          .append(" q.0 q.1 q.2 q.3) p (r0 * 0.5 - 0.25, reverse rs)\n  in (g2 - g3, map2 (+) g0 g1)\n");
    } else {
      t.append("  ").append(f).append(" p.0 p.1 p.2 p.3\n");
    }
    String params = " [n] (xs: [n]f64) (ys: [n]f64) (a: f64) (b: f64) (dxs: [n]f64) (dys: [n]f64) (da: f64) (db: f64)"
        + " (r0: f64) (rs: [n]f64)";
    String fn = "  let f (p: ([n]f64, [n]f64, f64, f64)) : (f64, [n]f64) = " + h + " dxs dys da db r0 rs p\n";
    t.append("entry ").append(name).append("_p").append(params).append(" : f64 =\n").append(fn)
        .append("  let (y0, yy) = f (xs, ys, a, b)\n  in r0 * y0 + ad_dot rs yy\n");
    t.append("entry ").append(name).append(params).append(" : [").append(RESULTS).append("]f64 =\n").append(fn);
    t.append("""
          let x = (xs, ys, a, b)
          let ((p0, ps), (t0, ts)) = jvp2 f x (dxs, dys, da, db)
          let ((q0, qs), (gx, gy, ga, gb)) = vjp2 f x (r0, rs)
          let lhs = ad_dot gx dxs + ad_dot gy dys + ga * da + gb * db
          let rhs = r0 * t0 + ad_dot rs ts
          let mag = ad_adot gx dxs + ad_adot gy dys + f64.abs (ga * da) + f64.abs (gb * db) + f64.abs (r0 * t0) + ad_adot rs ts
          in [lhs, rhs, mag, r0 * p0 + ad_dot rs ps, r0 * q0 + ad_dot rs qs]
        """);
    return new Case(name, t.toString());
  }

  /** The names in scope: scalars (any f64 expression without free loop state) and arrays of size {@code n}. */
  private record Env(List<String> scalars, List<String> arrays) {
    Env withScalar(String s) {
      List<String> l = new ArrayList<>(scalars);
      l.add(s);
      return new Env(l, arrays);
    }

    Env withArray(String s) {
      List<String> l = new ArrayList<>(arrays);
      l.add(s);
      return new Env(scalars, l);
    }
  }

  private String name(String kind) { return kind + (fresh++); }

  private String pick(List<String> xs) { return xs.get(rnd.nextInt(xs.size())); }

  private String constant() {
    double c = Math.round((rnd.nextDouble() * 4 - 2) * 100) / 100.0;
    return c < 0 ? "(" + c + ")" : String.valueOf(c);
  }

  /** A small index constant. */
  private int k() { return rnd.nextInt(4); }

  /** An f64 expression of depth at most {@code d}. */
  String scalar(Env env, int d) {
    if (d <= 0 || rnd.nextInt(6) == 0) {
      return switch (rnd.nextInt(6)) {
        case 0 -> constant();
        case 1 -> pick(env.arrays()) + "[" + k() + " % n]";
        default -> pick(env.scalars());
      };
    }
    int e = d - 1;
    return switch (rnd.nextInt(22)) {
      case 0, 1, 2 -> "(" + scalar(env, e) + " " + pick(List.of("+", "-", "*")) + " " + scalar(env, e) + ")";
      case 3 -> "f64.sin (" + scalar(env, e) + ")";
      case 4 -> "f64.cos (" + scalar(env, e) + ")";
      case 5 -> "f64.tanh (" + scalar(env, e) + ")";
      case 6 -> "f64.exp (f64.sin (" + scalar(env, e) + "))";
      case 7 -> bounded(env, e);
      case 8 -> "f64." + pick(List.of("max", "min")) + " (" + scalar(env, e) + ") (" + scalar(env, e) + ")";
      case 9 -> "(if " + scalar(env, e) + " < " + scalar(env, e) + " then " + scalar(env, e) + " else " + scalar(env, e) + ")";
      case 10, 11 -> reduction(env, e);
      case 12 -> {
        String acc = name("acc"), i = name("i");
        yield "(loop " + acc + " = " + scalar(env, e) + " for " + i + " < " + (1 + k()) + " do " + acc + " * 0.5 + "
            + scalar(env.withScalar(acc).withScalar("f64.i64 " + i), e) + ")";
      }
      case 13 -> {
        String acc = name("acc"), j = name("j");
        yield "(let (" + acc + ", _) = loop (" + acc + ", " + j + ") = (" + scalar(env, e) + ", 0i64) while " + j + " < "
            + (1 + k()) + " do (f64.sin (" + scalar(env.withScalar(acc), e) + "), " + j + " + 1) in " + acc + ")";
      }
      case 14 -> {
        String acc = name("acc"), x = name("x");
        yield "foldl (\\" + acc + " " + x + " -> " + acc + " * 0.5 + " + scalar(env.withScalar(acc).withScalar(x), e) + ") ("
            + scalar(env, e) + ") (" + array(env, e) + ")";
      }
      case 15, 16 -> {
        String v = name("s");
        yield "(let " + v + " = " + scalar(env, e) + " in " + scalar(env.withScalar(v), e) + ")";
      }
      case 17 -> {
        String v = name("v");
        yield "(let " + v + " = " + array(env, e) + " in " + v + "[" + k() + " % n])";
      }
      case 18 -> "(" + scalar(env, e) + " / (2 + f64.sin (" + scalar(env, e) + ")))";
      default -> pick(env.scalars());
    };
  }

  /** A smooth function of an unbounded argument with a bounded derivative. */
  private String bounded(Env env, int d) {
    String v = name("s");
    String body = switch (rnd.nextInt(5)) {
      case 0 -> "f64.sqrt (1 + " + v + " * " + v + ")";
      case 1 -> "f64.log (1 + " + v + " * " + v + ")";
      case 2 -> v + " / (1 + " + v + " * " + v + ")";
      case 3 -> "(1 + " + v + " * " + v + ") ** 0.75";
      default -> "f64.atan (" + v + ")";
    };
    return "(let " + v + " = " + scalar(env, d) + " in " + body + ")";
  }

  /** A reduction of an array to a scalar. */
  private String reduction(Env env, int d) {
    String arr = array(env, d);
    return switch (rnd.nextInt(10)) {
      case 0 -> "f64.sum (" + arr + ")";
      case 1 -> "reduce (+) 0 (" + arr + ")";
      case 2 -> "f64.product (map f64.tanh (" + arr + "))";
      case 3 -> "f64.maximum (" + arr + ")";
      case 4 -> "f64.minimum (" + arr + ")";
      case 5 -> "reduce f64.max (-f64.inf) (" + arr + ")";
      case 6 -> {
        String p = name("p"), q = name("q");
        yield "(let (" + p + ", " + q + ") = reduce (\\(a1, b1) (a2, b2) -> (a1 + a2, f64.max b1 b2)) (0, -f64.inf) (zip ("
            + arr + ") (" + array(env, d) + ")) in " + p + " * 0.5 + " + q + ")";
      }
      case 7 -> {
        String x = name("x");
        yield "f64.sum (filter (\\" + x + " -> " + x + " > " + constant() + ") (" + arr + "))";
      }
      case 8 -> {
        String p = name("p"), q = name("q"), x = name("x");
        yield "(let (" + p + ", " + q + ") = partition (\\" + x + " -> " + x + " < " + constant() + ") (" + arr + ") in f64.sum "
            + p + " - 2 * f64.sum " + q + ")";
      }
      default -> "reduce_comm (+) 0 (" + arr + ")";
    };
  }

  /** An expression of type {@code [n]f64} of depth at most {@code d}. */
  String array(Env env, int d) {
    if (d <= 0 || rnd.nextInt(6) == 0) return pick(env.arrays());
    int e = d - 1;
    return switch (rnd.nextInt(24)) {
      case 0, 1, 2 -> {
        String x = name("x");
        yield "map (\\" + x + " -> " + scalar(env.withScalar(x), e) + ") (" + array(env, e) + ")";
      }
      case 3, 4 -> {
        String x = name("x"), y = name("y");
        yield "map2 (\\" + x + " " + y + " -> " + scalar(env.withScalar(x).withScalar(y), e) + ") (" + array(env, e) + ") ("
            + array(env, e) + ")";
      }
      case 5 -> "scan (+) 0 (" + array(env, e) + ")";
      case 6 -> "scan (*) 1 (map f64.tanh (" + array(env, e) + "))";
      case 7 -> (rnd.nextBoolean() ? "scan f64.max (-f64.inf) (" : "scan f64.min f64.inf (")
          + array(env, e) + ")";
      case 8 -> {
        String u = name("u"), v = name("v");
        yield "(let (" + u + ", " + v + ") = unzip (scan (\\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip (map f64.tanh ("
            + array(env, e) + ")) (" + array(env, e) + "))) in map2 (+) " + u + " " + v + ")";
      }
      case 9 -> "reverse (" + array(env, e) + ")";
      case 10 -> "rotate (" + (rnd.nextInt(7) - 3) + ") (" + array(env, e) + ")";
      case 11 -> {
        String v = name("v"), i = name("i");
        yield "(let " + v + " = " + array(env, e) + " in map (\\" + i + " -> " + v + "[(" + i + " + " + k() + ") % n]) (iota n))";
      }
      case 12 -> {
        String i = name("i");
        yield "tabulate n (\\" + i + " -> " + scalar(env.withScalar("f64.i64 " + i), e) + ")";
      }
      case 13 -> {
        String v = name("v");
        yield "(let " + v + " = copy (" + array(env, e) + ") in " + v + " with [" + k() + " % n] = " + scalar(env, e) + ")";
      }
      case 14 -> {
        String i = name("i");
        String is = rnd.nextBoolean() ? "n - 1 - " + i : "if " + i + " % 2 == 0 then " + i + " else -1";
        yield "scatter (copy (" + array(env, e) + ")) (map (\\" + i + " -> " + is + ") (iota n)) (" + array(env, e) + ")";
      }
      case 15 -> {
        String i = name("i");
        String is = "map (\\" + i + " -> (" + i + " * " + k() + ") % n) (iota n)";
        yield switch (rnd.nextInt(3)) {
          case 0 -> "hist (+) 0 n (" + is + ") (" + array(env, e) + ")";
          case 1 -> "reduce_by_index (copy (" + array(env, e) + ")) f64.max (-f64.inf) (" + is + ") (" + array(env, e) + ")";
          default -> "reduce_by_index (map f64.tanh (" + array(env, e) + ")) (*) 1 (" + is + ") (map f64.tanh ("
              + array(env, e) + "))";
        };
      }
      case 16 -> {
        String ys = name("ys"), i = name("i"), y = name("y"), x = name("x");
        yield "(loop " + ys + " = " + array(env, e) + " for " + i + " < " + (1 + k()) + " do map2 (\\" + y + " " + x + " -> " + y
            + " * 0.5 + " + scalar(env.withScalar(y).withScalar(x).withScalar("f64.i64 " + i), e) + ") " + ys + " ("
            + array(env, e) + "))";
      }
      case 17 -> {
        String ys = name("ys"), j = name("j"), y = name("y");
        yield "(let (" + ys + ", _) = loop (" + ys + ", " + j + ") = (" + array(env, e) + ", 0i64) while " + j + " < " + (1 + k())
            + " do (map (\\" + y + " -> f64.sin (" + scalar(env.withScalar(y), e) + ")) " + ys + ", " + j + " + 1) in " + ys + ")";
      }
      case 18 -> {
        String c = name("c"), x = name("x");
        yield "(let " + c + " = " + scalar(env, e) + " in map (\\" + x + " -> " + x + " * " + c + ") (" + array(env, e) + "))";
      }
      case 19 -> "(if " + scalar(env, e) + " < " + scalar(env, e) + " then " + array(env, e) + " else " + array(env, e) + ")";
      case 20 -> {
        String u = name("u"), v = name("v"), x = name("x"), y = name("y");
        Env xy = env.withScalar(x).withScalar(y);
        Env uv = env.withScalar(u).withScalar(v);
        yield "(let (" + u + "s, " + v + "s) = unzip (map2 (\\" + x + " " + y + " -> (" + scalar(xy, e) + ", " + scalar(xy, e)
            + ")) (" + array(env, e) + ") (" + array(env, e) + ")) in map2 (\\" + u + " " + v + " -> " + scalar(uv, e) + ") " + u
            + "s " + v + "s)";
      }
      case 21 -> {
        String x = name("x"), y = name("y"), inner = name("w");
        yield "(let " + inner + " = " + array(env, e) + " in map (\\" + x + " -> f64.sum (map (\\" + y + " -> "
            + scalar(env.withScalar(x).withScalar(y), e) + ") " + inner + ")) (" + array(env, e) + "))";
      }
      case 22 -> {
        String m = name("m"), x = name("x"), y = name("y"), w = name("w");
        yield "(let " + w + " = " + array(env, e) + " in let " + m + " = map (\\" + x + " -> map (\\" + y + " -> "
            + scalar(env.withScalar(x).withScalar(y), e) + ") " + w + ") (" + array(env, e) + ") in map f64.sum ("
            + (rnd.nextBoolean() ? "transpose " + m : m) + "))";
      }
      default -> {
        String v = name("v");
        yield "(let " + v + " = " + array(env, e) + " in " + array(env.withArray(v), e) + ")";
      }
    };
  }
}
