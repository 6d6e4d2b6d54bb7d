package io.github.futhark4j.compiler.codegen;

import io.github.futhark4j.compiler.core.Atom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one mutable state of generating the C of one function: an entry point's body, a version of
 * one of the program's functions ({@link CFunctions}), or a helper function split off either
 * ({@link #helper}). It is handed to each of the generators that {@link
 * Generators} wires around it ({@link CGen}, {@link CSoac}, {@link CGroup}, {@link CInterchange},
 * {@link CLanes}), which keep no mutable state of their own: the text written so far and where
 * it stands (indentation, the fresh-name counter, where a failure jumps, whether code runs
 * inside a parallel region), and what the generators tell each other about variables of the
 * bodies being emitted (which arrays the schedule made virtual, where rows are written in place,
 * which references are borrowed). What runs how is decided before code generation, by {@code
 * opt.Schedule}, and read off the statements' plans.
 *
 * <p>Besides the fields, the state has the primitive writes every generator uses: {@link #line},
 * {@link #open}, {@link #close}, {@link #fresh}, {@link #check}, {@link #failIf}, {@link #incref}
 * and {@link #decref}.
 */
final class CgState {
  /** Whether the target is the multicore backend (OpenMP pragmas) rather than the c backend. Fixed per program. */
  final boolean multicore;

  /**
   * The C statements of the function's body, written so far. Every generator appends to it
   * through {@link #line}; {@link CApi#entry} (an entry point) and {@link CInterchange} (a helper
   * function) wrap it in the function's signature at the end.
   */
  final StringBuilder out = new StringBuilder();

  /**
   * The indentation of the next line, in steps of two spaces. Moved by {@link #open} and
   * {@link #close}; a generator that closes one block and opens another on the same line
   * ({@code } else {}) raises it by hand, and {@link CApi#entry} sets it to 0 for its label.
   */
  int indent = 1;

  /**
   * Numbers fresh names ({@link #fresh}), helper functions ({@link #helperName}, {@link #helper})
   * and slice descriptors ({@link #next}): one counter for all, so the order in which the
   * generators ask for names decides them.
   */
  private int counter;

  /** What fresh names of this function carry between base and number ({@code _c} in an entry, {@code _hN_} in a helper). */
  private final String tag;

  /**
   * Static functions this entry point's code calls, emitted before it: one buffer shared by the
   * entry's state and the states of all its helpers. Appended to by {@link CInterchange} (its
   * micro-kernels), read by {@link CApi#entry}.
   */
  final StringBuilder helpers;

  /** The entry point's name: helper functions are named after it ({@link #helperName}), so entries never clash. */
  private final String owner;

  /**
   * Where a failing check jumps ({@link #check}, {@link #failIf}, and gotos written out): the
   * entry's exit {@code fail}, or the end of a parallel iteration. Set and restored by {@link
   * CSoac} around the body of an OpenMP loop (nothing may jump out of a parallel region) and by
   * {@link CGroup} around a sequential grouping (whose buffers must be freed on failure); read by
   * every generator.
   */
  String errLabel = "fail";

  /**
   * Whether the code being written runs inside a parallel region, where nested parallel
   * operators become plain loops. Set and restored by {@link CSoac} (parallel loop bodies, code
   * written as sequential), {@link CLanes} and {@link CInterchange} (their parallel blocks); true
   * from the start in a {@link #helper}. Read by {@link CSoac}, {@link CLanes} and {@link
   * CInterchange} to decide whether to emit OpenMP loops.
   */
  boolean inParallel;

  /**
   * Whether the code being written is an OpenCL kernel's body ({@link CKernel}): arrays are read
   * through the device's global address space. Set by {@link CKernel} on the kernel's own state;
   * read by {@link CGen}'s indexing.
   */
  boolean kernel;

  /**
   * {@code iota} and range results the schedule marked {@code #[virtual]} (used only as SOAC
   * inputs, by their size and by indexing single elements), by variable: never materialised,
   * element i is computed from i. Put by {@link CGen} when it emits the statement; read by
   * {@link CSoac#row}, {@link CLanes} and {@link CGen}'s indexing.
   */
  final Map<String, Sequence> virtualSequences = new HashMap<>();

  /**
   * A virtual arithmetic sequence: element i is {@code start + i * step} (C expressions of
   * int64_t, evaluated once before any element is read) converted to {@code ctype}; an iota's
   * start is null, its elements the index itself.
   */
  record Sequence(String start, String step, String ctype) {
    static final Sequence IOTA = new Sequence(null, null, "int64_t");

    /** A C expression for element {@code i}. */
    String element(String i) {
      if (start == null) return "((int64_t)(" + i + "))";
      return "((" + ctype + ")(" + start + " + (int64_t)(" + i + ") * " + step + "))";
    }
  }

  /**
   * {@code replicate n v} of a scalar marked {@code #[virtual]} (used only as a SOAC input row by
   * row), by variable, to {@code v}: never materialised, every row is {@code v} (e.g. the ones of
   * a counting histogram). Put by {@link CGen} when it emits the replicate's statement; read by
   * {@link CSoac#row} and {@link CLanes}.
   */
  final Map<String, Atom> virtualReplicates = new HashMap<>();

  /**
   * A C expression for row {@code i} of {@code arr} when it is a virtual sequence (its element i)
   * or a virtual replicate (its value), else null: what every reader of a SOAC input or an
   * element of such an array emits instead of a load.
   */
  String virtualRow(Atom arr, String i) {
    if (!(arr instanceof Atom.Var v)) return null;
    Sequence seq = virtualSequences.get(v.name());
    if (seq != null) return seq.element(i);
    Atom value = virtualReplicates.get(v.name());
    return value != null ? CPrim.atom(value) : null;
  }

  /** Whether array {@code v} is a virtual sequence or replicate (it has no memory). */
  boolean isVirtual(String v) { return virtualSequences.containsKey(v) || virtualReplicates.containsKey(v); }

  /**
   * {@code transpose b} marked {@code #[virtual]} (read only by interchanged redomaps), by
   * variable, to b: never materialised, read through b. Put by {@link CGen} when it emits the
   * transpose's statement; read by {@link CInterchange} (its kernels).
   */
  final Map<String, Atom.Var> virtualTransposes = new HashMap<>();

  /** Where an inner map writes its rows in place: row {@code index} of the 2-d array {@code out}. */
  record DirectRow(String out, String index, String elemSize) { }

  /**
   * Where the inner maps (by result variable) the schedule marked {@code #[direct-row]} write:
   * straight into a row of their outer map's result; the lambda's result is then a borrowed view
   * of that row. Put and removed by {@link CSoac#map} around the outer map's loop; read by {@link
   * CGen} (which emits such an inner map with {@link CSoac#mapInto}).
   */
  final Map<String, DirectRow> directRows = new HashMap<>();

  /**
   * Lambda result targets that receive such a view: they take no reference of their own. Added
   * to by {@link CSoac#map}; read by {@link CGen#body} when it assigns a body's results.
   */
  final Set<String> noRefTargets = new HashSet<>();

  /**
   * Views (rows, flattenings, copies of a variable) of an array a body does not own: they need no
   * reference of their own, since the source outlives the body, and are borrowed like lambda
   * parameters, which avoids atomic reference-count traffic inside parallel loops. Added to by
   * {@link CGen} (views of borrowed arrays) and {@link CSoac#mapInto} (the row written in place);
   * read by {@link CGen#body}, which neither owns nor releases them.
   */
  final Set<String> borrowedViews = new HashSet<>();

  /**
   * The program's functions ({@code Program.Function}): the C function a call names, which also
   * records that it must be emitted. Shared by every state of one program; read by {@link
   * CGen} (calls).
   */
  final CFunctions functions;

  /**
   * The C expression of how deeply the calls being written are nested in calls of functions: the
   * parameter {@code fut_depth} in a function, {@code 0} in an entry point. Set when the state is
   * made; read by {@link CGen} (calls pass one more, and fail beyond the limit).
   */
  final String depth;

  /**
   * Whether this is a function's C version that is called inside a parallel region (its code is
   * sequential from the start, {@link #inParallel}), else false. Read by {@link #stackBound}.
   */
  private final boolean startsInParallel;

  private CgState(boolean multicore, String owner, StringBuilder helpers, String tag, CFunctions functions, String depth,
                  boolean startsInParallel) {
    this.multicore = multicore;
    this.owner = owner;
    this.helpers = helpers;
    this.tag = tag;
    this.functions = functions;
    this.depth = depth;
    this.startsInParallel = startsInParallel;
    this.inParallel = startsInParallel;
  }

  /** The state of entry point {@code name}'s body. */
  static CgState forEntry(boolean multicore, String name, CFunctions functions) {
    return new CgState(multicore, name, new StringBuilder(), "_c", functions, "0", false);
  }

  /**
   * The state of the body of a function's C version {@code name}: its nesting depth is its
   * parameter {@code fut_depth}, and the sequential version (called inside parallel regions) runs
   * inside a parallel region from the start.
   */
  static CgState forFunction(boolean multicore, String name, CFunctions functions, boolean sequential) {
    return new CgState(multicore, name, new StringBuilder(), "_c", functions, "fut_depth", sequential);
  }

  /**
   * The C expression of the lowest address the stack of the thread running the code being written
   * may reach before a call fails ({@code fut_stack_low}): a function's parameter {@code fut_stack},
   * passed down by its caller on the same thread, except in an entry point and inside a parallel
   * region that the function itself opens (another thread, maybe), where it is the thread's own,
   * read once per thread ({@code fut_stack_here()}). Read by {@link CGen} (calls).
   */
  String stackBound() {
    return depth.equals("fut_depth") && inParallel == startsInParallel ? "fut_stack" : "fut_stack_here()";
  }

  /**
   * The state of the body of a static function that will be added to {@link #helpers}: its fresh
   * names cannot clash with this state's (a different tag), it runs inside a parallel region
   * (helpers are called from inside one), and the function is named after the same entry point.
   * A hot loop nest in a function of its own gets registers to itself: inside the large function
   * of an entry point gcc spilled accumulators of the matrix-multiplication micro-kernel to the
   * stack (1.6x slower).
   */
  CgState helper() {
    CgState h = new CgState(multicore, owner, helpers, "_h" + (counter++) + "_", functions, "0", true);
    h.indent = 1;
    return h;
  }

  /** A fresh C name from {@code base}. */
  String fresh(String base) { return base + tag + (counter++); }

  /** A fresh number (for names of a form of their own, e.g. slice descriptors {@code sd_0N}). */
  int next() { return counter++; }

  /** A unique name for a helper function: {@code futhark4j_<entry>_<base><n>}. */
  String helperName(String base) { return "futhark4j_" + owner + "_" + base + (counter++); }

  /** Writes one line at the current indentation. */
  void line(String s) {
    out.append("  ".repeat(indent)).append(s).append('\n');
  }

  /**
   * Opens an OpenMP parallel construct ({@code clauses} follow {@code #pragma omp parallel}, such as
   * {@code " for num_threads(nt)"}), after {@code fut_region_begin}: the engine lets a thread touch
   * the blocks of its own list without atomics only because every region starts with it.
   */
  void parallelPragma(String clauses) {
    line("fut_region_begin(ctx);");
    line("#pragma omp parallel" + clauses);
  }

  /** Writes a line that opens a block: the following lines are indented one step more. */
  void open(String s) { line(s); indent++; }

  /** Writes a line that closes a block, one step less indented. */
  void close(String s) { indent--; line(s); }

  /** Fails the current computation when {@code cond} holds. */
  void failIf(String cond, String errorCall) {
    line("if (" + cond + ") { " + errorCall + "; goto " + errLabel + "; }");
  }

  /**
   * A failing check that a kernel can make too: when {@code cond} holds, the program fails at
   * {@code loc} (a C string or NULL) with the message {@code fmt} (printf-style, each {@code %lld}
   * taking one of {@code args}, C expressions of integers). Host code reports it at once
   * ({@code fut_error}); a kernel records it for the host to report (see {@link #failures}).
   */
  void fail(String cond, String loc, String fmt, List<String> args) {
    if (failures != null) {
      kernelFail(cond, new CKernel.Failure(loc, fmt, args.size(), 0), args);
      return;
    }
    StringBuilder a = new StringBuilder();
    for (String x : args) a.append(", (long long)").append(x);
    failIf(cond, "fut_error(ctx, " + loc + ", " + CGen.cstring(fmt) + a + ")");
  }

  /**
   * As {@link #fail}, for an index out of bounds: {@code idx} (the indices) into an array of
   * {@code shape}, reported by {@code fut_index_error} in the reference's words.
   */
  void failIndex(String cond, String loc, List<String> idx, List<String> shape) {
    if (failures != null) {
      List<String> args = new java.util.ArrayList<>(idx);
      args.addAll(shape);
      kernelFail(cond, new CKernel.Failure(loc, null, idx.size(), shape.size()), args);
      return;
    }
    line("if (" + cond + ") { int64_t ix_[] = {" + String.join(", ", idx) + "}; fut_index_error(ctx, " + loc + ", "
        + idx.size() + ", ix_, " + shape.size() + ", (int64_t[]){" + String.join(", ", shape) + "}); goto " + errLabel + "; }");
  }

  /**
   * In a kernel's state ({@link CKernel}), the failures its checks can report, by number: a failing
   * work-item claims the kernel's failure record ({@code fut_failure}: a flag, the failure's number,
   * its arguments) unless another did first, and stops; the host reads the record after the launch
   * and reports the failure as host code would. Null outside kernels.
   */
  List<CKernel.Failure> failures;

  private void kernelFail(String cond, CKernel.Failure f, List<String> args) {
    failures.add(f);
    StringBuilder sb = new StringBuilder("if (" + cond + ") { if (atomic_cmpxchg((volatile __global int *)fut_failure, 0, 1) == 0) {"
        + " fut_failure[1] = " + (failures.size() - 1) + ";");
    for (int k = 0; k < args.size(); k++) sb.append(" fut_failure[").append(k + 2).append("] = (int64_t)(").append(args.get(k)).append(");");
    line(sb.append(" } return; }").toString());
  }

  /** Runs an engine call returning non-zero on failure (the error is already recorded). */
  void check(String call) {
    line("if (" + call + ") goto " + errLabel + ";");
  }

  // A kernel's arrays are its arguments' views and virtual arrays: nothing there is counted.
  void incref(String v) { if (!kernel) line("fut_incref(&" + v + ");"); }

  /**
   * Drops {@code v}'s reference; inside a scope of slots without a call where it is not the last
   * reference ({@code fut_decref_h}, with the thread's list read once where the scope starts).
   */
  void decref(String v) {
    if (kernel) return;
    SlotScope s = slots();
    if (s == null) {
      line("fut_decref(&" + v + ");");
    } else {
      s.hereUsed = true;
      line("fut_decref_h(&" + v + ", " + s.here + ");");
    }
  }

  // ---- slots: allocation sites that reuse their block (the engine's fut_alloc_slot) ----------

  /**
   * A scope of slots: the C code of one thread from where a function's body or a thread's share
   * of a parallel loop starts (in the text at {@code at}) to where it ends. Every allocation site
   * written inside it, at the same parallelism ({@code inParallel}: a parallel region opened
   * inside runs on other threads, which must not share its slots), gets a slot of its own, a
   * local declared where the scope starts and given up where it ends; so an array made in a loop
   * takes the block of the one made in the previous iteration back. A failing check jumps past
   * the end, which is harmless: a failing call frees every block it made.
   */
  private static final class SlotScope {
    final boolean inParallel;
    final int at;
    final int indent;
    final String here;
    final List<String> slots = new ArrayList<>();
    boolean hereUsed;

    SlotScope(boolean inParallel, int at, int indent, String here) {
      this.inParallel = inParallel;
      this.at = at;
      this.indent = indent;
      this.here = here;
    }
  }

  private final ArrayDeque<SlotScope> slotScopes = new ArrayDeque<>();

  /** Opens a scope of slots here (see {@link SlotScope}); closed by {@link #closeSlots}. */
  void openSlots() {
    slotScopes.push(new SlotScope(inParallel, out.length(), indent, fresh("here")));
  }

  /**
   * Closes the innermost scope of slots: declares its slots (and the thread's list, where used)
   * where it starts, and gives them up here.
   */
  void closeSlots() {
    SlotScope s = slotScopes.pop();
    StringBuilder decl = new StringBuilder();
    String pad = "  ".repeat(s.indent);
    if (s.hereUsed) decl.append(pad).append("const int ").append(s.here).append(" = fut_here();\n");
    if (!s.slots.isEmpty()) decl.append(pad).append("fut_mem *").append(String.join(" = NULL, *", s.slots)).append(" = NULL;\n");
    out.insert(s.at, decl);
    for (String slot : s.slots) line("fut_slot_drop(" + slot + ");");
  }

  /** The scope of slots that code written now may use, or null. */
  private SlotScope slots() {
    SlotScope s = slotScopes.peek();
    return s != null && s.inParallel == inParallel && !kernel ? s : null;
  }

  /**
   * The C call that allocates array {@code arr}, non-zero on failure; {@code args} are the other
   * arguments of {@code fut_alloc} (rank, shape, element size). Inside a scope of slots the site
   * gets a slot.
   */
  String alloc(String arr, String args) {
    SlotScope s = slots();
    if (s == null) return "fut_alloc(ctx, &" + arr + ", " + args + ")";
    String slot = fresh("slot");
    s.slots.add(slot);
    return "fut_alloc_slot(ctx, &" + slot + ", &" + arr + ", " + args + ")";
  }
}
