package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.Program;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TProgram;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The type checker's entry point. It wires the checkers together around one {@link TcState}:
 *
 * <ul>
 *   <li>{@link Modules}: files, structures, module types, parametric modules;</li>
 *   <li>{@link Defs}: value definitions, generalisation, entry points, intrinsics;</li>
 *   <li>{@link Terms}: expressions; {@link Pats}: patterns; {@link TypeConv}: type expressions;</li>
 *   <li>{@link Unify}: unification; {@link Zonk}: checked types;</li>
 *   <li>{@link Consumption}: uniqueness and aliasing, on each checked definition.</li>
 * </ul>
 *
 * Files are checked in the order given (the prelude, then imports before importers); the result
 * holds every definition the program's entry points may reach.
 */
public final class Checker {
  /** One parsed file, in the order it is to be checked (imports before importers). */
  public record Unit(Source source, Program program, boolean isPrelude, boolean isMain) {}

  /** The file a declaration is in. */
  record FileCtx(Source source, boolean prelude, boolean main) {
    Path dir() {
      return source.path() != null && source.path().getParent() != null ? source.path().getParent() : Path.of("");
    }
  }

  private final TcState st;
  private final Defs defs;
  private final Modules modules;
  private final Consumption consumption;
  private final Map<Path, Env> files = new HashMap<>();
  private Env preludeEnv;

  private Checker(List<Diagnostic> diags) {
    st = new TcState(diags);
    Unify u = new Unify(st);
    Zonk zonk = new Zonk(st);
    TypeConv types = new TypeConv(st);
    Pats pats = new Pats(st, u, types, zonk);
    defs = new Defs(st, u, types, pats, zonk);
    Terms terms = new Terms(st, u, types, pats, zonk);
    types.setTerms(terms);
    pats.setTerms(terms);
    terms.setDefs(defs);
    defs.setTerms(terms);
    consumption = new Consumption(st);
    defs.setConsumption(consumption);
    modules = new Modules(st, u, types, defs, this);
  }

  /** Checks the units; errors are appended to {@code diags} (the result is then incomplete). */
  public static TProgram check(Source main, List<Unit> units, List<Diagnostic> diags) {
    Checker c = new Checker(diags);
    for (Unit u : units) c.file(u);
    c.defs.drain();
    // Warnings are reported with errors (a test of an error may expect a warning's words).
    if (!diags.isEmpty()) diags.addAll(c.st.warnings);
    return new TProgram(main, dependencyOrder(c.st.out));
  }

  /**
   * Checks every prelude definition (normally they are checked only when used) and returns the
   * definitions; errors go to {@code diags}. For tests of the prelude itself.
   */
  public static List<TDecl> checkWholePrelude(List<Diagnostic> diags) {
    Checker c = new Checker(diags);
    c.file(Prelude.unit());
    for (int i = 0; i < c.st.lazies.size(); i++) c.st.lazies.get(i).force();
    c.st.demanded.addAll(c.st.pending.keySet());
    c.defs.drain();
    return dependencyOrder(c.st.out);
  }

  /** The declarations with each one after those it refers to (prelude definitions are checked when first used, so later). */
  static List<TDecl> dependencyOrder(List<TDecl> decls) {
    Map<io.github.futhark4j.compiler.typed.VName, TDecl> byName = new java.util.LinkedHashMap<>();
    for (TDecl d : decls) byName.put(d.name(), d);
    java.util.LinkedHashSet<io.github.futhark4j.compiler.typed.VName> done = new java.util.LinkedHashSet<>();
    java.util.Set<io.github.futhark4j.compiler.typed.VName> visiting = new java.util.HashSet<>();
    for (TDecl d : decls) visit(d, byName, done, visiting);
    return done.stream().map(byName::get).toList();
  }

  private static void visit(TDecl d, Map<io.github.futhark4j.compiler.typed.VName, TDecl> byName,
                            java.util.Set<io.github.futhark4j.compiler.typed.VName> done,
                            java.util.Set<io.github.futhark4j.compiler.typed.VName> visiting) {
    if (done.contains(d.name()) || !visiting.add(d.name())) return;
    for (var r : io.github.futhark4j.compiler.typed.FreeNames.of(d.fun().body())) {
      TDecl dep = byName.get(r);
      if (dep != null) visit(dep, byName, done, visiting);
    }
    done.add(d.name());
  }

  private void file(Unit unit) {
    FileCtx f = new FileCtx(unit.source(), unit.isPrelude(), unit.isMain());
    Env env = new Env(unit.isPrelude() ? null : preludeEnv);
    if (unit.isPrelude()) {
      // The module types, then the numeric modules (checked when a program first names one, in
      // the environment they have in the text), then the array functions.
      List<io.github.futhark4j.compiler.syntax.Ast.Decl> ds = unit.program().decls();
      int head = Prelude.headSize();
      modules.decls(ds.subList(0, head), env, f, true);
      Env before = env.snapshot();
      for (Prelude.Module m : Prelude.modules()) {
        env.terms.put(m.name(), modules.lazy(() -> modules.preludeModule(m.decl(), before, f)));
      }
      modules.decls(ds.subList(head, ds.size()), env, f, true);
    } else {
      modules.decls(unit.program().decls(), env, f, true);
    }
    if (unit.isPrelude()) preludeEnv = env.exports();
    Path p = unit.source().path();
    if (p != null) files.put(p.toAbsolutePath().normalize(), env.exports());
  }

  /** The names a file exports, for {@code import "path"} in {@code from}; null (after an error) if unknown. */
  Env importEnv(String path, FileCtx from, Span span) {
    Path file = from.dir().resolve(path + ".fut").toAbsolutePath().normalize();
    Env e = files.get(file);
    if (e == null) st.error(Diagnostics.unknownImport(span, path));
    return e;
  }
}
