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
 * Maps that {@code opt.Kernels} marked {@code #[kernel]}, as OpenCL kernels (the opencl backend):
 * one work-item per element computes the lambda, written by the same generators as host code (its
 * scalar code is the host's text; only array reads name the device's address space, {@link
 * CgState#kernel}), and the host code launches it through the engine ({@code fut_cl_map}), which
 * copies the input arrays to the device and the results back around the launch.
 *
 * <p>A kernel's parameters: the element count; per array it reads (an input or an array the
 * lambda indexes) its data and its shape; per free scalar its value (a {@code bool} as an
 * {@code int}, which OpenCL allows as a kernel argument); per virtual input sequence its start and
 * step; per result its data. Inside, each array is rebuilt as a {@code fut_arr} of the kernel
 * prelude (engine/futhark4j_kernels.cl), so indexing code is the host's.
 */
final class CKernel {
  private final CgState st;

  CKernel(CgState st) { this.st = st; }

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

  /** One argument of a launch: how the host passes it and how the kernel declares it. */
  private record Arg(String kind, String bytes, String hostPtr, String param) {}

  /** Emits map statement {@code m} (binding {@code pat}) as a kernel and its launch. */
  void map(List<Atom.Var> pat, Exp.Map m) {
    Source source = st.functions.kernels();
    Lambda f = m.f();
    String n = atom(m.width());
    List<IrType> rets = f.returnTypes();
    for (Atom.Var v : pat) st.line(ctype(v.type()) + " " + v.name() + ";");
    for (int j = 0; j < pat.size(); j++) {
      st.check("fut_alloc(ctx, &" + pat.get(j).name() + ", 1, (int64_t[]){" + n + "}, " + CGen.es(rets.get(j)) + ")");
    }
    String index = "fut_k_" + source.size() + "_" + cname(pat.get(0).name());
    CgState k = st.helper();
    k.kernel = true;
    k.indent = 1;
    Generators kg = Generators.of(k);
    List<Arg> args = new ArrayList<>();
    args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&(int64_t){" + n + "}", "int64_t fut_n"));
    StringBuilder prologue = new StringBuilder();
    Map<String, Atom.Var> arrays = new LinkedHashMap<>();
    List<String> rows = new ArrayList<>();
    for (Atom a : m.arrays()) {
      if (a instanceof Atom.Var v && st.isVirtual(v.name())) {
        rows.add(virtualRow(v, args));
      } else {
        Atom.Var v = (Atom.Var) a;
        arrays.putIfAbsent(v.name(), v);
        rows.add(CGen.kernelLoad(v, "fut_i"));
      }
    }
    for (Atom.Var v : FreeVars.ofLambda(f)) {
      if (v.type().isArray()) {
        arrays.putIfAbsent(v.name(), v);
      } else if (v.type().elem() == PrimType.BOOL) {
        args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int32_t)", "&(int32_t){" + v.name() + "}", "int32_t " + v.name() + "_kp"));
        prologue.append("  bool ").append(v.name()).append(" = ").append(v.name()).append("_kp != 0;\n");
      } else {
        String t = ctype(v.type());
        args.add(new Arg("FUT_KARG_SCALAR", "sizeof(" + t + ")", "&" + v.name(), t + " " + v.name()));
      }
    }
    for (Atom.Var v : arrays.values()) {
      int rank = v.type().rank();
      String name = v.name();
      args.add(new Arg("FUT_KARG_IN", "(size_t)fut_numel(&" + name + ", " + rank + ") * " + CGen.es(v.type()),
          name + ".data", "__global char *" + name + "_kd"));
      StringBuilder shape = new StringBuilder();
      for (int d = 0; d < rank; d++) {
        args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&" + name + ".shape[" + d + "]", "int64_t " + name + "_ks" + d));
        shape.append(d == 0 ? "" : ", ").append(name).append("_ks").append(d);
      }
      prologue.append("  fut_arr ").append(name).append(" = {").append(name).append("_kd, {").append(shape).append("}};\n");
    }
    for (int j = 0; j < pat.size(); j++) {
      String out = pat.get(j).name();
      args.add(new Arg("FUT_KARG_OUT", "(size_t)(" + n + ") * " + CGen.es(rets.get(j)), out + ".data",
          "__global char *" + out + "_kd"));
    }
    // The kernel's body: the lambda's code for element fut_i, then the stores of its results.
    List<String> tmps = new ArrayList<>();
    for (IrType r : rets) {
      String t = k.fresh("r");
      k.line(ctype(r) + " " + t + ";");
      tmps.add(t);
    }
    kg.gen.apply(f, rows, tmps);
    for (int j = 0; j < pat.size(); j++) {
      String ty = CPrim.stype(rets.get(j).elem());
      k.line("((__global " + ty + " *)" + pat.get(j).name() + "_kd)[fut_i] = (" + ty + ")" + tmps.get(j) + ";");
    }
    StringBuilder code = new StringBuilder("__kernel void ").append(index).append("(");
    for (int a = 0; a < args.size(); a++) code.append(a == 0 ? "" : ", ").append(args.get(a).param());
    code.append(") {\n  const int64_t fut_i = get_global_id(0);\n  if (fut_i >= fut_n) return;\n");
    code.append(prologue).append(k.out).append("}\n");
    int id = source.add(index, code.toString());
    // The launch.
    String ka = st.fresh("ka");
    st.open("{");
    st.open("fut_karg " + ka + "[] = {");
    for (Arg a : args) st.line("{" + a.kind() + ", " + a.bytes() + ", (void *)(" + a.hostPtr() + ")},");
    st.close("};");
    st.check("fut_cl_map(ctx, NULL, " + id + ", " + n + ", " + args.size() + ", " + ka + ")");
    st.close("}");
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
      args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&(int64_t){" + seq.start() + "}", "int64_t " + start));
      args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int64_t)", "&(int64_t){" + seq.step() + "}", "int64_t " + step));
      return new CgState.Sequence(start, step, seq.ctype()).element("fut_i");
    }
    Atom value = st.virtualReplicates.get(v.name());
    if (value instanceof Atom.Var x) {
      String t = ctype(x.type());
      String p = v.name() + "_kvalue";
      if (x.type().elem() == PrimType.BOOL) {
        args.add(new Arg("FUT_KARG_SCALAR", "sizeof(int32_t)", "&(int32_t){" + x.name() + "}", "int32_t " + p));
        return "(" + p + " != 0)";
      }
      args.add(new Arg("FUT_KARG_SCALAR", "sizeof(" + t + ")", "&" + x.name(), t + " " + p));
      return p;
    }
    return atom(value);
  }

  /** A name made of the characters of a C identifier. */
  private static String cname(String s) { return s.replaceAll("[^A-Za-z0-9_]", "_"); }
}
