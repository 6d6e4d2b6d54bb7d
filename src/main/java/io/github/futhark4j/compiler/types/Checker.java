package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.syntax.Ast.*;
import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.typed.VName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The type checker's entry point: checks the declarations of the prelude, the imported files and
 * the main file in order, and assembles the {@link TProgram}: the program's own definitions plus
 * the prelude definitions they reach, in dependency order.
 */
public final class Checker extends ExpChecker {
  /** One parsed file, in the order it is to be checked (imports before importers). */
  public record Unit(Source source, Program program, boolean isPrelude, boolean isMain) {}

  private record Out(TDecl decl, boolean prelude, Set<VName> deps) {}

  private final List<Out> out = new ArrayList<>();

  /** A prelude definition not checked yet: prelude definitions are checked when first used. */
  private record Pending(Unit unit, ValDecl decl, String prefix) {}

  private final Map<String, Pending> pending = new HashMap<>();
  private final Map<String, TopB> preludeTop = new HashMap<>();
  private boolean inPrelude;

  private Checker(List<Diagnostic> diags) {
    super(diags);
  }

  /** Checks the units; errors are appended to {@code diags} (the result is then incomplete). */
  public static TProgram check(Source main, List<Unit> units, List<Diagnostic> diags) {
    Checker c = new Checker(diags);
    for (Unit u : units) c.decls(u, u.program().decls());
    return new TProgram(main, c.select());
  }

  /**
   * Checks every prelude definition (normally they are checked only when used) and returns the
   * definitions in dependency order; errors go to {@code diags}. For tests of the prelude itself.
   */
  public static List<TDecl> checkWholePrelude(List<Diagnostic> diags) {
    Checker c = new Checker(diags);
    Unit u = Prelude.unit();
    c.decls(u, u.program().decls());
    while (!c.pending.isEmpty()) c.global(c.pending.keySet().iterator().next());
    return c.out.stream().map(Out::decl).toList();
  }

  private void decls(Unit u, List<Decl> ds) {
    for (Decl d : ds) {
      switch (d) {
        case ValDecl v -> {
          if (u.isPrelude()) pending.put(modulePrefix + v.name(), new Pending(u, v, modulePrefix));
          else valDecl(u, v);
        }
        case TypeDecl t -> {
          if (!u.isPrelude()) checkAbbrevSizes(t);
          abbrevs.put(modulePrefix + t.name(), new Abbrev(t.name(), t.params(),
              modulePrefix.isEmpty() ? t.type() : qualifyTypeNames(t.type())));
        }
        case Import i -> { }
        case Local l -> {
          // Hidden outside its module; a top-level local definition stays visible (imports are
          // not separate namespaces here).
          if (!modulePrefix.isEmpty() && !u.isPrelude() && l.decl() instanceof ValDecl v) hidden.add(modulePrefix + v.name());
          decls(u, List.of(l.decl()));
        }
        case ModuleDecl m -> {
          String saved = modulePrefix;
          modules.add(saved + m.name());
          modulePrefix = saved + m.name() + ".";
          decls(u, m.decls());
          modulePrefix = saved;
        }
        case ModuleTypeDecl m -> { }
        case ModuleAlias m -> {
          String target = resolveModule(m.target());
          if (!isModule(target)) error(Diagnostics.unknownName(m.span(), m.target()));
          modules.add(modulePrefix + m.name());
          moduleAliases.put(modulePrefix + m.name(), target);
        }
        case ModuleFunctor m -> functors.put(modulePrefix + m.name(), m);
        case ModuleApply m -> applyFunctor(u, m);
        case Open o -> {
          String target = resolveModule(o.module());
          if (!isModule(target)) error(Diagnostics.unknownName(o.span(), o.module()));
          else opened.add(new Opened(modulePrefix, target));
        }
      }
    }
  }

  /**
   * "Sizes in type abbreviations": every size parameter must be used in the definition, and every
   * size the definition uses must be a parameter or an {@code i64} in scope.
   */
  private void checkAbbrevSizes(TypeDecl t) {
    Map<String, Span> used = SizeChecks.freeDims(t.type());
    for (TypeParam tp : t.params()) {
      if (tp.isSize() && !used.containsKey(tp.name())) {
        error(io.github.futhark4j.compiler.diag.SizeDiagnostics.unusedTypeSizeParam(tp.span(), tp.name(), t.name()));
      }
    }
    for (var e : used.entrySet()) {
      boolean param = t.params().stream().anyMatch(tp -> tp.isSize() && tp.name().equals(e.getKey()));
      if (!param && !(lookup(e.getKey()) instanceof TopB top && top.typeParams().isEmpty() && top.arity() == 0)) {
        error(Diagnostics.badSize(e.getValue(), e.getKey(), "is not in scope"));
      }
    }
  }

  /**
   * The names in a type declared inside a module, made valid outside it: siblings get the module's
   * prefix and parameters of a module being applied become the argument module ({@code N.t} is
   * {@code i32.t} in {@code stats i32}), as an abbreviation is expanded where it is used.
   */
  private TypeExp qualifyTypeNames(TypeExp te) {
    return switch (te) {
      case TName n -> {
        String name = n.name();
        if (!name.contains(".") && abbrevs.containsKey(modulePrefix + name)) name = modulePrefix + name;
        else if (name.contains(".")) name = resolveQualified(name);
        List<TypeArg> args = n.args().stream().map(a -> a instanceof TArgType at
            ? (TypeArg) new TArgType(qualifyTypeNames(at.type())) : a).toList();
        yield new TName(name, args, n.span());
      }
      case TArray a -> new TArray(a.dim(), qualifyTypeNames(a.elem()), a.span());
      case TTuple t -> new TTuple(t.elements().stream().map(this::qualifyTypeNames).toList(), t.span());
      case TRecord r -> new TRecord(r.names(), r.types().stream().map(this::qualifyTypeNames).toList(), r.span());
      case TSum s -> new TSum(s.names(), s.payloads().stream()
          .map(ps -> ps.stream().map(this::qualifyTypeNames).toList()).toList(), s.span());
      case TArrow a -> new TArrow(a.paramName(), qualifyTypeNames(a.param()), qualifyTypeNames(a.result()), a.span());
      case TUnique u -> new TUnique(qualifyTypeNames(u.type()), u.span());
      case TExist e -> new TExist(e.names(), qualifyTypeNames(e.type()), e.span());
    };
  }

  /** Parametric modules by qualified name; their bodies are checked anew at each application. */
  private final Map<String, ModuleFunctor> functors = new HashMap<>();

  /**
   * {@code module name = f a b}: f's declarations are checked as the body of a module {@code name},
   * with f's parameters standing for a and b (the module system is resolved by substitution).
   */
  private void applyFunctor(Unit u, ModuleApply m) {
    String fq = resolveModule(m.functor());
    ModuleFunctor f = functors.get(modulePrefix + fq);
    if (f == null) f = functors.get(fq);
    if (f == null || f.params().size() != m.args().size()) {
      error(f == null ? Diagnostics.unknownName(m.span(), m.functor())
          : Diagnostics.unsupported(m.span(), "A partially applied parametric module"));
      return;
    }
    Map<String, String> savedAliases = new HashMap<>();
    List<String> addedModules = new ArrayList<>();
    for (int i = 0; i < f.params().size(); i++) {
      String p = f.params().get(i);
      String target = resolveModule(m.args().get(i));
      if (!isModule(target)) error(Diagnostics.unknownName(m.span(), m.args().get(i)));
      savedAliases.put(p, moduleAliases.get(p));
      moduleAliases.put(p, target);
      if (modules.add(p)) addedModules.add(p);
    }
    int openedBefore = opened.size();
    String saved = modulePrefix;
    modules.add(saved + m.name());
    modulePrefix = saved + m.name() + ".";
    try {
      decls(u, f.decls());
    } finally {
      modulePrefix = saved;
      while (opened.size() > openedBefore) opened.remove(opened.size() - 1);
      savedAliases.forEach((k, v) -> {
        if (v == null) moduleAliases.remove(k);
        else moduleAliases.put(k, v);
      });
      modules.removeAll(addedModules);
    }
  }

  private void valDecl(Unit u, ValDecl d) {
    int errorsBefore = diags.size();
    String savedName = currentDefName;
    currentDefName = d.name();
    try {
      valDeclNamed(u, d, errorsBefore);
    } finally {
      currentDefName = savedName;
    }
  }

  private void valDeclNamed(Unit u, ValDecl d, int errorsBefore) {
    errorSpans.clear();
    currentDeps = new HashSet<>();
    consumed = new HashMap<>();
    List<String> typeParams = new ArrayList<>();
    for (TypeParam tp : d.typeParams()) if (!tp.isSize()) typeParams.add(tp.name());
    functionName = d.name();
    FunRes f = checkFunction(d.typeParams(), d.params(), d.returnType(), d.body(), true);
    int explicit = typeParams.size();
    AmbiguousSums.report(f.type(), d.span(), this::error);
    generalize(f.type(), typeParams);
    VName v = fresh(d.name());
    Set<String> lifted = new HashSet<>(typeParams.subList(explicit, typeParams.size()));
    for (TypeParam tp : d.typeParams()) if (tp.lifted()) lifted.add(tp.name());
    liftedParams.put(v, lifted);
    TopB top = new TopB(v, List.copyOf(typeParams), f.sizeParams(), f.type(), d.params().size(), d.returnType() instanceof TUnique);
    if (u.isPrelude()) {
      preludeTop.put(modulePrefix + d.name(), top);
      globals.putIfAbsent(modulePrefix + d.name(), top);
    } else {
      // A user definition shadows the prelude's for the user's code; the prelude keeps its own.
      globals.put(modulePrefix + d.name(), top);
    }
    if (d.isEntry() && !modulePrefix.isEmpty()) error(Diagnostics.entryInModule(d.nameSpan(), d.name()));
    boolean isEntry = u.isMain() && modulePrefix.isEmpty() && (d.isEntry() || d.name().equals("main"));
    try {
      FunDef fd = etaExpand(buildFunDef(List.copyOf(typeParams), f), d.span());
      defArity.put(v, fd.params().size());
      TDecl.EntryPoint ep = isEntry ? entryPoint(d, fd, f, diags.size() == errorsBefore) : null;
      out.add(new Out(new TDecl(v, fd, ep, d.span()), u.isPrelude(), currentDeps));
    } catch (Unifier.Ambiguous a) {
      error(Diagnostics.ambiguousType(d.span(), "a record field is projected from a value whose full type is not known at this point"
          + " (add a type annotation)"));
    } catch (RuntimeException e) {
      if (diags.size() == errorsBefore) throw e;
      // The definition had errors; building its checked form may fail and is not needed.
    }
  }

  /** Qualified names of {@code local} definitions of modules: visible only inside their module. */
  private final Set<String> hidden = new HashSet<>();

  @Override
  protected boolean userDefined(String q) {
    TopB g = globals.get(q);
    return !inPrelude && g != null && preludeTop.get(q) != g;
  }

  @Override
  protected TopB global(String q) {
    if (inPrelude) {
      TopB t = preludeTop.get(q);
      if (t != null) return t;
      return pending.containsKey(q) ? force(q) : null;
    }
    if (hidden.contains(q) && !(q.startsWith(modulePrefix) && !modulePrefix.isEmpty()
        && !q.substring(modulePrefix.length()).contains("."))) {
      return null; // a local definition of a module, used from outside it
    }
    TopB t = globals.get(q);
    if (t != null) return t;
    return pending.containsKey(q) ? force(q) : null;
  }

  /** Checks a prelude definition now, in a clean context, and returns it. */
  private TopB force(String q) {
    Pending p = pending.remove(q);
    Scope savedScope = scope;
    Map<String, Ty> savedT = typeParamScope;
    Map<VName, Span> savedConsumed = consumed;
    Set<VName> savedDeps = currentDeps;
    String savedPrefix = modulePrefix;
    boolean savedIn = inPrelude;
    int savedLevel = level;
    try {
      level = 0;
      scope = null;
      typeParamScope = new HashMap<>();
      modulePrefix = p.prefix();
      inPrelude = true;
      valDecl(p.unit(), p.decl());
    } finally {
      scope = savedScope;
      typeParamScope = savedT;
      consumed = savedConsumed;
      currentDeps = savedDeps;
      modulePrefix = savedPrefix;
      inPrelude = savedIn;
      level = savedLevel;
    }
    return preludeTop.get(q);
  }

  /** Unconstrained leftover type variables of a top-level definition become type parameters. */
  private void generalize(Ty t, List<String> typeParams) {
    Deque<Ty> work = new ArrayDeque<>();
    work.push(t);
    int k = 0;
    while (!work.isEmpty()) {
      Ty x = Unifier.resolve(work.pop());
      switch (x) {
        case Ty.Var v -> {
          if (v.prims == null && v.fields == null && v.constructors == null) {
            String name;
            do name = "t" + k++; while (typeParams.contains(name));
            typeParams.add(name);
            v.ref = new Ty.Param(name);
          }
        }
        case Ty.Arr a -> work.push(a.elem());
        case Ty.Rec r -> r.fields().values().forEach(work::push);
        case Ty.Sum s -> s.constructors().values().forEach(l -> l.forEach(work::push));
        case Ty.Fun fn -> {
          work.push(fn.result());
          work.push(fn.param());
        }
        default -> { }
      }
    }
  }

  /** A definition without parameters whose value is a function gets the function's parameters. */
  private FunDef etaExpand(FunDef fd, Span span) {
    if (!fd.params().isEmpty() || !(fd.returnType() instanceof Type.Arrow)) return fd;
    int n = arrows(fd.returnType());
    List<Type> types = peel(fd.returnType(), n);
    List<TPat> params = new ArrayList<>();
    List<TExp> args = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Type pt = ((Type.Arrow) types.get(i)).param();
      VName x = fresh("x");
      params.add(new TPat.Id(x, pt, span));
      args.add(new TExp.Var(x, pt, Map.of(), span));
    }
    TExp body = buildCall(calleeOf(fd.body()), args, types, span);
    return new FunDef(fd.typeParams(), fd.sizeParams(), params, types.get(n), body);
  }

  private TDecl.EntryPoint entryPoint(ValDecl d, FunDef fd, FunRes f, boolean report) {
    if (d.name().contains("'")) error(Diagnostics.entryName(d.nameSpan(), d.name()));
    if (!fd.typeParams().isEmpty() && report) error(Diagnostics.entryPolymorphic(d.nameSpan(), d.name()));
    List<TDecl.EntryType> params = new ArrayList<>();
    for (int i = 0; i < fd.params().size(); i++) {
      TPat p = fd.params().get(i);
      Pat src = i < d.params().size() ? d.params().get(i) : null;
      params.add(entryType(p.type(), src instanceof PAscribe a ? a.type() : null, d, true));
    }
    List<TDecl.EntryType> results = new ArrayList<>();
    Type ret = fd.returnType();
    TypeExp retSrc = fd.params().size() == d.params().size() ? d.returnType() : null;
    if (ret instanceof Type.Record r && r.isTuple() && !r.fields().isEmpty()) {
      int i = 0;
      for (Type t : r.fields().values()) {
        TypeExp part = retSrc instanceof TTuple tt && i < tt.elements().size() ? tt.elements().get(i) : null;
        results.add(entryType(t, part, d, false));
        i++;
      }
    } else {
      results.add(entryType(ret, retSrc, d, false));
    }
    return new TDecl.EntryPoint(d.name(), params, results);
  }

  private TDecl.EntryType entryType(Type t, TypeExp written, ValDecl d, boolean input) {
    if (FunctionalChecks.functional(t)) error(Diagnostics.entryHigherOrder(d.nameSpan(), d.name()));
    // Inputs are consumed when declared unique; outputs are unique only when declared so.
    boolean unique = input ? t instanceof Type.Array a && a.unique() : written instanceof TUnique;
    if (written instanceof TUnique u) written = u.type();
    String name = manifestName(t);
    if (name == null) name = writtenName(written);
    if (name == null) name = opaqueName(t);
    return new TDecl.EntryType(name, t, unique);
  }

  /** The name the programmer wrote for an opaque type: {@code point}, {@code []point}; else null. */
  private static String writtenName(TypeExp written) {
    String dims = "";
    while (written instanceof TArray a) {
      dims += "[]";
      written = a.elem();
    }
    if (written instanceof TUnique u) return writtenName(u.type());
    return written instanceof TName n && PrimType.byName(n.name()) == null ? dims + n.name() : null;
  }

  /** {@code i32}, {@code []f64}, {@code [][]u8}; null for an opaque type. */
  static String manifestName(Type t) {
    if (t instanceof Type.Prim p) return p.prim().futName();
    if (t instanceof Type.Array a && a.elem() instanceof Type.Prim p) return "[]".repeat(a.rank()) + p.prim().futName();
    return null;
  }

  /** The name of an opaque type nobody named: the type written out with sizes erased. */
  static String opaqueName(Type t) {
    return switch (t) {
      case Type.Prim p -> p.prim().futName();
      case Type.Array a -> "[]".repeat(a.rank()) + opaqueName(a.elem());
      case Type.Record r when r.isTuple() -> r.fields().values().stream().map(Checker::opaqueName)
          .collect(Collectors.joining(", ", "(", ")"));
      case Type.Record r -> r.fields().entrySet().stream().map(e -> e.getKey() + ": " + opaqueName(e.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
      default -> t.toString();
    };
  }

  /** The program's own definitions and the prelude definitions they use, in definition order. */
  private List<TDecl> select() {
    Map<VName, Out> byName = new LinkedHashMap<>();
    for (Out o : out) byName.put(o.decl().name(), o);
    Set<VName> keep = new HashSet<>();
    Deque<VName> work = new ArrayDeque<>();
    for (Out o : out) if (!o.prelude()) work.push(o.decl().name());
    while (!work.isEmpty()) {
      VName v = work.pop();
      if (!keep.add(v)) continue;
      Out o = byName.get(v);
      if (o != null) o.deps().forEach(work::push);
    }
    return out.stream().filter(o -> keep.contains(o.decl().name())).map(Out::decl).toList();
  }
}
