package io.github.futhark4j.compiler.diag;

/**
 * Every diagnostic code of the compiler, with a short title. Each code has a section in
 * {@code docs/errors.md} and an example program in {@code src/test/fut/errors} whose diagnostic is
 * pinned (checked by DiagnosticExamplesTest).
 *
 * <p>E00xx lexical, E01xx syntax and files, E02xx names and types, E03xx uniqueness and
 * consumption, E04xx entry points and modules.
 */
public enum DiagCode {
  E0001("malformed token"),
  E0101("unexpected token"),
  E0104("import not found"),
  E0105("import cycle"),
  E0201("unknown name"),
  E0202("type mismatch"),
  E0203("unknown type"),
  E0204("no such field"),
  E0205("wrong type arguments"),
  E0206("type outside an operation's class"),
  E0207("bad application"),
  E0208("literal out of bounds"),
  E0209("bad index"),
  E0210("name bound twice"),
  E0211("refutable pattern"),
  E0212("ambiguous type"),
  E0213("reserved operator"),
  E0214("no such constructor"),
  E0215("non-exhaustive match"),
  E0217("use of an underscore name"),
  E0220("sizes do not match"),
  E0221("causality"),
  E0222("ambiguous size"),
  E0223("unknowable size"),
  E0224("existential size in parameter"),
  E0225("unused size"),
  E0226("unused size parameter of a type"),
  E0227("scope violation"),
  E0228("occurs check"),
  E0229("size not used constructively"),
  E0230("lifted type where a non-lifted one is needed"),
  E0231("function returned from a branch or loop"),
  E0232("array of functions"),
  E0234("recursion restriction"),
  E0235("inaccessible size"),
  E0301("use after consumption"),
  E0302("consuming what is not consumable"),
  E0304("unique result aliased"),
  E0305("aliased unique components"),
  E0306("consuming higher-order argument"),
  E0307("result aliases a free variable"),
  E0308("self-aliased consuming argument"),
  E0309("consumption in a value of functional type"),
  E0310("loop parameter aliasing"),
  E0311("in-place update aliases its value"),
  E0401("polymorphic entry point"),
  E0402("higher-order entry point"),
  E0405("entry point in a module"),
  E0410("module does not match module type"),
  E0411("bad module type refinement"),
  E0412("bad module expression"),
  E0413("unknown module or module type");

  public final String title;

  DiagCode(String title) { this.title = title; }
}
