package io.github.futhark4j.compiler.core;

import java.util.List;
import java.util.stream.Collectors;

/** Renders the IR as indented text, for tests and for debugging passes. */
public final class Printer {
  private Printer() {}

  public static String program(Program p) {
    StringBuilder sb = new StringBuilder();
    for (Program.Function f : p.functions()) {
      List<String> ps = new java.util.ArrayList<>();
      for (int i = 0; i < f.params().size(); i++) ps.add((f.consumed().get(i) ? "*" : "") + param(f.params().get(i)));
      sb.append("fun ").append(f.name()).append(" (").append(String.join(", ", ps)).append(") : (")
          .append(f.results().stream().map(IrType::toString).collect(Collectors.joining(", "))).append(") =\n");
      body(sb, f.body(), 1);
    }
    for (Program.Entry e : p.entries()) {
      sb.append("entry ").append(e.signature().name()).append(" (")
          .append(e.params().stream().map(Printer::param).collect(Collectors.joining(", "))).append(") =\n");
      body(sb, e.body(), 1);
    }
    return sb.toString();
  }

  public static String body(Body b) {
    StringBuilder sb = new StringBuilder();
    body(sb, b, 0);
    return sb.toString();
  }

  public static String stm(Stm s) {
    StringBuilder sb = new StringBuilder();
    stm(sb, s, 0);
    return sb.toString().strip();
  }

  private static String param(Atom.Var v) { return v.name() + ": " + v.type(); }

  private static String atoms(List<Atom> as) {
    return as.stream().map(Atom::toString).collect(Collectors.joining(", "));
  }

  private static void indent(StringBuilder sb, int d) { sb.append("  ".repeat(d)); }

  private static void body(StringBuilder sb, Body b, int d) {
    for (Stm s : b.stms()) stm(sb, s, d);
    indent(sb, d);
    sb.append("in (").append(atoms(b.results())).append(")\n");
  }

  private static void stm(StringBuilder sb, Stm s, int d) {
    indent(sb, d);
    for (Plan p : s.plan()) sb.append("#[").append(p.label).append("] ");
    sb.append("let (").append(s.pattern().stream().map(Printer::param).collect(Collectors.joining(", ")))
        .append(") = ");
    exp(sb, s.exp(), d);
    if (sb.charAt(sb.length() - 1) != '\n') sb.append('\n');
  }

  private static void lambda(StringBuilder sb, String label, Lambda l, int d) {
    if (l == null) return;
    sb.append('\n');
    indent(sb, d + 1);
    sb.append(label).append(" \\(").append(l.params().stream().map(Printer::param).collect(Collectors.joining(", ")))
        .append(") ->\n");
    body(sb, l.body(), d + 2);
  }

  private static String slice(List<Exp.SliceDim> ds) {
    return ds.stream().map(x -> switch (x) {
      case Exp.SliceDim.Fix f -> f.index().toString();
      case Exp.SliceDim.Range r -> (r.start() == null ? "" : r.start()) + ":" + (r.end() == null ? "" : r.end())
          + (r.stride() == null ? "" : ":" + r.stride());
    }).collect(Collectors.joining(", ", "[", "]"));
  }

  private static void exp(StringBuilder sb, Exp e, int d) {
    switch (e) {
      case Exp.AtomE a -> sb.append(a.atom());
      case Exp.BinOp b -> sb.append(b.x()).append(' ').append(b.op().symbol).append(b.type()).append(' ').append(b.y());
      case Exp.UnOp u -> sb.append(u.op().name().toLowerCase()).append(u.type()).append(' ').append(u.x());
      case Exp.Convert c -> sb.append("convert ").append(c.x().type()).append("->").append(c.to()).append(' ').append(c.x());
      case Exp.PrimCall p -> sb.append(p.name()).append('(').append(atoms(p.args())).append(')');
      case Exp.Shape s -> sb.append("shape ").append(s.array()).append(' ').append(s.dim());
      case Exp.Index ix -> sb.append(ix.array()).append('[').append(atoms(ix.indices())).append(']');
      case Exp.Slice s -> sb.append(s.array()).append(slice(s.dims()));
      case Exp.Update u -> sb.append(u.array()).append(" with [").append(atoms(u.indices())).append("] = ").append(u.value());
      case Exp.UpdateSlice u -> sb.append(u.array()).append(" with ").append(slice(u.dims())).append(" = ").append(u.value());
      case Exp.ArrayLit a -> sb.append('[').append(atoms(a.elements())).append("]: ").append(a.type());
      case Exp.Iota i -> sb.append("iota ").append(i.type()).append(' ').append(i.n());
      case Exp.Replicate r -> sb.append("replicate ").append(r.n()).append(' ').append(r.value());
      case Exp.Copy c -> sb.append("copy ").append(c.array());
      case Exp.Concat c -> sb.append("concat ").append(atoms(c.arrays()));
      case Exp.Transpose t -> sb.append("transpose ").append(t.array());
      case Exp.Flatten f -> sb.append("flatten ").append(f.array());
      case Exp.Unflatten u -> sb.append("unflatten ").append(u.n()).append(' ').append(u.m()).append(' ').append(u.array());
      case Exp.Rotate r -> sb.append("rotate ").append(r.amount()).append(' ').append(r.array());
      case Exp.Range r -> sb.append("range ").append(r.start()).append(' ').append(r.second()).append(' ')
          .append(r.end()).append(' ').append(r.kind());
      case Exp.If i -> {
        sb.append("if ").append(i.cond()).append(" then\n");
        body(sb, i.then(), d + 1);
        indent(sb, d);
        sb.append("else\n");
        body(sb, i.otherwise(), d + 1);
        indent(sb, d);
        sb.append("end");
      }
      case Exp.Loop l -> {
        sb.append("loop (");
        for (int k = 0; k < l.params().size(); k++) {
          if (k > 0) sb.append(", ");
          sb.append(param(l.params().get(k))).append(" = ").append(l.inits().get(k));
        }
        sb.append(") ");
        switch (l.form()) {
          case Exp.LoopForm.For f -> sb.append("for ").append(f.index()).append(" < ").append(f.bound()).append(" do\n");
          case Exp.LoopForm.While w -> {
            sb.append("while\n");
            body(sb, w.cond(), d + 1);
            indent(sb, d);
            sb.append("do\n");
          }
        }
        body(sb, l.body(), d + 1);
        indent(sb, d);
        sb.append("end");
      }
      case Exp.Call c -> {
        sb.append("call ").append(c.fn()).append('(');
        for (int i = 0; i < c.args().size(); i++) {
          if (i > 0) sb.append(", ");
          sb.append(c.consumed().get(i) ? "*" : "").append(c.args().get(i));
        }
        sb.append(')');
      }
      case Exp.Assert a -> sb.append("assert ").append(a.cond()).append(" \"").append(a.message()).append('"')
          .append(a.args().isEmpty() ? "" : " " + atoms(a.args()));
      case Exp.Map m -> {
        sb.append("map ").append(m.width()).append(" (").append(atoms(m.arrays())).append(')');
        lambda(sb, "f", m.f(), d);
      }
      case Exp.Reduce r -> {
        sb.append(r.commutative() ? "reduce_comm " : "reduce ").append(r.width()).append(" (").append(atoms(r.nes()))
            .append(") (").append(atoms(r.arrays())).append(')');
        lambda(sb, "op", r.op(), d);
        lambda(sb, "mapf", r.mapf(), d);
      }
      case Exp.Scan s -> {
        sb.append("scan ").append(s.width()).append(" (").append(atoms(s.nes())).append(") (")
            .append(atoms(s.arrays())).append(')');
        lambda(sb, "op", s.op(), d);
        lambda(sb, "mapf", s.mapf(), d);
        lambda(sb, "postf", s.postf(), d);
      }
      case Exp.Filter f -> {
        sb.append("filter ").append(f.width()).append(" (").append(atoms(f.arrays())).append(')');
        lambda(sb, "p", f.pred(), d);
      }
      case Exp.Partition p -> {
        sb.append("partition ").append(p.width()).append(' ').append(p.k()).append(" (").append(atoms(p.arrays())).append(')');
        lambda(sb, "cls", p.cls(), d);
      }
      case Exp.Hist h -> {
        sb.append("hist ").append(h.width()).append(" (").append(atoms(h.nes())).append(") (").append(atoms(h.dests()))
            .append(") ");
        if (h.mapf() == null) {
          sb.append(h.arrays().get(0)).append(" (").append(atoms(h.arrays().subList(1, h.arrays().size()))).append(')');
        } else {
          sb.append('(').append(atoms(h.arrays())).append(')');
        }
        lambda(sb, "op", h.op(), d);
        lambda(sb, "mapf", h.mapf(), d);
      }
      case Exp.Scatter s -> sb.append("scatter ").append(s.width()).append(" (").append(atoms(s.dests())).append(") ")
          .append(s.inds()).append(" (").append(atoms(s.vals())).append(')');
      case Exp.WithVjp w -> {
        sb.append("with_vjp (").append(atoms(w.args())).append(')');
        lambda(sb, "f", w.f(), d);
        lambda(sb, "adjoint", w.adjoint(), d);
      }
    }
  }
}
