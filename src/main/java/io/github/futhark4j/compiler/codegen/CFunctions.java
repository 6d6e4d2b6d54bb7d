package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import io.github.futhark4j.compiler.core.Program;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The C functions of a program's functions ({@link Program.Function}, the recursive source
 * functions): each is a static function of the generated file,
 * {@code static int futhark4j_fun_<name>(ctx, fut_depth, fut_stack, outs..., params...)}, returning 0, or 1 after
 * a failure whose message is recorded (its caller then fails as for any other error). Its
 * parameters are scalars and arrays ({@code fut_arr}, by value): an array parameter is lent for the
 * call (the function neither releases nor updates it), unless the function consumes it, when the
 * reference is the function's. The results are owned references written to the out-parameters.
 * {@code fut_depth} is how deeply the call is nested (an entry point's calls are at depth 1), and
 * {@code fut_stack} the lowest address the thread's stack may reach before a call fails (see {@link
 * CgState#stackBound}).
 *
 * <p>In the multicore backend a function has two versions: the one called where no parallel region
 * runs may use OpenMP loops as an entry point does; the one called inside a parallel region (a
 * {@code map} whose function calls it), named with {@code _seq}, runs its operators as plain loops,
 * as nested operators do. Only the versions that some code calls are emitted: calls ask for their
 * version ({@link #cname}) while the entry points and the versions asked for so far are written
 * ({@link #definitions}).
 */
final class CFunctions {
  private final boolean multicore;
  private final Map<String, Program.Function> byName = new HashMap<>();
  /** The versions asked for, by C name, in the order asked. */
  private final Map<String, Version> wanted = new LinkedHashMap<>();

  private record Version(String cname, Program.Function f, boolean sequential) {}

  /** The program's device kernels (the opencl backend), else null. */
  private final CKernel.Source kernels;

  CFunctions(Program p, boolean multicore) {
    this(p, multicore, null);
  }

  CFunctions(Program p, boolean multicore, CKernel.Source kernels) {
    this.multicore = multicore;
    this.kernels = kernels;
    for (Program.Function f : p.functions()) byName.put(f.name(), f);
  }

  /** The program's device kernels, shared by every state of the program; null unless the backend has a device. */
  CKernel.Source kernels() { return kernels; }

  private Program.Function function(String fn) {
    Program.Function f = byName.get(fn);
    if (f == null) throw new IllegalStateException("call of unknown function " + fn);
    return f;
  }

  /**
   * The C function a call of {@code fn} made from code that runs inside a parallel region
   * ({@code inParallel}) or not calls; it will be emitted.
   */
  String cname(String fn, boolean inParallel) {
    Program.Function f = function(fn);
    boolean seq = multicore && inParallel;
    String c = "futhark4j_fun_" + fn + (seq ? "_seq" : "");
    wanted.computeIfAbsent(c, k -> new Version(k, f, seq));
    return c;
  }

  /** The source name of function {@code fn}, for messages. */
  String source(String fn) { return function(fn).source(); }

  /**
   * Prototypes, then the definitions of every version asked for: by the code written before (the
   * entry points) and by the versions themselves.
   */
  String definitions() {
    List<String> defs = new ArrayList<>();
    List<String> protos = new ArrayList<>();
    Set<String> done = new LinkedHashSet<>();
    while (done.size() < wanted.size()) {
      for (Version v : new ArrayList<>(wanted.values())) {
        if (!done.add(v.cname())) continue;
        protos.add(signature(v) + ";\n");
        defs.add(define(v));
      }
    }
    if (defs.isEmpty()) return "";
    return "// ---- functions ----\n\n" + String.join("", protos) + "\n" + String.join("\n", defs) + "\n";
  }

  private static String signature(Version v) {
    Program.Function f = v.f();
    List<String> ps = new ArrayList<>(List.of("struct futhark_context *ctx", "int fut_depth", "uintptr_t fut_stack"));
    for (int k = 0; k < f.results().size(); k++) ps.add(CPrim.ctype(f.results().get(k)) + " *out" + k);
    for (Atom.Var p : f.params()) ps.add(CPrim.ctype(p.type()) + " " + p.name());
    return "static int " + v.cname() + "(" + String.join(", ", ps) + ")";
  }

  /** One version: the body as an entry point's (ownership, errors), its results stored through the out-parameters. */
  private String define(Version v) {
    Program.Function f = v.f();
    Generators gens = Generators.of(CgState.forFunction(multicore, v.cname().substring("futhark4j_".length()), this, v.sequential()));
    CgState st = gens.st;
    Set<String> owned = new LinkedHashSet<>();
    for (int k = 0; k < f.params().size(); k++) {
      Atom.Var p = f.params().get(k);
      if (p.type().isArray() && f.consumed().get(k)) owned.add(p.name());
    }
    List<String> res = new ArrayList<>();
    for (int k = 0; k < f.results().size(); k++) {
      res.add("res" + k);
      st.line(CPrim.ctype(f.results().get(k)) + " res" + k + ";");
    }
    st.open("{");
    st.openSlots();
    gens.gen.body(f.body(), owned, res);
    st.closeSlots();
    st.close("}");
    for (int k = 0; k < res.size(); k++) st.line("*out" + k + " = " + res.get(k) + ";");
    st.line("return 0;");
    st.indent = 0;
    st.line("fail: __attribute__((unused));");
    st.indent = 1;
    st.line("return 1;");
    return st.helpers + signature(v) + " {\n" + st.out + "}\n";
  }
}
