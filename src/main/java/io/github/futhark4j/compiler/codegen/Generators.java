package io.github.futhark4j.compiler.codegen;

/**
 * The code generators of one C function, wired together around its one {@link CgState} (as the
 * type checker's {@code Checker} wires its checkers around one {@code TcState}):
 *
 * <ul>
 *   <li>{@link CGen}: bodies, statements and ownership (reference counts);</li>
 *   <li>{@link CSoac}: the SOACs, OpenMP loops at the outermost level;</li>
 *   <li>{@link CGroup}: filter and partition;</li>
 *   <li>{@link CInterchange}: interchanged maps of redomaps (matrix multiplication);</li>
 *   <li>{@link CLanes}: lane-masked maps of while loops;</li>
 *   <li>{@link CKernel}: maps run as device kernels (the opencl backend).</li>
 * </ul>
 *
 * Each generator is handed the state and the generators it calls, here and nowhere else; none
 * keeps mutable state of its own. A set is made per entry point ({@link #forEntry}), per version of
 * a function ({@link CFunctions}) and per helper function ({@link #of} of {@link CgState#helper}).
 */
final class Generators {
  final CgState st;
  final CGen gen;
  final CSoac soac;
  final CGroup group;
  final CInterchange interchange;
  final CLanes lanes;
  final CKernel kernel;

  private Generators(CgState st) {
    this.st = st;
    gen = new CGen(st);
    interchange = new CInterchange(st, gen);
    lanes = new CLanes(st, gen);
    kernel = new CKernel(st, gen);
    soac = new CSoac(st, gen, interchange, lanes, kernel);
    group = new CGroup(st, gen, soac);
    gen.setSoac(soac);
    soac.setGroup(group);
  }

  /** The generators of the function whose state is {@code st}. */
  static Generators of(CgState st) { return new Generators(st); }

  /** The generators of entry point {@code name}'s body, with a state of its own. */
  static Generators forEntry(boolean multicore, String name, CFunctions functions) {
    return of(CgState.forEntry(multicore, name, functions));
  }
}
