package io.github.futhark4j.compiler.opt;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Body;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.core.Program;
import io.github.futhark4j.compiler.core.Rewrite;
import io.github.futhark4j.compiler.core.Stm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Producer-consumer fusion within a body: a {@code map} whose results are used only by one
 * later {@code map}, {@code reduce}, {@code scan} or {@code hist} is merged into it, so the
 * intermediate array is never materialised (map-map composes the lambdas; map-reduce, map-scan
 * and map-hist become the fused {@code mapf} of the reduction or histogram, computing its
 * elements as they are read). A map that consumes all of a scan's results, and only them, becomes the
 * scan's post map ({@code postf}): the scanned elements are never stored (the reference's
 * scan-map fusion: a tridiagonal solver's scans of pairs followed by a map to one number).
 * Bodies are fused inside out.
 */
public final class Fusion {
  /** What the pass does, in one line ({@code futhark4j dev --steps} prints it). */
  public static final String DESCRIPTION =
      "producer-consumer fusion: a map into the one map, reduce, scan or hist that consumes it (the latter three as their map function)";

  private Fusion() {}

  public static Program program(Program p) {
    return Rewrite.bodies(p, Fusion::body);
  }

  static Body body(Body b0) {
    // Inner bodies first.
    List<Stm> stms = new ArrayList<>();
    // The outer size of a map's result is the map's width: reading it that way does not keep the
    // result alive (fusion composes bodies that the simplifier has not seen yet).
    Map<String, Atom> widths = new HashMap<>();
    for (Stm s : b0.stms()) {
      Exp e = Rewrite.exp(s.exp(), a -> a, Fusion::body);
      if (e instanceof Exp.Shape sh && sh.dim() == 0 && sh.array() instanceof Atom.Var v && widths.containsKey(v.name())) {
        e = new Exp.AtomE(widths.get(v.name()));
      }
      if (e instanceof Exp.Map m) for (Atom.Var v : s.pattern()) widths.put(v.name(), m.width());
      stms.add(new Stm(s.pattern(), e));
    }
    Map<String, Integer> uses = new HashMap<>();
    // With multiplicity: a producer also used inside the consumer's lambda (map (h x[1]) x) is used twice.
    for (Stm s : stms) FreeVars.occurrences(s.exp()).forEach((v, k) -> uses.merge(v, k, Integer::sum));
    for (Atom a : b0.results()) if (a instanceof Atom.Var v) uses.merge(v.name(), 1000, Integer::sum);

    // Arrays that a later operator reads as its input: a map producing them fuses into that
    // consumer (and then knows what it computes) rather than into the scan before it.
    java.util.Set<String> soacInputs = new java.util.HashSet<>();
    for (Stm s : stms) {
      List<Atom> ins = switch (s.exp()) {
        case Exp.Map m -> m.arrays();
        case Exp.Reduce r -> r.arrays();
        case Exp.Scan sc -> sc.arrays();
        case Exp.Hist h -> h.arrays();
        default -> List.of();
      };
      for (Atom a : ins) if (a instanceof Atom.Var v) soacInputs.add(v.name());
    }
    List<Stm> out = new ArrayList<>();
    Map<String, Integer> producer = new HashMap<>();
    Map<String, Integer> scans = new HashMap<>();
    for (Stm s : stms) {
      boolean feedsOperator = s.pattern().stream().anyMatch(v -> soacInputs.contains(v.name()));
      Stm fused = tryFuse(s, out, producer, uses);
      Stm post = feedsOperator ? null : postMap(fused, out, scans, uses);
      if (post != null) fused = post;
      int idx = out.size();
      out.add(fused);
      if (fused.exp() instanceof Exp.Map) for (Atom.Var v : fused.pattern()) producer.put(v.name(), idx);
      if (fused.exp() instanceof Exp.Scan) for (Atom.Var v : fused.pattern()) scans.put(v.name(), idx);
    }
    return new Body(out.stream().filter(s -> s != null).toList(), b0.results());
  }

  /** The single map statement producing all of {@code arrays} (used nowhere else), or -1. */
  private static int soleProducer(List<Atom> arrays, List<Stm> out, Map<String, Integer> producer, Map<String, Integer> uses) {
    int p = -1;
    for (Atom a : arrays) {
      if (!(a instanceof Atom.Var v)) return -1;
      Integer i = producer.get(v.name());
      if (i == null || out.get(i) == null || (p != -1 && p != i)) return -1;
      p = i;
    }
    if (p == -1) return -1;
    for (Atom.Var v : out.get(p).pattern()) {
      // Used nowhere else: once, or only as inputs here (a map reading one array twice, as two
      // fused maps do that each read the variance; every such input gets the same element).
      int n = uses.getOrDefault(v.name(), 0);
      int here = (int) arrays.stream().filter(a -> a.equals(v)).count();
      if (n > 1 && n != here) return -1;
    }
    return p;
  }

  private static Stm tryFuse(Stm s, List<Stm> out, Map<String, Integer> producer, Map<String, Integer> uses) {
    switch (s.exp()) {
      case Exp.Reduce r when r.mapf() == null -> {
        Fed fed = fuseInputs(s, r.arrays(), null, out, producer, uses);
        if (fed == null) return s;
        return new Stm(s.pattern(), new Exp.Reduce(r.width(), r.op(), r.nes(), fed.mapf(), fed.arrays(), r.commutative()));
      }
      case Exp.Scan sc when sc.mapf() == null -> {
        Fed fed = fuseInputs(s, sc.arrays(), null, out, producer, uses);
        if (fed == null) return s;
        return new Stm(s.pattern(), new Exp.Scan(sc.width(), sc.op(), sc.nes(), fed.mapf(), fed.arrays()));
      }
      case Exp.Map c -> {
        // The first map among the producers of the inputs that qualifies (an earlier one may be
        // shared: myVarX read by two maps must not stop the map producing u from fusing).
        int p = -1;
        List<Atom> fromP = null;
        for (Atom a : c.arrays()) {
          if (!(a instanceof Atom.Var v) || !producer.containsKey(v.name()) || out.get(producer.get(v.name())) == null) continue;
          int q = producer.get(v.name());
          List<Atom> from = wholeOutputs(q, c.arrays(), out, producer, uses);
          if (from != null) {
            p = q;
            fromP = from;
            break;
          }
        }
        if (fromP == null) return s;
        Stm ps = out.get(p);
        Exp.Map m = (Exp.Map) ps.exp();
        List<Atom.Var> params = new ArrayList<>(m.f().params());
        List<Atom> arrays = new ArrayList<>(m.arrays());
        List<Stm> stms = new ArrayList<>(m.f().body().stms());
        // The consumer's parameters fed by the producer become the producer's results (names are
        // unique), so operators in the two functions that now meet can fuse in turn.
        Map<String, Atom> fed = new HashMap<>();
        for (int k = 0; k < c.arrays().size(); k++) {
          Atom a = c.arrays().get(k);
          Atom.Var cp = c.f().params().get(k);
          int j = ps.pattern().indexOf(a);
          if (j >= 0 && fromP.contains(a)) {
            fed.put(cp.name(), m.f().body().results().get(j));
          } else {
            params.add(cp);
            arrays.add(a);
          }
        }
        Body consumer = substitute(c.f().body(), fed);
        stms.addAll(consumer.stms());
        out.set(p, null);
        Lambda f = new Lambda(params, body(new Body(stms, consumer.results())));
        // Another producer of the remaining inputs may fuse in turn.
        return tryFuse(new Stm(s.pattern(), new Exp.Map(c.width(), f, arrays)), out, producer, uses);
      }
      case Exp.Hist h -> {
        Fed fed = fuseInputs(s, h.arrays(), h.mapf(), out, producer, uses);
        if (fed == null) return s;
        return new Stm(s.pattern(), new Exp.Hist(h.width(), h.op(), h.nes(), h.dests(), fed.mapf(), fed.arrays()));
      }
      default -> {
        return s;
      }
    }
  }

  /**
   * Map {@code s} fused into the scan of {@code out} whose results it reads, all of them, once each
   * and nothing else, when they are used nowhere else: the scan, moved here, with the map's function
   * (after its own post map, if it has one) as its post map; the scan's old place is emptied. Null
   * when {@code s} is no such map. Only scans of scalars into scalars: the post map runs on the
   * accumulators as they are made, and its results are stored in their place.
   */
  private static Stm postMap(Stm s, List<Stm> out, Map<String, Integer> scans, Map<String, Integer> uses) {
    if (!(s.exp() instanceof Exp.Map c) || c.arrays().isEmpty()) return null;
    if (!(c.arrays().get(0) instanceof Atom.Var first) || !scans.containsKey(first.name())) return null;
    int p = scans.get(first.name());
    Stm ss = out.get(p);
    if (ss == null || !(ss.exp() instanceof Exp.Scan sc)) return null;
    if (c.arrays().size() != ss.pattern().size() || !c.arrays().containsAll(ss.pattern())) return null;
    for (Atom.Var v : ss.pattern()) if (uses.getOrDefault(v.name(), 0) != 1) return null;
    if (sc.scannedTypes().stream().anyMatch(t -> t.isArray())) return null;
    if (c.f().returnTypes().stream().anyMatch(t -> t.isArray())) return null;
    // The consumer's parameters become the (old post map's) results they read.
    List<Atom.Var> params;
    List<Stm> stms = new ArrayList<>();
    List<Atom> elems;
    if (sc.postf() == null) {
      params = new ArrayList<>();
      for (Atom.Var v : ss.pattern()) params.add(c.f().params().get(c.arrays().indexOf(v)));
      elems = new ArrayList<>(params);
    } else {
      params = sc.postf().params();
      stms.addAll(sc.postf().body().stms());
      elems = sc.postf().body().results();
    }
    Map<String, Atom> fed = new HashMap<>();
    for (int k = 0; k < c.arrays().size(); k++) {
      Atom.Var cp = c.f().params().get(k);
      Atom e = elems.get(ss.pattern().indexOf((Atom.Var) c.arrays().get(k)));
      if (!e.equals(cp)) fed.put(cp.name(), e);
    }
    Body consumer = substitute(c.f().body(), fed);
    stms.addAll(consumer.stms());
    out.set(p, null);
    Lambda postf = new Lambda(params, new Body(stms, consumer.results()));
    return new Stm(s.pattern(), new Exp.Scan(sc.width(), sc.op(), sc.nes(), sc.mapf(), sc.arrays(), postf));
  }

  /**
   * A scan with a post map as the scan and a map of its results (for code that fuses no post map:
   * device kernels); other statements as they are.
   */
  static List<Stm> withoutPostMap(Stm s) {
    if (!(s.exp() instanceof Exp.Scan sc) || sc.postf() == null) return List.of(s);
    List<Atom.Var> scanned = new ArrayList<>();
    String base = s.pattern().get(0).name();
    List<io.github.futhark4j.compiler.core.IrType> ts = sc.scannedTypes();
    // Names ending in "_scanned" and a number are made only here (lowered names never end so).
    for (int k = 0; k < ts.size(); k++) scanned.add(new Atom.Var(base + "_scanned" + k, ts.get(k).arrayOf()));
    return List.of(
        new Stm(scanned, new Exp.Scan(sc.width(), sc.op(), sc.nes(), sc.mapf(), sc.arrays())),
        new Stm(s.pattern(), new Exp.Map(sc.width(), sc.postf(), List.copyOf(scanned))));
  }

  /** An operator's fused map function and the arrays it reads instead of its inputs. */
  private record Fed(Lambda mapf, List<Atom> arrays) {}

  /**
   * The outputs of map {@code out[p]} among {@code inputs} when the operator reading {@code inputs}
   * consumes every one of them and is their only use, once each; else null.
   */
  private static List<Atom> wholeOutputs(int p, List<Atom> inputs, List<Stm> out, Map<String, Integer> producer,
      Map<String, Integer> uses) {
    Stm ps = out.get(p);
    List<Atom> fromP = inputs.stream().filter(x -> x instanceof Atom.Var xv && ps.pattern().contains(xv)).toList();
    if (soleProducer(fromP, out, producer, uses) != p) return null;
    // Every output of the producer must be consumed here (otherwise it would still be needed).
    if (ps.pattern().stream().anyMatch(x -> !fromP.contains(x))) return null;
    return fromP;
  }

  /**
   * Fuses into the operator of {@code s} (a reduce, scan or hist over {@code inputs}, with map
   * function {@code c} or none) every map that produces some of its inputs and whose outputs are
   * used only there, once each: the maps' functions become (part of) the operator's map function,
   * and it reads the maps' arrays instead. Inputs that come from no such map are passed through by
   * the new function (a parameter returned as it is: {@code zip (iota k) (map f xs)}). Null when
   * no map qualifies; the fused maps are removed from {@code out}.
   */
  private static Fed fuseInputs(Stm s, List<Atom> inputs, Lambda c, List<Stm> out, Map<String, Integer> producer,
      Map<String, Integer> uses) {
    List<Integer> fusible = new ArrayList<>();
    for (Atom a : inputs) {
      if (!(a instanceof Atom.Var v) || !producer.containsKey(v.name())) continue;
      int p = producer.get(v.name());
      if (out.get(p) == null || fusible.contains(p)) continue;
      if (wholeOutputs(p, inputs, out, producer, uses) != null) fusible.add(p);
    }
    if (fusible.isEmpty()) return null;
    List<Atom.Var> params = new ArrayList<>();
    List<Atom> arrays = new ArrayList<>();
    List<Stm> stms = new ArrayList<>();
    List<Atom> elems = new ArrayList<>();
    List<Integer> added = new ArrayList<>();
    String base = s.pattern().get(0).name();
    for (int k = 0; k < inputs.size(); k++) {
      Atom a = inputs.get(k);
      Integer p = a instanceof Atom.Var v ? producer.get(v.name()) : null;
      if (p != null && fusible.contains(p)) {
        Stm ps = out.get(p);
        Exp.Map m = (Exp.Map) ps.exp();
        if (!added.contains(p)) {
          added.add(p);
          params.addAll(m.f().params());
          arrays.addAll(m.arrays());
          stms.addAll(m.f().body().stms());
        }
        elems.add(m.f().body().results().get(ps.pattern().indexOf(a)));
      } else {
        // The row passed through: the consumer's own parameter, or a fresh one named after the
        // operator (its names are unique, and no lowered name ends in "_row" and a number).
        Atom.Var q = c != null ? c.params().get(k) : new Atom.Var(base + "_row" + k, a.type().row());
        params.add(q);
        arrays.add(a);
        elems.add(q);
      }
    }
    for (int p : added) out.set(p, null);
    Body fb;
    if (c == null) {
      fb = new Body(stms, elems);
    } else {
      for (int k = 0; k < inputs.size(); k++) {
        Atom.Var q = c.params().get(k);
        if (!elems.get(k).equals(q)) stms.add(new Stm(List.of(q), new Exp.AtomE(elems.get(k))));
      }
      stms.addAll(c.body().stms());
      fb = new Body(stms, c.body().results());
    }
    return new Fed(new Lambda(params, fb), arrays);
  }

  /** {@code b} with the variables named in {@code s} replaced by their atoms, nested bodies included. */
  private static Body substitute(Body b, Map<String, Atom> s) {
    if (s.isEmpty()) return b;
    java.util.function.UnaryOperator<Atom> a = x -> x instanceof Atom.Var v && s.containsKey(v.name()) ? s.get(v.name()) : x;
    List<Stm> stms = new ArrayList<>();
    for (Stm st : b.stms()) stms.add(new Stm(st.pattern(), Rewrite.exp(st.exp(), a, nested -> substitute(nested, s))));
    return new Body(stms, b.results().stream().map(a).toList());
  }
}
