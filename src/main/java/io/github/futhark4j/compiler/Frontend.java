package io.github.futhark4j.compiler;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.diag.Diagnostic;
import io.github.futhark4j.compiler.diag.Diagnostics;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.syntax.Ast;
import io.github.futhark4j.compiler.syntax.Parser;
import io.github.futhark4j.compiler.typed.TProgram;
import io.github.futhark4j.compiler.types.Checker;
import io.github.futhark4j.compiler.types.Prelude;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The front end: parse the main source and the files it imports (relative to the importing file;
 * for an in-memory source, relative to the working directory), add the prelude, and type check.
 */
public final class Frontend {
  private Frontend() {}

  /** Parses and checks a program; user errors become a {@link CompileException}. */
  public static TProgram check(Source main) throws CompileException {
    return check(main, parse(main));
  }

  /** Parses the prelude, {@code main} and the files it imports, in the order they are checked. */
  public static List<Checker.Unit> parse(Source main) throws CompileException {
    List<Diagnostic> diags = new ArrayList<>();
    List<Checker.Unit> units = new ArrayList<>();
    units.add(Prelude.unit());
    load(main, true, units, diags, new HashSet<>(), new HashSet<>());
    if (!diags.isEmpty()) throw new CompileException(diags);
    return units;
  }

  /** Type checks the parsed {@code units} of {@link #parse}. */
  public static TProgram check(Source main, List<Checker.Unit> units) throws CompileException {
    List<Diagnostic> diags = new ArrayList<>();
    TProgram p = Checker.check(main, units, diags);
    if (!diags.isEmpty()) throw new CompileException(diags);
    return p;
  }

  private static void load(Source src, boolean isMain, List<Checker.Unit> units, List<Diagnostic> diags,
                           Set<Path> done, Set<Path> inProgress) {
    Ast.Program prog = Parser.parse(src, diags);
    Path base = src.path() != null && src.path().getParent() != null ? src.path().getParent() : Path.of("");
    List<Ast.Import> imports = new ArrayList<>();
    for (Ast.Decl d : prog.decls()) imports(d, imports);
    for (Ast.Import imp : imports) {
      Path file = base.resolve(imp.path() + ".fut").toAbsolutePath().normalize();
      if (inProgress.contains(file)) {
        diags.add(Diagnostics.importCycle(imp.span(), imp.path()));
        continue;
      }
      if (!done.add(file)) continue;
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        diags.add(Diagnostics.importNotFound(imp.span(), shownPath(base.resolve(imp.path() + ".fut").normalize())));
        continue;
      }
      inProgress.add(file);
      load(new Source(imp.path() + ".fut", text, file), false, units, diags, done, inProgress);
      inProgress.remove(file);
    }
    units.add(new Checker.Unit(src, prog, false, isMain));
  }

  /** A path as messages show it: relative to the working directory when inside it (as the user most likely gave it), else absolute. */
  private static String shownPath(Path p) {
    if (!p.isAbsolute()) return p.toString();
    try {
      Path r = Path.of("").toAbsolutePath().relativize(p);
      return r.startsWith("..") ? p.toString() : r.toString();
    } catch (IllegalArgumentException e) {
      return p.toString();
    }
  }

  /** Every file a declaration imports: {@code import}, and {@code import} module expressions anywhere in it. */
  private static void imports(Ast.Decl d, List<Ast.Import> out) {
    switch (d) {
      case Ast.Import i -> out.add(i);
      case Ast.Local l -> imports(l.decl(), out);
      case Ast.Open o -> imports(o.module(), out);
      case Ast.ModDecl m -> imports(m.body(), out);
      default -> { }
    }
  }

  private static void imports(Ast.ModExp m, List<Ast.Import> out) {
    switch (m) {
      case Ast.MImport i -> out.add(new Ast.Import(i.path(), i.span()));
      case Ast.MStruct s -> s.decls().forEach(d -> imports(d, out));
      case Ast.MApply a -> { imports(a.functor(), out); imports(a.arg(), out); }
      case Ast.MAscribe a -> imports(a.module(), out);
      case Ast.MLambda l -> imports(l.body(), out);
      default -> { }
    }
  }
}
