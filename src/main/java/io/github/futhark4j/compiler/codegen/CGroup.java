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
 * is a single pass). Uses the row access, copying and chunking of {@link CSoac}, writes through
 * the function's {@link CgState} and emits the class function with {@link CGen}; wired by
 * {@link Generators}.
 */
final class CGroup {
  private final CgState st;
  private final CGen gen;
  private final CSoac soac;

  /** See {@link Generators}, which wires the generators. */
  CGroup(CgState st, CGen gen, CSoac soac) {
    this.st = st;
    this.gen = gen;
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
    gen.declare(pat);
    allocLike(pat, f.arrays());
    Grouping gr = new Grouping(n, f.pred(), f.arrays(), null);
    if (soac.sequentialWhenSmall(n, () -> sequentialFilter(pat, gr))) {
      grouped(pat, gr, true);
      st.close("}");
      return;
    }
    sequentialFilter(pat, gr);
  }

  /** Results: one array per input (same shape), then the class sizes. */
  void partition(List<Atom.Var> pat, Exp.Partition p) {
    String n = atom(p.width()), k = atom(p.k());
    gen.declare(pat);
    allocLike(pat.subList(0, p.arrays().size()), p.arrays());
    st.check(st.alloc(pat.get(pat.size() - 1).name(), "1, (int64_t[]){" + k + " < 0 ? 0 : " + k + "}, 8"));
    Grouping gr = new Grouping(n, p.cls(), p.arrays(), p.k());
    if (soac.sequentialWhenSmall(n, () -> grouped(pat, gr, false))) {
      grouped(pat, gr, true);
      st.close("}");
      return;
    }
    grouped(pat, gr, false);
  }

  private void allocLike(List<Atom.Var> outs, List<Atom> arrays) {
    for (int k = 0; k < outs.size(); k++) {
      IrType t = arrays.get(k).type();
      st.check(st.alloc(outs.get(k).name(), t.rank() + ", " + atom(arrays.get(k)) + ".shape, "
          + CGen.es(t)));
    }
  }

  /** Filter in one pass, for small inputs and inside parallel regions. */
  private void sequentialFilter(List<Atom.Var> pat, Grouping gr) {
    String cnt = st.fresh("count"), i = st.fresh("i");
    st.line("int64_t " + cnt + " = 0;");
    st.open("for (int64_t " + i + " = 0; " + i + " < " + gr.n() + "; " + i + "++) {");
    List<String> rows = gr.arrays().stream().map(a -> soac.row(a, i)).toList();
    String keep = st.fresh("keep");
    st.line("bool " + keep + ";");
    gen.apply(gr.cls(), rows, List.of(keep));
    st.open("if (" + keep + ") {");
    keepRow(pat, gr.arrays(), rows, cnt);
    st.line(cnt + "++;");
    st.close("}");
    st.close("}");
    for (Atom.Var p : pat) st.line(p.name() + ".shape[0] = " + cnt + ";");
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
    st.open("{");
    String nt = st.fresh("nt"), tags = st.fresh(filter ? "flags" : "tags"), cnt = st.fresh("cnt"), t = st.fresh("t");
    String kk = st.fresh("k"), slots = st.fresh("slots"), stride = st.fresh("stride");
    st.line("int " + nt + " = " + (par ? "fut_threads_for(ctx, " + n + ")" : "1") + ";");
    String tagT;
    if (filter) {
      tagT = "char";
      st.line("const int64_t " + slots + " = 1, " + stride + " = 1;");
    } else {
      String k = atom(gr.k());
      boolean small = gr.k() instanceof Atom.Const c && c.value().bits() >= 0 && c.value().bits() <= 126;
      tagT = small ? "int8_t" : "int32_t";
      st.line("const int64_t " + kk + " = " + k + " < 0 ? 0 : " + k + ";");
      if (!small) st.failIf(kk + " >= INT32_MAX", "fut_error(ctx, NULL, \"partition: too many classes (%lld).\", (long long)" + kk + ")");
      // Slot kk counts the rows outside every class.
      st.line("const int64_t " + slots + " = " + kk + " + 1, " + stride + " = ((" + slots + " + 7) & ~(int64_t)7) + 8;");
    }
    st.line(tagT + " *" + tags + " = malloc((size_t)" + n + " * sizeof(" + tagT + ") + 1);");
    st.line("int64_t *" + cnt + " = calloc((size_t)" + nt + " * (size_t)" + stride + " + 1, sizeof(int64_t));");
    st.line("if (!" + tags + " || !" + cnt + ") { free(" + tags + "); free(" + cnt + "); fut_error(ctx, NULL, \"Failed to allocate "
        + (filter ? "filter" : "partition") + " flags.\"); ctx->error_code = 3; goto " + st.errLabel + "; }");
    List<String> tmp = List.of(tags, cnt);
    String saved = st.errLabel, fail = st.fresh("group_fail");
    if (!par) st.errLabel = fail;
    String lo = "fut_chunk(" + n + ", " + t + ", " + nt + ")", hi = "fut_chunk(" + n + ", " + t + " + 1, " + nt + ")";
    String mine = "(" + cnt + " + (int64_t)" + t + " * " + stride + ")";
    chunks(t, nt, par, tmp, () -> {
      String i = st.fresh("i"), c = st.fresh("c");
      st.line(filter ? "int64_t " + c + " = 0;" : "int64_t *" + c + " = " + mine + ";");
      st.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + hi + "; " + i + "++) {");
      String cl = st.fresh(filter ? "keep" : "cls");
      st.line((filter ? "bool " : "int64_t ") + cl + ";");
      gen.apply(gr.cls(), gr.arrays().stream().map(a -> soac.row(a, i)).toList(), List.of(cl));
      if (filter) {
        st.line(tags + "[" + i + "] = " + cl + ";");
        st.line(c + " += " + cl + ";");
      } else {
        String tg = st.fresh("tag");
        st.line(tagT + " " + tg + " = (uint64_t)" + cl + " < (uint64_t)" + kk + " ? (" + tagT + ")" + cl + " : (" + tagT + ")" + kk + ";");
        st.line(tags + "[" + i + "] = " + tg + ";");
        st.line(c + "[" + tg + "]++;");
      }
      st.close("}");
      if (filter) st.line(cnt + "[(int64_t)" + t + " * " + stride + "] = " + c + ";");
    });
    String total = st.fresh("total"), s = st.fresh("s"), start = st.fresh("start"), x = st.fresh("x");
    st.line("int64_t " + total + " = 0;");
    st.open("for (int64_t " + s + " = 0; " + s + " < " + slots + "; " + s + "++) {");
    st.line("int64_t " + start + " = " + total + ";");
    st.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    st.line("int64_t " + x + " = " + cnt + "[(int64_t)" + t + " * " + stride + " + " + s + "];");
    st.line(cnt + "[(int64_t)" + t + " * " + stride + " + " + s + "] = " + total + ";");
    st.line(total + " += " + x + ";");
    st.close("}");
    if (!filter) {
      st.line("if (" + s + " < " + kk + ") " + CGen.storeTo(pat.get(pat.size() - 1).name(),
          PrimType.I64, s, total + " - " + start));
    } else {
      st.line("(void)" + start + ";");
    }
    st.close("}");
    chunks(t, nt, par, tmp, () -> {
      String i = st.fresh("i"), pos = st.fresh("pos");
      st.line(filter ? "int64_t " + pos + " = " + mine + "[0];" : "int64_t *" + pos + " = " + mine + ";");
      String end = st.fresh("end");
      st.line("int64_t " + end + " = " + hi + ";");
      // (a backward scan, not a running maximum in the first pass: that became a branch there)
      if (branchFree) st.line("while (" + end + " > " + lo + " && !" + tags + "[" + end + " - 1]) " + end + "--;");
      st.open("for (int64_t " + i + " = " + lo + "; " + i + " < " + end + "; " + i + "++) {");
      List<String> rows = gr.arrays().stream().map(a -> soac.row(a, i)).toList();
      if (branchFree) {
        keepRow(pat, gr.arrays(), rows, pos);
        st.line(pos + " += " + tags + "[" + i + "];");
      } else if (filter) {
        st.open("if (" + tags + "[" + i + "]) {");
        keepRow(pat, gr.arrays(), rows, pos);
        st.line(pos + "++;");
        st.close("}");
      } else {
        String at = st.fresh("at");
        st.line("int64_t " + at + " = " + pos + "[" + tags + "[" + i + "]]++;");
        keepRow(pat, gr.arrays(), rows, at);
      }
      st.close("}");
    });
    if (filter) for (Atom.Var p : pat) st.line(p.name() + ".shape[0] = " + total + ";");
    st.line("free(" + tags + "); free(" + cnt + ");");
    if (!par) {
      st.errLabel = saved;
      st.line("if (0) { " + fail + ": __attribute__((unused)); free(" + tags + "); free(" + cnt + "); goto " + saved + "; }");
    }
    st.close("}");
  }

  /** The chunks {@code t < nt} of a grouping: an OpenMP loop with {@code par}, else a plain one. */
  private void chunks(String t, String nt, boolean par, List<String> tmp, Runnable body) {
    if (par) {
      soac.chunked(t, nt, body, tmp);
      return;
    }
    st.open("for (int " + t + " = 0; " + t + " < " + nt + "; " + t + "++) {");
    body.run();
    st.close("}");
  }
}
