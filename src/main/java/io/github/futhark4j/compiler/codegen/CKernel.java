package io.github.futhark4j.compiler.codegen;

import static io.github.futhark4j.compiler.codegen.CPrim.atom;
import static io.github.futhark4j.compiler.codegen.CPrim.ctype;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Exp;
import io.github.futhark4j.compiler.core.FreeVars;
import io.github.futhark4j.compiler.core.IrType;
import io.github.futhark4j.compiler.core.Lambda;
import io.github.futhark4j.compiler.typed.PrimType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps, reductions and scans that {@code opt.Kernels} marked {@code #[kernel]}, as OpenCL kernels
 * (the opencl backend). A kernel's code is written by the same generators as host code (its scalar
 * code is the host's text; only array reads name the device's address space, {@link
 * CgState#kernel}; checks record failures, {@link Failure}), and the host code launches it through
 * the engine ({@code fut_cl_map}). Arrays stay on the device: a kernel reads its arrays through
 * their memory blocks' device copies (uploaded once, when a block has none) and writes its results
 * into device copies whose bytes go back to the host only when host code needs them (see
 * {@link CGen#hostTouches}). A map: one work-item per element. A reduction: each work-item reduces a part
 * of the elements, and the host combines their partial results ({@link #reduce}). A scan: the same,
 * then each part scanned again from its prefix ({@link #scan}).
 *
 * <p>A kernel's parameters: the element count; per array it reads (an input or an array the
 * lambda indexes) its block's buffer, its offset in it and its shape; per free scalar its value (a {@code bool} as an
 * {@code int}, which OpenCL allows as a kernel argument); per virtual input sequence its start and
 * step; per result its data. Inside, each array is rebuilt as a {@code fut_arr} of the kernel
 * prelude (engine/futhark4j_kernels.cl), so indexing code is the host's.
 */
final class CKernel {
  private final CgState st;
  private final CGen gen;

  CKernel(CgState st, CGen gen) {
    this.st = st;
    this.gen = gen;
  }

  /** The program's kernels, in the order they were made: shared by every state of one program. */
  static final class Source {
    private final StringBuilder text = new StringBuilder();
    private final List<String> names = new ArrayList<>();

    /** Adds a kernel; returns its index. */
    int add(String name, String code) {
      names.add(name);
      text.append(code).append('\n');
      return names.size() - 1;
    }

    int size() { return names.size(); }

    /** The kernels' OpenCL C text (without the prelude). */
    String text() { return text.toString(); }

    List<String> names() { return List.copyOf(names); }
  }

  /**
   * A check a kernel makes (see {@link CgState#fail}): where it is ({@code loc}, a C string or
   * NULL), and either a printf-style message taking the record's first {@code indices} arguments as
   * {@code long long}s ({@code fmt}), or an index out of bounds ({@code fmt} null): {@code indices}
   * indices, then {@code rank} sizes.
   */
  record Failure(String loc, String fmt, int indices, int rank) {
    /** The host code reporting this failure from the record {@code rec} (its arguments from {@code rec[2]}). */
    String report(String rec) {
      if (fmt == null) {
        return "fut_index_error(ctx, " + loc + ", " + indices + ", &" + rec + "[2], " + rank + ", &" + rec + "[" + (2 + indices) + "]);";
      }
      StringBuilder a = new StringBuilder();
      for (int k = 0; k < indices; k++) a.append(", (long long)").append(rec).append('[').append(2 + k).append(']');
      return "fut_error(ctx, " + loc + ", " + CGen.cstring(fmt) + a + ");";
    }

    int args() { return fmt == null ? indices + rank : indices; }
  }

  /** One argument of a launch: how the host passes it and how the kernel declares it. */
  private record Arg(String kind, String bytes, String hostPtr, String param) {}

  /**
   * What a kernel reads, collected before its body is written: the launch's arguments (after
   * {@code fut_n}, the element count), the kernel's prologue (arrays rebuilt from their data and
   * shape, booleans from ints), and for each input array the expression of its element
   * {@code fut_i} (a load, or a virtual sequence's or replicate's element).
   */
  private final class Reads {
    final List<Arg> args = new ArrayList<>();

    CKernel owner() { return CKernel.this; }

    final StringBuilder prologue = new StringBuilder();
    final List<String> rows = new ArrayList<>();
    private final Map<String, Atom.Var> arrays = new LinkedHashMap<>();
    /** The arrays the kernel updates in place (a histogram). */
    private final java.util.Set<String> updated = new java.util.HashSet<>();
    private final java.util.Set<String> scalars = new java.util.HashSet<>();

    Reads(String n) {
      args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&(int64_t){" + n + "}", "int64_t fut_n"));
    }

    /** The input arrays, element {@code fut_i} of each in {@link #rows}. */
    void inputs(List<Atom> inputs) {
      for (Atom a : inputs) {
        Atom.Var v = (Atom.Var) a;
        if (st.isVirtual(v.name())) {
          rows.add(virtualRow(v, args));
        } else {
          arrays.putIfAbsent(v.name(), v);
          rows.add(CGen.kernelLoad(v, "fut_i"));
        }
      }
    }

    /** The free variables of {@code f} (null: none): arrays to copy in, scalars to pass. */
    void freeIn(Lambda f) {
      if (f == null) return;
      for (Atom.Var v : FreeVars.ofLambda(f)) {
        if (v.type().isArray()) arrays.putIfAbsent(v.name(), v);
        else scalar(v);
      }
    }

    /** An array the kernel reads and updates in place: its block's bytes are then the device's. */
    void updates(Atom.Var v) {
      arrays.putIfAbsent(v.name(), v);
      updated.add(v.name());
    }

    /** A scalar of host code the kernel reads by its name. */
    void scalar(Atom.Var v) {
      if (!scalars.add(v.name())) return;
      if (v.type().elem() == PrimType.BOOL) {
        args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int32_t)", "&(int32_t){" + v.name() + "}", "int32_t " + v.name() + "_kp"));
        prologue.append("  bool ").append(v.name()).append(" = ").append(v.name()).append("_kp != 0;\n");
      } else {
        String t = ctype(v.type());
        args.add(new Arg("FUT_KARG_SCALAR", "sizeof(" + t + ")", "&" + v.name(), t + " " + v.name()));
      }
    }

    /**
     * The arrays read, with their shapes, each through its block's device copy (uploaded by the
     * launch if it has none) at its offset in the block; call once, after {@link #inputs} and
     * {@link #freeIn}.
     */
    void arrays() {
      for (Atom.Var v : arrays.values()) {
        int rank = v.type().rank();
        String name = v.name();
        args.add(new Arg(updated.contains(name) ? "FUT_KARG_ARR_INOUT" : "FUT_KARG_ARR", "(size_t)fut_numel(&" + name + ", " + rank + ") * " + CGen.es(v.type()),
            "&" + name, "__global char *" + name + "_kd, int64_t " + name + "_ko"));
        StringBuilder shape = new StringBuilder();
        for (int d = 0; d < rank; d++) {
          args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&" + name + ".shape[" + d + "]", "int64_t " + name + "_ks" + d));
          shape.append(d == 0 ? "" : ", ").append(name).append("_ks").append(d);
        }
        prologue.append("  fut_arr ").append(name).append(" = {").append(name).append("_kd + ").append(name).append("_ko, {")
            .append(shape).append("}};\n");
      }
    }

    /** A result: {@code bytes} of host memory at {@code data}, written by the kernel through {@code param}. */
    void out(String bytes, String data, String param) {
      args.add(new Arg("FUT_KARG_OUT", bytes, data, "__global char *" + param));
    }

    /**
     * A fresh result array {@code name} of {@code bytes} bytes, written by the kernel through
     * {@code name_kd}: its bytes stay on the device until host code needs them.
     */
    void outArray(String bytes, String name) {
      args.add(new Arg("FUT_KARG_ARR_OUT", bytes, "&" + name, "__global char *" + name + "_kd"));
    }

    /** The kernel's text: its signature, {@code head} (its index and guard), the prologue and {@code body}. */
    String kernel(String name, String head, CharSequence body) {
      StringBuilder code = new StringBuilder("__kernel void ").append(name).append("(");
      for (int a = 0; a < args.size(); a++) code.append(a == 0 ? "" : ", ").append(args.get(a).param());
      return code.append(") {\n").append(head).append(prologue).append(body).append("}\n").toString();
    }

    /** The host's failure record of a kernel whose checks are {@code failures} (none: null). */
    private String record;
    private List<Failure> failures = List.of();

    /**
     * Gives the kernel a failure record when its body ({@code k}) makes checks: an argument the
     * host zeroes before the launch and reads after it.
     */
    void failures(CgState k) {
      if (k.failures.isEmpty()) return;
      failures = List.copyOf(k.failures);
      int n = 2 + failures.stream().mapToInt(Failure::args).max().orElse(0);
      record = st.fresh("failure");
      st.line("int64_t " + record + "[" + n + "] = {0};");
      args.add(new Arg("FUT_KARG_INOUT", "sizeof(" + record + ")", record, "__global int64_t *fut_failure"));
    }

    /**
     * The host code launching kernel {@code id} over {@code items} work-items with these arguments,
     * then reporting a failure a work-item recorded; {@code cleanup} runs before either failure's
     * jump.
     */
    void launch(int id, String items, String cleanup) {
      String ka = st.fresh("ka");
      st.open("{");
      st.open("fut_karg " + ka + "[] = {");
      for (Arg a : args) st.line("{" + a.kind() + ", " + a.bytes() + ", (void *)(" + a.hostPtr() + ")},");
      st.close("};");
      st.line("if (fut_cl_map(ctx, NULL, " + id + ", " + items + ", " + args.size() + ", " + ka + ")) { " + cleanup + "goto "
          + st.errLabel + "; }");
      st.close("}");
      if (record == null) return;
      st.open("if (" + record + "[0]) {");
      st.open("switch ((int)" + record + "[1]) {");
      for (int f = 0; f < failures.size(); f++) st.line("case " + f + ": " + failures.get(f).report(record) + " break;");
      st.close("}");
      st.line(cleanup + "goto " + st.errLabel + ";");
      st.close("}");
    }
  }

  /** The state a kernel's body is written in: a helper's names, array reads in global memory. */
  private CgState kernelState() {
    CgState k = st.helper();
    k.kernel = true;
    k.failures = new ArrayList<>();
    k.indent = 1;
    return k;
  }

  /** Emits map statement {@code m} (binding {@code pat}) as a kernel and its launch. */
  void map(List<Atom.Var> pat, Exp.Map m) {
    Lambda f = m.f();
    String n = atom(m.width());
    List<IrType> rets = f.returnTypes();
    for (Atom.Var v : pat) st.line(ctype(v.type()) + " " + v.name() + ";");
    for (int j = 0; j < pat.size(); j++) {
      st.check("fut_alloc(ctx, &" + pat.get(j).name() + ", 1, (int64_t[]){" + n + "}, " + CGen.es(rets.get(j)) + ")");
    }
    String name = kernelName(pat.get(0).name());
    Reads reads = new Reads(n);
    reads.inputs(m.arrays());
    reads.freeIn(f);
    reads.arrays();
    for (int j = 0; j < pat.size(); j++) {
      String out = pat.get(j).name();
      reads.outArray("(size_t)(" + n + ") * " + CGen.es(rets.get(j)), out);
    }
    // The body: the lambda's code for element fut_i, then the stores of its results.
    CgState k = kernelState();
    List<String> tmps = temps(k, rets);
    Generators.of(k).gen.apply(f, reads.rows, tmps);
    for (int j = 0; j < pat.size(); j++) {
      String ty = memType(rets.get(j).elem());
      k.line("((__global " + ty + " *)" + pat.get(j).name() + "_kd)[fut_i] = (" + ty + ")" + tmps.get(j) + ";");
    }
    launch(reads, k, name, "fut_i", "fut_n", n, "");
  }

  /**
   * Emits histogram statement {@code h} (binding {@code pat}, which holds the histogram its
   * destination was, consumed) as a kernel: one work-item per element computes its bucket and
   * value (the fused map) and, for a bucket inside the histogram, combines the value into it
   * atomically: an atomic add for an integer {@code +}, otherwise a compare-and-swap loop of the
   * operator on the bucket's bits. The operator is associative and commutative, so the order in
   * which work-items update a bucket does not matter (the float sums' rounding aside, as between
   * the host's thread counts).
   */
  void hist(List<Atom.Var> pat, Exp.Hist h) {
    String n = atom(h.width());
    Atom.Var hist = pat.get(0);
    PrimType t = h.nes().get(0).type().elem();
    String name = kernelName(hist.name());
    Reads reads = new Reads(n);
    reads.inputs(h.arrays());
    reads.freeIn(h.mapf());
    reads.freeIn(h.op());
    reads.updates(hist);
    reads.arrays();
    CgState k = kernelState();
    Generators kg = Generators.of(k);
    List<String> xs = reads.rows;
    if (h.mapf() != null) {
      xs = temps(k, h.mapf().returnTypes());
      kg.gen.apply(h.mapf(), reads.rows, xs);
    }
    String ix = xs.get(0), v = xs.get(1);
    k.open("if (" + ix + " >= 0 && " + ix + " < " + hist.name() + ".shape[0]) {");
    int bits = t.bits();
    String ut = "uint" + bits + "_t";
    String at = "(" + hist.name() + ".data + " + ix + " * " + (bits / 8) + ")";
    if (isAdd(h.op()) && t.isInteger()) {
      k.line("fut_add" + bits + "(" + at + ", (" + ut + ")" + v + ");");
    } else {
      // Compare-and-swap: combine the bucket's value as read with this element's, and store the
      // result unless another work-item changed the bucket meanwhile; then again from its value.
      k.line("__global char *fut_at = " + at + ";");
      k.line(ut + " fut_old = *(volatile __global " + ut + " *)fut_at, fut_seen;");
      k.open("do {");
      k.line("fut_seen = fut_old;");
      List<String> next = temps(k, List.of(h.nes().get(0).type()));
      kg.gen.apply(h.op(), List.of(fromBits(t, "fut_seen"), v), next);
      k.line("fut_old = fut_cas" + bits + "(fut_at, fut_seen, " + toBits(t, next.get(0)) + ");");
      k.close("} while (fut_old != fut_seen);");
    }
    k.close("}");
    launch(reads, k, name, "fut_i", "fut_n", n, "");
  }

  /**
   * Emits scatter statement {@code sc} (binding {@code pat}, which hold the arrays its destinations
   * were, consumed) as a kernel: one work-item per element writes its values at its index, when
   * the index is inside the (first) destination, as the host does; the destinations are updated
   * in place on the device.
   */
  void scatter(List<Atom.Var> pat, Exp.Scatter sc) {
    String n = atom(sc.width());
    String name = kernelName(pat.get(0).name());
    Reads reads = new Reads(n);
    List<Atom> inputs = new ArrayList<>();
    inputs.add(sc.inds());
    inputs.addAll(sc.vals());
    reads.inputs(inputs);
    for (Atom.Var d : pat) reads.updates(d);
    reads.arrays();
    CgState k = kernelState();
    k.line("const int64_t fut_ix = " + reads.rows.get(0) + ";");
    k.open("if (fut_ix >= 0 && fut_ix < " + pat.get(0).name() + ".shape[0]) {");
    for (int j = 0; j < pat.size(); j++) {
      String ty = memType(pat.get(j).type().elem());
      k.line("((__global " + ty + " *)" + pat.get(j).name() + ".data)[fut_ix] = (" + ty + ")" + reads.rows.get(j + 1) + ";");
    }
    k.close("}");
    launch(reads, k, name, "fut_i", "fut_n", n, "");
  }

  /**
   * Emits filter statement {@code f} (binding {@code pat}) as two kernels, a scan's phases: work-item
   * t of g counts the elements of its contiguous chunk that the predicate keeps; the host turns the
   * counts into each chunk's offset, in order, and allocates the results; work-item t goes through
   * its chunk again, writing the elements kept from its offset on. The order of the elements is
   * kept.
   */
  void filter(List<Atom.Var> pat, Exp.Filter f) {
    String n = atom(f.width());
    IrType i64 = new IrType.Scalar(PrimType.I64);
    for (Atom.Var v : pat) st.line(ctype(v.type()) + " " + v.name() + ";");
    st.open("{");
    Partials parts = partials(n, List.of(i64));
    // The counts.
    Chunk count = chunk(n, parts.g(), f.arrays(), f.pred(), null, 0, pat.get(0).name() + "_count");
    count.k().line("if (" + count.keep() + ") fut_c++;");
    count.k().close("}");
    String p = parts.names().get(0);
    count.reads().out("(size_t)" + parts.g() + " * sizeof(int64_t)", p, p + "_kd");
    count.k().line("((__global int64_t *)" + p + "_kd)[fut_t] = fut_c;");
    count.launch(parts.g(), parts.free());
    // Each chunk's offset, and the results.
    String total = st.fresh("total"), t = st.fresh("t");
    st.line("int64_t " + total + " = 0;");
    st.line("for (int64_t " + t + " = 0; " + t + " < " + parts.g() + "; " + t + "++) { int64_t c_ = " + p + "[" + t + "]; " + p + "["
        + t + "] = " + total + "; " + total + " += c_; }");
    for (int j = 0; j < pat.size(); j++) {
      st.line("if (fut_alloc(ctx, &" + pat.get(j).name() + ", 1, (int64_t[]){" + total + "}, " + CGen.es(pat.get(j).type()) + ")) { "
          + parts.free() + "goto " + st.errLabel + "; }");
    }
    // The elements kept, written from each chunk's offset.
    Chunk write = chunk(n, parts.g(), f.arrays(), f.pred(), parts.names().get(0), 0, pat.get(0).name());
    write.k().open("if (" + write.keep() + ") {");
    for (int j = 0; j < pat.size(); j++) {
      String out = pat.get(j).name(), mt = memType(pat.get(j).type().elem());
      write.reads().outArray("(size_t)" + total + " * " + CGen.es(pat.get(j).type()), out);
      write.k().line("((__global " + mt + " *)" + out + "_kd)[fut_c] = (" + mt + ")" + write.reads().rows.get(j) + ";");
    }
    write.k().line("fut_c++;");
    write.k().close("}");
    write.k().close("}");
    write.launch(parts.g(), parts.free());
    st.line(parts.free());
    st.close("}");
  }

  /**
   * Emits partition statement {@code p} (binding {@code pat}: one result per input, then the
   * {@code [k]i64} class sizes) as two kernels, as a filter's: work-item t of g counts the elements
   * of its contiguous chunk per class (slot k for every element outside {@code [0, k)}); the host
   * turns the counts into each chunk's offset per class in class-major order (class c of chunk t
   * after all elements of classes below c and those of class c in chunks before t), and sums the
   * class sizes; work-item t goes through its chunk again, placing each element at its class's
   * next offset. The number of classes {@code k} is a small constant ({@code opt.Kernels}), so a
   * work-item keeps its counts in private memory.
   */
  void partition(List<Atom.Var> pat, Exp.Partition p) {
    String n = atom(p.width());
    int slots = (int) Math.max(0, p.k() instanceof Atom.Const c ? c.value().bits() : -1) + 1;
    List<Atom.Var> outs = pat.subList(0, p.arrays().size());
    Atom.Var sizes = pat.get(pat.size() - 1);
    for (Atom.Var v : pat) st.line(ctype(v.type()) + " " + v.name() + ";");
    st.open("{");
    String g = st.fresh("g"), cnt = st.fresh("cnt");
    st.line("const int64_t " + g + " = " + n + " < " + REDUCE_ITEMS + " ? " + n + " : " + REDUCE_ITEMS + ";");
    st.line("int64_t *" + cnt + " = malloc((size_t)(" + g + " > 0 ? " + g + " : 1) * " + slots + " * sizeof(int64_t));");
    String free = "free(" + cnt + "); ";
    st.line("if (!" + cnt + ") { fut_error(ctx, NULL, \"Failed to allocate partition counts.\"); ctx->error_code = 3; goto "
        + st.errLabel + "; }");
    // The counts.
    Chunk count = chunk(n, g, p.arrays(), p.cls(), null, slots, pat.get(0).name() + "_count");
    count.reads().out("(size_t)" + g + " * " + slots + " * sizeof(int64_t)", cnt, cnt + "_kd");
    count.k().line("fut_cs[" + count.slot() + "]++;");
    count.k().close("}");
    count.k().line("for (int fut_s = 0; fut_s < " + slots + "; fut_s++) ((__global int64_t *)" + cnt + "_kd)[fut_t * " + slots
        + " + fut_s] = fut_cs[fut_s];");
    count.launch(g, free);
    // Each chunk's offsets per class, the class sizes, and the results.
    String total = st.fresh("total"), c = st.fresh("c"), t = st.fresh("t");
    st.line("if (fut_alloc(ctx, &" + sizes.name() + ", 1, (int64_t[]){" + (slots - 1) + "}, 8)) { " + free + "goto " + st.errLabel + "; }");
    st.line("int64_t " + total + " = 0;");
    st.open("for (int " + c + " = 0; " + c + " < " + slots + "; " + c + "++) {");
    st.line("int64_t start_ = " + total + ";");
    st.line("for (int64_t " + t + " = 0; " + t + " < " + g + "; " + t + "++) { int64_t c_ = " + cnt + "[" + t + " * " + slots + " + " + c
        + "]; " + cnt + "[" + t + " * " + slots + " + " + c + "] = " + total + "; " + total + " += c_; }");
    st.line("if (" + c + " < " + (slots - 1) + ") ((int64_t *)" + sizes.name() + ".data)[" + c + "] = " + total + " - start_;");
    st.close("}");
    for (int j = 0; j < outs.size(); j++) {
      st.line("if (fut_alloc(ctx, &" + outs.get(j).name() + ", 1, (int64_t[]){" + n + "}, " + CGen.es(outs.get(j).type()) + ")) { " + free
          + "goto " + st.errLabel + "; }");
    }
    // The elements, each written at its class's next offset in its chunk.
    Chunk write = chunk(n, g, p.arrays(), p.cls(), cnt, slots, pat.get(0).name());
    for (int j = 0; j < outs.size(); j++) {
      String out = outs.get(j).name(), mt = memType(outs.get(j).type().elem());
      write.reads().outArray("(size_t)" + n + " * " + CGen.es(outs.get(j).type()), out);
      write.k().line("((__global " + mt + " *)" + out + "_kd)[fut_cs[" + write.slot() + "]] = (" + mt + ")" + write.reads().rows.get(j) + ";");
    }
    write.k().line("fut_cs[" + write.slot() + "]++;");
    write.k().close("}");
    write.launch(g, free);
    st.line(free);
    st.close("}");
  }

  /**
   * A filter's or partition's kernel being written: work-item {@code fut_t} of {@code fut_g} goes
   * through its contiguous chunk of the elements, inside the loop after the lambda, whose result is
   * {@code keep} (a filter's: a bool) or {@code slot} (a partition's: the element's class, or the
   * last slot for one outside every class). A filter counts in {@code fut_c}, a partition in
   * {@code fut_cs[slots]}: from 0, or from the chunk's offsets.
   */
  private record Chunk(Reads reads, CgState k, String keep, String slot, String name) {
    void launch(String g, String cleanup) { reads.owner().launchChunks(reads, k, name, g, cleanup); }
  }

  /**
   * A chunk kernel over {@code arrays} with lambda {@code f}; {@code slots} 0 for a filter, else a
   * partition's number of count slots; {@code offsets} null (counts start at 0), or the host array
   * of each chunk's offsets (one per chunk, or {@code slots} per chunk).
   */
  private Chunk chunk(String n, String g, List<Atom> arrays, Lambda f, String offsets, int slots, String base) {
    String name = kernelName(base);
    Reads reads = new Reads(n);
    reads.args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&" + g, "int64_t fut_g"));
    reads.inputs(arrays);
    reads.freeIn(f);
    reads.arrays();
    CgState k = kernelState();
    int per = Math.max(slots, 1);
    if (offsets != null) {
      reads.args.add(new Arg("FUT_KARG_IN", "(size_t)" + g + " * " + per + " * sizeof(int64_t)", offsets,
          "__global char *" + offsets + "_kd"));
    }
    String from = offsets == null ? null : "((__global int64_t *)" + offsets + "_kd)";
    if (slots == 0) {
      k.line("int64_t fut_c = " + (from == null ? "0" : from + "[fut_t]") + ";");
    } else {
      k.line("int64_t fut_cs[" + slots + "];");
      k.line("for (int fut_s = 0; fut_s < " + slots + "; fut_s++) fut_cs[fut_s] = "
          + (from == null ? "0" : from + "[fut_t * " + slots + " + fut_s]") + ";");
    }
    contiguousChunk(k);
    List<String> res = temps(k, List.of(new IrType.Scalar(slots == 0 ? PrimType.BOOL : PrimType.I64)));
    Generators.of(k).gen.apply(f, reads.rows, res);
    String slot = null;
    if (slots > 0) {
      slot = "fut_slot";
      k.line("const int64_t fut_slot = " + res.get(0) + " >= 0 && " + res.get(0) + " < " + (slots - 1) + " ? " + res.get(0) + " : "
          + (slots - 1) + ";");
    }
    return new Chunk(reads, k, res.get(0), slot, name);
  }

  /** Opens work-item {@code fut_t}'s loop over its contiguous chunk of the {@code fut_n} elements ({@code fut_i}). */
  private static void contiguousChunk(CgState k) {
    k.line("const int64_t fut_q = fut_n / fut_g, fut_r = fut_n % fut_g;");
    k.line("const int64_t fut_lo = fut_t * fut_q + (fut_t < fut_r ? fut_t : fut_r);");
    k.open("for (int64_t fut_i = fut_lo; fut_i < fut_lo + fut_q + (fut_t < fut_r); fut_i++) {");
  }

  /** Whether operator {@code op} is integer addition of its two parameters ({@code (+)}). */
  private static boolean isAdd(Lambda op) {
    if (op.body().stms().size() != 1 || op.body().results().size() != 1) return false;
    var s = op.body().stms().get(0);
    return s.exp() instanceof Exp.BinOp b && b.op() == io.github.futhark4j.compiler.typed.TExp.BinOperator.ADD
        && s.pattern().size() == 1 && op.body().results().get(0).equals(s.pattern().get(0))
        && new java.util.HashSet<Atom>(List.of(b.x(), b.y())).equals(new java.util.HashSet<Atom>(op.params()));
  }

  /** A value of type {@code t} whose bits are the unsigned integer {@code bits} (32 or 64 wide). */
  private static String fromBits(PrimType t, String bits) {
    return switch (t) {
      case F32 -> "fut_bits_f32(" + bits + ")";
      case F64 -> "fut_bits_f64(" + bits + ")";
      default -> "(" + CPrim.stype(t) + ")" + bits;
    };
  }

  /** The bits of value {@code v} of type {@code t}, as an unsigned integer of its width. */
  private static String toBits(PrimType t, String v) {
    return switch (t) {
      case F32 -> "fut_f32_bits(" + v + ")";
      case F64 -> "fut_f64_bits(" + v + ")";
      default -> "(uint" + t.bits() + "_t)" + v;
    };
  }

  /**
   * The work-items of a reduction kernel, at most: each reduces its part of the elements
   * sequentially into partial results, which the host then combines in order.
   */
  static final int REDUCE_ITEMS = 16384;

  /**
   * Emits reduce statement {@code r} (binding {@code pat}) as a kernel: work-item t of g reduces
   * its part of the n elements (with the fused map, if any) from the neutral elements into partial
   * result t, and the host combines the g partial results in order with the operator. A commutative
   * operator's parts interleave (element i goes to work-item i mod g: neighbouring work-items read
   * neighbouring elements, as a GPU's memory wants); otherwise each part is a contiguous chunk and
   * the combination keeps the elements' order, so the operator need only be associative.
   */
  void reduce(List<Atom.Var> pat, Exp.Reduce r) {
    List<IrType> ts = r.nes().stream().map(Atom::type).toList();
    String n = atom(r.width());
    for (Atom.Var v : pat) st.line(ctype(v.type()) + " " + v.name() + ";");
    st.open("{");
    Partials parts = partials(n, ts);
    Chunks c = chunks(n, parts.g(), r.arrays(), r.mapf(), r.op(), r.nes(), ts, r.commutative(), null, pat.get(0).name());
    c.totals(parts, ts);
    // The host combines the partial results in order.
    List<String> acc = combine(r.op(), r.nes(), ts, parts, false);
    for (int j = 0; j < pat.size(); j++) st.line(pat.get(j).name() + " = " + acc.get(j) + ";");
    st.line(parts.free());
    st.close("}");
  }

  /**
   * Emits scan statement {@code s} (binding {@code pat}) as two kernels, the three phases of the
   * host's scan: work-item t of g reduces its contiguous chunk of the elements into a total; the
   * host turns the totals into each chunk's exclusive prefix, in order; work-item t scans its chunk
   * again from its prefix, writing each element's result.
   */
  void scan(List<Atom.Var> pat, Exp.Scan s) {
    List<IrType> ts = s.nes().stream().map(Atom::type).toList();
    String n = atom(s.width());
    for (Atom.Var v : pat) st.line(ctype(v.type()) + " " + v.name() + ";");
    for (int j = 0; j < pat.size(); j++) {
      st.check("fut_alloc(ctx, &" + pat.get(j).name() + ", 1, (int64_t[]){" + n + "}, " + CGen.es(ts.get(j)) + ")");
    }
    st.open("{");
    Partials parts = partials(n, ts);
    Chunks totals = chunks(n, parts.g(), s.arrays(), s.mapf(), s.op(), s.nes(), ts, false, null, pat.get(0).name());
    totals.totals(parts, ts);
    combine(s.op(), s.nes(), ts, parts, true);
    Chunks scan = chunks(n, parts.g(), s.arrays(), s.mapf(), s.op(), s.nes(), ts, false, parts, pat.get(0).name());
    for (int k = 0; k < ts.size(); k++) {
      String out = pat.get(k).name(), mt = memType(ts.get(k).elem());
      scan.reads().outArray("(size_t)(" + n + ") * " + CGen.es(ts.get(k)), out);
      scan.k().line("((__global " + mt + " *)" + out + "_kd)[fut_i] = (" + mt + ")" + scan.accs().get(k) + ";");
    }
    scan.k().close("}");
    scan.launch(parts.g(), parts.free());
    st.line(parts.free());
    st.close("}");
  }

  /** Host arrays of {@code g} partial results per accumulator ({@code free} frees them all). */
  private record Partials(String g, List<String> names, String free) {}

  /** Declares {@code g} (work-items for n elements) and allocates the partial results of types {@code ts}. */
  private Partials partials(String n, List<IrType> ts) {
    String g = st.fresh("g");
    st.line("const int64_t " + g + " = " + n + " < " + REDUCE_ITEMS + " ? " + n + " : " + REDUCE_ITEMS + ";");
    List<String> parts = new ArrayList<>();
    for (IrType t : ts) {
      String p = st.fresh("part"), mt = memType(t.elem());
      st.line(mt + " *" + p + " = malloc((size_t)(" + g + " > 0 ? " + g + " : 1) * sizeof(" + mt + "));");
      parts.add(p);
    }
    StringBuilder anyNull = new StringBuilder();
    for (String p : parts) anyNull.append(anyNull.isEmpty() ? "" : " || ").append("!").append(p);
    String free = parts.stream().map(p -> "free(" + p + "); ").reduce("", String::concat);
    st.line("if (" + anyNull + ") { " + free + "fut_error(ctx, NULL, \"Failed to allocate partial results.\"); "
        + "ctx->error_code = 3; goto " + st.errLabel + "; }");
    return new Partials(g, parts, free);
  }

  /**
   * Combines the partial results with {@code op} on the host, in order, from the neutral elements;
   * returns the accumulators. With {@code exclusive}, each partial result is replaced by the
   * combination of those before it (a chunk's prefix).
   */
  private List<String> combine(Lambda op, List<Atom> nes, List<IrType> ts, Partials parts, boolean exclusive) {
    List<String> acc = new ArrayList<>();
    for (int j = 0; j < ts.size(); j++) {
      String a = st.fresh("acc");
      st.line(ctype(ts.get(j)) + " " + a + " = " + atom(nes.get(j)) + ";");
      acc.add(a);
    }
    String t = st.fresh("t");
    st.open("for (int64_t " + t + " = 0; " + t + " < " + parts.g() + "; " + t + "++) {");
    List<String> opArgs = new ArrayList<>(acc);
    for (int j = 0; j < ts.size(); j++) {
      String p = parts.names().get(j) + "[" + t + "]";
      if (exclusive) {
        String x = st.fresh("x");
        st.line(ctype(ts.get(j)) + " " + x + " = " + (ts.get(j).elem() == PrimType.BOOL ? "(" + p + " != 0)" : p) + ";");
        st.line(p + " = " + acc.get(j) + ";");
        opArgs.add(x);
      } else {
        opArgs.add(ts.get(j).elem() == PrimType.BOOL ? "(" + p + " != 0)" : p);
      }
    }
    List<String> nx = temps(st, ts);
    gen.apply(op, opArgs, nx);
    for (int j = 0; j < acc.size(); j++) st.line(acc.get(j) + " = " + nx.get(j) + ";");
    st.close("}");
    return acc;
  }

  /**
   * A kernel being written whose work-item {@code fut_t} of {@code fut_g} steps through its part of
   * the elements with an operator: its reads, its state (inside the loop over the part, after the
   * step, until the caller closes it) and its accumulators.
   */
  private record Chunks(Reads reads, CgState k, List<String> accs, String name) {
    /**
     * Closes the loop, makes work-item t's accumulators partial result t (copied out into
     * {@code parts}, of types {@code ts}) and launches the kernel.
     */
    void totals(Partials parts, List<IrType> ts) {
      k.close("}");
      for (int j = 0; j < ts.size(); j++) {
        String mt = memType(ts.get(j).elem()), p = parts.names().get(j);
        reads.out("(size_t)" + parts.g() + " * sizeof(" + mt + ")", p, p + "_kd");
        k.line("((__global " + mt + " *)" + p + "_kd)[fut_t] = (" + mt + ")" + accs.get(j) + ";");
      }
      launch(parts.g(), parts.free());
    }

    /** Finishes the kernel (the caller closed the loop and wrote what follows it) and launches it over g work-items. */
    void launch(String g, String cleanup) { reads.owner().launchChunks(reads, k, name, g, cleanup); }
  }

  /**
   * Finishes kernel {@code name} whose work-item {@code fut_t} of {@code fut_g} went through a part
   * of the elements (its reads, its state {@code k}) and launches it over g work-items, unless g is 0.
   */
  private void launchChunks(Reads reads, CgState k, String name, String g, String cleanup) {
    st.open("if (" + g + " > 0) {");
    launch(reads, k, name, "fut_t", "fut_g", g, cleanup);
    st.close("}");
  }

  /**
   * Finishes kernel {@code name} (its reads, its state {@code k}), whose work-item number
   * {@code index} runs while below the argument {@code bound}, adds it to the program's kernels
   * and launches it over {@code items} work-items ({@code cleanup}: as for {@link Reads#launch}).
   */
  private void launch(Reads reads, CgState k, String name, String index, String bound, String items, String cleanup) {
    reads.failures(k);
    String head = "  const int64_t " + index + " = get_global_id(0);\n  if (" + index + " >= " + bound + ") return;\n";
    reads.launch(st.functions.kernels().add(name, reads.kernel(name, head, k.out)), items, cleanup);
  }

  /** A new kernel's name: its number in the program and the C name of {@code base} (the variable it computes). */
  private String kernelName(String base) {
    return "fut_k_" + st.functions.kernels().size() + "_" + cname(base);
  }

  /**
   * Starts a kernel over {@code g} work-items for {@code n} elements of {@code arrays}, each
   * applying {@code mapf} (if any) to its elements and folding them into accumulators of types
   * {@code ts} with {@code op}, from the neutral elements {@code nes}, or from {@code prefix}'s
   * partial results (copied in) when given. Parts interleave when {@code interleaved}, else are
   * contiguous chunks. Returns with the loop open, after the step.
   */
  private Chunks chunks(String n, String g, List<Atom> arrays, Lambda mapf, Lambda op, List<Atom> nes, List<IrType> ts,
                        boolean interleaved, Partials prefix, String base) {
    String name = kernelName(base) + (prefix != null ? "_scan" : "");
    Reads reads = new Reads(n);
    reads.args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&" + g, "int64_t fut_g"));
    reads.inputs(arrays);
    reads.freeIn(mapf);
    reads.freeIn(op);
    for (Atom ne : nes) if (ne instanceof Atom.Var v) reads.scalar(v);
    reads.arrays();
    CgState k = kernelState();
    Generators kg = Generators.of(k);
    List<String> accs = temps(k, ts);
    for (int j = 0; j < accs.size(); j++) {
      if (prefix == null) {
        k.line(accs.get(j) + " = " + atom(nes.get(j)) + ";");
        continue;
      }
      String p = prefix.names().get(j), mt = memType(ts.get(j).elem());
      reads.args.add(new Arg("FUT_KARG_IN", "(size_t)" + g + " * sizeof(" + mt + ")", p, "__global char *" + p + "_kd"));
      String e = "((__global " + mt + " *)" + p + "_kd)[fut_t]";
      k.line(accs.get(j) + " = " + (ts.get(j).elem() == PrimType.BOOL ? "(" + e + " != 0)" : e) + ";");
    }
    if (interleaved) {
      k.open("for (int64_t fut_i = fut_t; fut_i < fut_n; fut_i += fut_g) {");
    } else {
      contiguousChunk(k);
    }
    List<String> xs = reads.rows;
    if (mapf != null) {
      xs = temps(k, mapf.returnTypes());
      kg.gen.apply(mapf, reads.rows, xs);
    }
    List<String> args = new ArrayList<>(accs);
    args.addAll(xs);
    List<String> next = temps(k, ts);
    kg.gen.apply(op, args, next);
    for (int j = 0; j < accs.size(); j++) k.line(accs.get(j) + " = " + next.get(j) + ";");
    return new Chunks(reads, k, accs, name);
  }

  /**
   * The C type of an element of type {@code t} in memory a kernel reads or writes: the host's,
   * except a boolean, a byte (0 or 1) as on the host, since OpenCL leaves the size of its
   * {@code bool} open.
   */
  static String memType(PrimType t) {
    return t == PrimType.BOOL ? "uint8_t" : CPrim.stype(t);
  }

  /** Fresh variables of state {@code k} for values of types {@code ts}, declared. */
  private static List<String> temps(CgState k, List<IrType> ts) {
    List<String> out = new ArrayList<>();
    for (IrType t : ts) {
      String v = k.fresh("r");
      k.line(ctype(t) + " " + v + ";");
      out.add(v);
    }
    return out;
  }

  /**
   * The kernel's expression for element {@code fut_i} of virtual input {@code v}: a sequence's
   * start and step, or a replicate's value, become arguments of the kernel.
   */
  private String virtualRow(Atom.Var v, List<Arg> args) {
    CgState.Sequence seq = st.virtualSequences.get(v.name());
    if (seq != null) {
      if (seq.start() == null) return seq.element("fut_i");
      String start = v.name() + "_kstart", step = v.name() + "_kstep";
      addOnce(args, new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&(int64_t){" + seq.start() + "}", "int64_t " + start));
      addOnce(args, new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&(int64_t){" + seq.step() + "}", "int64_t " + step));
      return new CgState.Sequence(start, step, seq.ctype()).element("fut_i");
    }
    Atom value = st.virtualReplicates.get(v.name());
    if (value instanceof Atom.Var x) {
      String t = ctype(x.type());
      String p = v.name() + "_kvalue";
      if (x.type().elem() == PrimType.BOOL) {
        addOnce(args, new Arg("FUT_KARG_SCALAR", "sizeof(int32_t)", "&(int32_t){" + x.name() + "}", "int32_t " + p));
        return "(" + p + " != 0)";
      }
      addOnce(args, new Arg("FUT_KARG_SCALAR", "sizeof(" + t + ")", "&" + x.name(), t + " " + p));
      return p;
    }
    return atom(value);
  }

  /**
   * Adds a kernel parameter unless it is there already: a virtual array that is several of a
   * map's inputs (its arrays shared after simplification) passes its start and step once.
   */
  private static void addOnce(List<Arg> args, Arg a) {
    if (args.stream().noneMatch(b -> b.param().equals(a.param()))) args.add(a);
  }

  /** A name made of the characters of a C identifier. */
  private static String cname(String s) { return s.replaceAll("[^A-Za-z0-9_]", "_"); }
}
