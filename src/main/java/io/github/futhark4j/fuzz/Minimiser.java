package io.github.futhark4j.fuzz;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Shrinks a failing case by delta debugging: drops results and statements of the entry, replaces
 * expressions by a same-typed sub-expression or a literal, and halves the sizes of the arguments,
 * keeping each change that still shows the same kind of failure. Every candidate is compiled and
 * run again, so the work is bounded (a number of attempts and a time budget).
 */
final class Minimiser {
  /** The smallest case found and its failure. */
  record Result(Gen.Entry entry, List<Value> inputs, String diff) {}

  private static final int MAX_ATTEMPTS = 80;
  private static final long MAX_MILLIS = 120_000;

  private final Fuzzer fuzzer;
  private final String kind;
  private int attempts;
  private final long deadline = System.currentTimeMillis() + MAX_MILLIS;
  private String lastDiff;

  Minimiser(Fuzzer fuzzer, String kind) {
    this.fuzzer = fuzzer;
    this.kind = kind;
  }

  private boolean budget() { return attempts < MAX_ATTEMPTS && System.currentTimeMillis() < deadline; }

  private boolean fails(Gen.Entry e, List<Value> in) {
    attempts++;
    String[] r = fuzzer.rerun(e, in);
    if (r != null && r[0].equals(kind)) {
      lastDiff = r[1];
      return true;
    }
    return false;
  }

  Result minimise(Gen.Entry e, List<Value> in) {
    if (!fails(e, in)) return new Result(e, in, null); // does not reproduce alone: keep the original
    boolean progress = true;
    while (progress && budget()) {
      progress = false;
      // One result.
      if (e.results().size() > 1) {
        for (Gen.Result r : e.results()) {
          Gen.Entry c = with(e, e.stmts(), List.of(r));
          if (budget() && fails(c, in)) { e = c; progress = true; break; }
        }
      }
      // Drop statements, last first.
      for (int i = e.stmts().size() - 1; i >= 0 && budget(); i--) {
        List<Node> ss = new ArrayList<>(e.stmts());
        ss.remove(i);
        Gen.Entry c = with(e, ss, e.results());
        if (c.text().equals(e.text())) continue;
        if (fails(c, in)) { e = c; progress = true; }
      }
      // Smaller expressions: a literal or a same-typed child in place of a node, biggest first.
      for (int i = 0; i < e.stmts().size() && budget(); i++) {
        List<Node> nodes = new ArrayList<>();
        e.stmts().get(i).collect(nodes);
        nodes.sort((a, b) -> b.size() - a.size());
        for (Node n : nodes) {
          if (!budget() || n.size() < 3 || n.type.isEmpty()) continue;
          Node by = simpler(n);
          if (by == null) continue;
          List<Node> ss = new ArrayList<>(e.stmts());
          ss.set(i, ss.get(i).replace(n, by));
          Gen.Entry c = with(e, ss, e.results());
          if (fails(c, in)) { e = c; progress = true; break; }
        }
      }
      // Drop helper functions.
      for (int i = e.helpers().size() - 1; i >= 0 && budget(); i--) {
        List<Node> hs = new ArrayList<>(e.helpers());
        hs.remove(i);
        Gen.Entry c = new Gen.Entry(e.name(), e.sizeVars(), e.params(), e.big(), e.stmts(), e.results(), hs);
        if (fails(c, in)) { e = c; progress = true; }
      }
      // Smaller arguments: halve each size variable.
      for (String sv : e.sizeVars()) {
        if (!budget()) break;
        List<Value> smaller = halve(e, in, sv);
        if (smaller != null && fails(e, smaller)) { in = smaller; progress = true; }
      }
    }
    return new Result(e, in, lastDiff);
  }

  private static Gen.Entry with(Gen.Entry e, List<Node> stmts, List<Gen.Result> results) {
    return new Gen.Entry(e.name(), e.sizeVars(), e.params(), e.big(), stmts, results, e.helpers());
  }

  /** A literal of a scalar node's type, else its largest child of the same type. */
  private static Node simpler(Node n) {
    ScalarType t = ScalarType.parse(n.type);
    if (t != null) return Node.leaf(n.type, Gen.lit(t, new Random(n.size())));
    Node best = null;
    for (Node k : n.kids) if (k.type.equals(n.type) && (best == null || k.size() > best.size())) best = k;
    return best;
  }

  /** The arguments with every dimension of size variable {@code sv} cut to half (null if already 0). */
  private static List<Value> halve(Gen.Entry e, List<Value> in, String sv) {
    List<Value> out = new ArrayList<>();
    boolean changed = false;
    for (int i = 0; i < in.size(); i++) {
      Value v = in.get(i);
      List<String> dims = e.params().get(i).type().dims();
      for (int d = 0; d < dims.size(); d++) {
        if (sv.equals(dims.get(d)) && v.dim(d) > 0) {
          v = take(v, d, v.dim(d) / 2);
          changed = true;
        }
      }
      out.add(v);
    }
    return changed ? out : null;
  }

  /** The prefix of length {@code n} along dimension {@code dim}. */
  static Value take(Value v, int dim, long n) {
    long[] shape = v.shape();
    long[] ns = shape.clone();
    ns[dim] = n;
    long total = 1;
    for (long s : ns) total *= s;
    Object data = Array.newInstance(v.data().getClass().getComponentType(), (int) total);
    long[] idx = new long[shape.length];
    for (int k = 0; k < total; k++) {
      long rem = k;
      for (int d = shape.length - 1; d >= 0; d--) {
        idx[d] = rem % ns[d];
        rem /= ns[d];
      }
      long src = 0;
      for (int d = 0; d < shape.length; d++) src = src * shape[d] + idx[d];
      Array.set(data, k, Array.get(v.data(), (int) src));
    }
    return Value.of(v.type(), ns, data);
  }
}
