package io.github.futhark4j.compiler.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How many of each construct a program's IR holds, by path: what {@code futhark4j test
 * --structure} compares with a test's {@code structure { NAME N ... }} blocks (docs/cli.md).
 *
 * <p>A construct is named after its {@link Exp} record ({@code Map}, {@code Reduce}, {@code
 * Scan}, {@code Filter}, {@code Partition}, {@code Hist}, {@code Scatter}, {@code Loop}, {@code
 * If}, {@code BinOp}, {@code Index}, {@code Replicate}, ...). A loop also contains one {@code For}
 * or {@code While} (its form), and the branches of an {@code If} are the contexts {@code True} and
 * {@code False}. Constructs with code inside (SOACs with their lambdas, loops, branches) are the
 * context of that code, and every construct is counted under each suffix of its context path, as
 * the reference compiler's metrics do: a {@code BinOp} in the lambda of a {@code Reduce} in the
 * lambda of a {@code Map} at the top of an entry point counts for {@code BinOp}, {@code
 * Reduce/BinOp}, {@code Map/Reduce/BinOp} and {@code /Map/Reduce/BinOp} (a leading {@code /}
 * anchors the path at the top of a body). So {@code Map} counts every map, {@code /Map} the maps
 * outside any other construct, and {@code Map/Map} the maps directly inside a map's lambda.
 *
 * <p>A fused form is one construct: a map fused into a reduction is one {@code Reduce} (a
 * redomap), a map fused into a map one {@code Map}. Functions are inlined, so code a function
 * contributes is counted once per use, except the program's (recursive) {@link Program.Function}s:
 * their bodies are counted once each, at the top like entry points', and each call of one is a
 * {@code Call}. The entry points' bodies are counted together.
 */
public final class Structure {
  private final Map<String, Integer> counts = new TreeMap<>();
  /** The contexts, outermost first. */
  private final List<String> ctx = new ArrayList<>();

  private Structure() {}

  /** The counts of {@code p}'s constructs, by path (sorted); paths not present count 0. */
  public static Map<String, Integer> count(Program p) {
    Structure s = new Structure();
    for (Program.Function f : p.functions()) s.body(f.body());
    for (Program.Entry e : p.entries()) s.body(e.body());
    return s.counts;
  }

  /** The counts of the constructs of one body, as if it were an entry point's. */
  public static Map<String, Integer> count(Body b) {
    Structure s = new Structure();
    s.body(b);
    return s.counts;
  }

  private static final Set<String> NAMES = names(Exp.class);

  private static Set<String> names(Class<?> exp) {
    Set<String> s = new TreeSet<>();
    for (Class<?> c : exp.getPermittedSubclasses()) s.add(c.getSimpleName());
    s.addAll(List.of("For", "While", "True", "False"));
    return java.util.Collections.unmodifiableSet(s);
  }

  /** Every name a path may contain: the {@link Exp} records, and For, While, True and False. */
  public static Set<String> names() { return NAMES; }

  private void seen(String name) {
    StringBuilder path = new StringBuilder();
    for (int from = ctx.size(); from >= 0; from--) {
      path.setLength(0);
      for (int i = from; i < ctx.size(); i++) path.append(ctx.get(i)).append('/');
      counts.merge(path + name, 1, Integer::sum);
    }
    counts.merge("/" + String.join("/", ctx) + (ctx.isEmpty() ? "" : "/") + name, 1, Integer::sum);
  }

  private void inside(String name, Runnable inner) {
    seen(name);
    ctx.add(name);
    inner.run();
    ctx.removeLast();
  }

  private void body(Body b) {
    for (Stm s : b.stms()) exp(s.exp());
  }

  private void lambda(Lambda l) {
    if (l != null) body(l.body());
  }

  private void exp(Exp e) {
    switch (e) {
      case Exp.If i -> inside("If", () -> {
        inside("True", () -> body(i.then()));
        inside("False", () -> body(i.otherwise()));
      });
      case Exp.Loop l -> inside("Loop", () -> {
        switch (l.form()) {
          case Exp.LoopForm.For f -> seen("For");
          case Exp.LoopForm.While w -> {
            seen("While");
            body(w.cond());
          }
        }
        body(l.body());
      });
      case Exp.Map m -> inside("Map", () -> lambda(m.f()));
      case Exp.Reduce r -> inside("Reduce", () -> {
        lambda(r.mapf());
        lambda(r.op());
      });
      case Exp.Scan s -> inside("Scan", () -> {
        lambda(s.mapf());
        lambda(s.op());
        lambda(s.postf());
      });
      case Exp.Filter f -> inside("Filter", () -> lambda(f.pred()));
      case Exp.Partition p -> inside("Partition", () -> lambda(p.cls()));
      case Exp.Hist h -> inside("Hist", () -> {
        lambda(h.mapf());
        lambda(h.op());
      });
      default -> seen(e.getClass().getSimpleName());
    }
  }
}
