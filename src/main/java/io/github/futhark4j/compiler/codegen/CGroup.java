package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.codegen.CPrim.atom;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.List;

/**
 * C for filter and partition, which are one operation here (see {@link Grouping}): at the
 * outermost level of the multicore backend three phases over the threads' chunks (classify and
 * count, class-major prefix, place), elsewhere the same phases as one plain chunk (a small filter
 * is a single pass). Uses the row access, copying and chunking of {@link CSoac}.
 */
final class CGroup {
  private final CGen g;
  private final CSoac soac;

  CGroup(CGen g, CSoac soac) {
    this.g = g;
    this.soac = soac;
  }

  /**
   * Filter and partition are one operation: every row gets a class from {@code cls}, rows are
   * counted per class and placed class after class, stable within a class. For filter
   * ({@code k} null) {@code cls} is the predicate, the one class is "true" and the other rows are
   * dropped; for partition classes {@code 0..k-1} come first and the rows outside them follow.
   */
  private record Grouping(String n, Lambda cls, List<Atom> arrays, Atom k) {
    boolean filter() { return k == null; }
  }

  void filter(List<Atom.Var> pat, Exp.Filter f) {
    String n = atom(f.width());
    g.declare(pat);
    allocLike(pat, f.arrays());
    Grouping gr = new Grouping(n, f.pred(), f.arrays(), null);
    if (soac.sequentialWhenSmall(n, () -> sequentialFilter(pat, gr))) {
      grouped(pat, gr, true);
      g.close("}");
      return;
    }
    sequentialFilter(pat, gr);
  }

  /** Results: one array per input (same shape), then the class sizes. */
  void partition(List<Atom.Var> pat, Exp.Partition p) {
    String n = atom(p.width()), k = atom(p.k());
    g.declare(pat);
    allocLike(pat.subList(0, p.arrays().size()), p.arrays());
    g.check("fut_alloc(ctx, &" + pat.get(pat.size() - 1).name() + ", 1, (int64_t[]){" + k + " < 0 ? 0 : " + k + "}, 8)");
    Grouping gr = new Grouping(n, p.cls(), p.arrays(), p.k());
    if (soac.sequentialWhenSmall(n, () -> grouped(pat, gr, false))) {
      grouped(pat, gr, true);
      g.close("}");
      return;
    }
    grouped(pat, gr, false);
  }

  private void allocLike(List<Atom.Var> outs, List<Atom> arrays) {
    for (int k = 0; k < outs.size(); k++) {
      IrType t = arrays.get(k).type();
      g.check("fut_alloc(ctx, &" + outs.get(k).name() + ", " + t.rank() + ", " + atom(arrays.get(k)) + ".shape, "
          + CGen.es(t) + ")");
    }
  }

  /** Filter in one pass, for small inputs and inside parallel regions. */
  private void sequentialFilter(List<Atom.Var> pat, Grouping gr) {
    String cnt = g.fresh("count"), i = g.fresh("i");
    g.line("int64_t " + cnt + " = 0;");
    g.open("for (int64_t " + i + " = 0; " + i + " < " + gr.n() + "; " + i + "++) {");
    List<String> rows = gr.arrays().stream().map(a -> soac.row(a, i)).toList();
    String keep = g.fresh("keep");
    g.line("bool " + keep + ";");
    g.apply(gr.cls(), rows, List.of(keep));
    g.open("if (" + keep + ") {");
    keepRow(pat, gr.arrays(), rows, cnt);
    g.line(cnt + "++;");
    g.close("}");
    g.close("}");
    for (Atom.Var p : pat) g.line(p.name() + ".shape[0] = " + cnt + ";");
  }

  private void keepRow(List<Atom.Var> pat, List<Atom> arrays, List<String> rows, String pos) {
    for (int k = 0; k < arrays.size(); k++) soac.storeRow(pat.get(k).name(), arrays.get(k).type().row(), pos, rows.get(k));
  }

  /**
   * Grouping in three phases over {@code nt} chunks: each chunk records every row's class (a
   * byte, or an int32 when there may be more than 126 classes) and counts its rows per class;
   * the counts become exclusive offsets in class-major order (class c of chunk t starts after
   * all rows of classes below c and the rows of class c in chunks before t); each chunk then
   * places its rows. With {@code par} the chunks are OpenMP threads, otherwise one plain chunk
   * (the sequential partition, also inside parallel regions). A chunk's count slots are padded
   * to 64 bytes apart, since every row of phase 1 and 3 updates one of them.
   */
  private void grouped(List<Atom.Var> pat, Grouping gr, boolean par) {
    boolean filter = gr.filter();
    // Filtered scalar rows are placed without a branch (a row not kept is written where the next
    // kept one goes), up to the chunk's last kept row so that no write reaches the next chunk:
    // on unpredictable predicates about three times faster.
    boolean branchFree = filter && gr.arrays().stream().allMatch(a -> a.type().rank() == 1);
    String n = gr.n();
    g.open("{");
    String nt = g.fresh("nt"), tags = g.fresh(filter ? "flags" : "tags"), cnt = g.fresh("cnt"), t = g.fresh("t");
    String kk = g.fresh("k"), slots = g.fresh("slots"), stride = g.fresh("stride");
    g.line("int " + nt + " = " + (par ? "fut_threads_for(ctx, " + n + ")" : "1") + ";");
    String tagT;
    if (filter) {
      tagT = "char";
      g.line("const int64_t " + slots + " = 1, " + stride + " = 1;");
    } else {
      String k = atom(gr.k());
      boolean small = gr.k() instanceof Atom.Const c && c.value().bits() >= 0 && c.value().bits() <= 126;
      tagT = small ? "int8_t" : "int32_t";
      g.line("const int64_t " + kk + " = " + k + " < 0 ? 0 : " + k + ";");
      if (!small) g.failIf(kk + " >= INT32_MAX", "fut_error(ctx, NULL, \"partition: too many classes (%lld).\", (long long)" + kk + ")");
      // Slot kk counts the rows outside every class.
      g.line("const int64_t " + slots + " = " + kk + " + 1, " + stride + " = ((" + slots + " + 7) & ~(int64_t)7) + 8;");
    }
    g.line(tagT + " *" + tags + " = malloc((size_t)" + n + " * sizeof(" + tagT + ") + 1);");
    g.line("int64_t *" + cnt + " = calloc((size_t)" + nt + " * (size_t)" + stride + " + 1, sizeof(int64_t));");
    g.line("if (!" + tags + " || !" + cnt + ") { free(" + tags + "); free(" + cnt + "); fut_error(ctx, NULL, \"Failed to allocate "
        + (filter ? "filter" : "partition") + " flags.\"); ctx->error_code = 3; goto " + g.errLabel + "; }");
    List<String> tmp = List.of(tags, cnt);
    String saved = g.errLabel, fail = g.fresh("group_fail");
    if (!par) g.errLabel = fail;
    String lo = "fut_chunk(" + n + ", " + t + ", " + nt + ")", hi = "fut_chunk(" + n + ", " + t + " + 1, " + nt + ")";
    String mine = "(" + cnt + " + (int64_t)" + t + " * " + stride + ")";
    chunks(t, nt, par, tmp, () -> {
      String i = g.fresh("i"), c = g.fresh("c");
      g.line(filter ? "int64_t " + c + " = 0;" : "int64_t *" + c + " = " + mine + ";");
      g.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + hi + "; " + i + "++) {");
      String cl = g.fresh(filter ? "keep" : "cls");
      g.line((filter ? "bool " : "int64_t ") + cl + ";");
      g.apply(gr.cls(), gr.arrays().stream().map(a -> soac.row(a, i)).toList(), List.of(cl));
      if (filter) {
        g.line(tags + "[" + i + "] = " + cl + ";");
        g.line(c + " += " + cl + ";");
      } else {
        String tg = g.fresh("tag");
        g.line(tagT + " " + tg + " = (uint64_t)" + cl + " < (uint64_t)" + kk + " ? (" + tagT + ")" + cl + " : (" + tagT + ")" + kk + ";");
        g.line(tags + "[" + i + "] = " + tg + ";");
        g.line(c + "[" + tg + "]++;");
      }
      g.close("}");
      if (filter) g.line(cnt + "[(int64_t)" + t + " * " + stride + "] = " + c + ";");
    });
    String total = g.fresh("total"), s = g.fresh("s"), start = g.fresh("start"), x = g.fresh("x");
    g.line("int64_t " + total + " = 0;");
    g.open("for (int64_t " + s + " = 0; " + s + " < " + slots + "; " + s + "++) {");
    g.line("int64_t " + start + " = " + total + ";");
    g.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    g.line("int64_t " + x + " = " + cnt + "[(int64_t)" + t + " * " + stride + " + " + s + "];");
    g.line(cnt + "[(int64_t)" + t + " * " + stride + " + " + s + "] = " + total + ";");
    g.line(total + " += " + x + ";");
    g.close("}");
    if (!filter) {
      g.line("if (" + s + " < " + kk + ") " + CGen.storeTo(pat.get(pat.size() - 1).name(),
          PrimType.I64, s, total + " - " + start));
    } else {
      g.line("(void)" + start + ";");
    }
    g.close("}");
    chunks(t, nt, par, tmp, () -> {
      String i = g.fresh("i"), pos = g.fresh("pos");
      g.line(filter ? "int64_t " + pos + " = " + mine + "[0];" : "int64_t *" + pos + " = " + mine + ";");
      String end = g.fresh("end");
      g.line("int64_t " + end + " = " + hi + ";");
      // (a backward scan, not a running maximum in the first pass: that became a branch there)
      if (branchFree) g.line("while (" + end + " > " + lo + " && !" + tags + "[" + end + " - 1]) " + end + "--;");
      g.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + end + "; " + i + "++) {");
      List<String> rows = gr.arrays().stream().map(a -> soac.row(a, i)).toList();
      if (branchFree) {
        keepRow(pat, gr.arrays(), rows, pos);
        g.line(pos + " += " + tags + "[" + i + "];");
      } else if (filter) {
        g.open("if (" + tags + "[" + i + "]) {");
        keepRow(pat, gr.arrays(), rows, pos);
        g.line(pos + "++;");
        g.close("}");
      } else {
        String at = g.fresh("at");
        g.line("int64_t " + at + " = " + pos + "[" + tags + "[" + i + "]]++;");
        keepRow(pat, gr.arrays(), rows, at);
      }
      g.close("}");
    });
    if (filter) for (Atom.Var p : pat) g.line(p.name() + ".shape[0] = " + total + ";");
    g.line("free(" + tags + "); free(" + cnt + ");");
    if (!par) {
      g.errLabel = saved;
      g.line("if (0) { " + fail + ": __attribute__((unused)); free(" + tags + "); free(" + cnt + "); goto " + saved + "; }");
    }
    g.close("}");
  }

  /** The chunks {@code t < nt} of a grouping: an OpenMP loop with {@code par}, else a plain one. */
  private void chunks(String t, String nt, boolean par, List<String> tmp, Runnable body) {
    if (par) {
      soac.chunked(t, nt, body, tmp);
      return;
    }
    g.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    body.run();
    g.close("}");
  }
}
