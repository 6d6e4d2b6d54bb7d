package io.github.futhark4j.compiler.types;

import io.github.futhark4j.compiler.typed.FunDef;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TExp;
import io.github.futhark4j.compiler.typed.TPat;
import io.github.futhark4j.compiler.typed.TProgram;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints a checked program in a Futhark-like concrete syntax with every name's tag, for tests,
 * golden files and debugging. Types are printed on binders and calls, not on every node.
 */
public final class TypedPrinter {
  private TypedPrinter() {}

  public static String print(TProgram p) {
    return p.decls().stream().map(TypedPrinter::print).collect(Collectors.joining("\n"));
  }

  public static String print(TDecl d) {
    String kw = d.isEntry() ? "entry" : "def";
    return kw + " " + d.name() + fun(d.fun()) + "\n";
  }

  private static String fun(FunDef f) {
    StringBuilder sb = new StringBuilder();
    for (String t : f.typeParams()) sb.append(" '").append(t);
    for (var s : f.sizeParams()) sb.append(" [").append(s).append(']');
    for (TPat p : f.params()) sb.append(" (").append(pat(p)).append(')');
    sb.append(" : ").append(f.returnType()).append(" =\n  ").append(exp(f.body()));
    return sb.toString();
  }

  public static String pat(TPat p) {
    return switch (p) {
      case TPat.Id id -> id.name() + ": " + id.type();
      case TPat.Wildcard w -> "_: " + w.type();
      case TPat.Record r -> r.fields().entrySet().stream().map(e -> e.getKey() + "=" + pat(e.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
      case TPat.Lit l -> l.value().toString();
      case TPat.Constr c -> "#" + c.name() + c.payload().stream().map(x -> " (" + pat(x) + ")").collect(Collectors.joining());
    };
  }

  public static String exp(TExp e) {
    return switch (e) {
      case TExp.Literal l -> l.value().toString();
      case TExp.Var v -> v.name().toString() + (v.typeArgs().isEmpty() ? "" : v.typeArgs().toString());
      case TExp.Intrinsic i -> "intrinsics." + i.name() + "<" + i.type() + ">";
      case TExp.ArrayLit a -> list(a.elements(), "[", "]");
      case TExp.RecordLit r -> r.fields().entrySet().stream().map(x -> x.getKey() + "=" + exp(x.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
      case TExp.Range r -> "(" + exp(r.start()) + (r.second() == null ? "" : ".." + exp(r.second())) + " "
          + r.kind() + " " + exp(r.end()) + ")";
      case TExp.Project p -> exp(p.record()) + "." + p.field();
      case TExp.Index i -> exp(i.array()) + idx(i.indices());
      case TExp.Update u -> "(" + exp(u.array()) + " with " + idx(u.indices()) + " = " + exp(u.value()) + ")";
      case TExp.RecordUpdate u -> "(" + exp(u.record()) + " with " + String.join(".", u.path()) + " = " + exp(u.value()) + ")";
      case TExp.Let l -> "let " + pat(l.pattern()) + " = " + exp(l.value()) + " in\n  " + exp(l.body());
      case TExp.LetFun l -> "let " + l.name() + fun(l.fun()) + " in\n  " + exp(l.body());
      case TExp.If i -> "(if " + exp(i.cond()) + " then " + exp(i.then()) + " else " + exp(i.otherwise()) + ")";
      case TExp.Loop l -> "(loop (" + pat(l.param()) + ") = " + exp(l.init()) + " " + form(l.form()) + " do " + exp(l.body()) + ")";
      case TExp.Apply a -> "(" + exp(a.function()) + a.args().stream().map(x -> " " + exp(x)).collect(Collectors.joining()) + ")";
      case TExp.Lambda l -> "(\\" + l.params().stream().map(p -> "(" + pat(p) + ")").collect(Collectors.joining(" "))
          + " -> " + exp(l.body()) + ")";
      case TExp.BinOp b -> "(" + exp(b.x()) + " " + b.op().symbol + "@" + b.operandType() + " " + exp(b.y()) + ")";
      case TExp.UnOp u -> u.op() + "(" + exp(u.x()) + ")";
      case TExp.Match m -> "(match " + exp(m.scrutinee()) + m.cases().stream().map(c -> " case " + pat(c.pattern()) + " -> " + exp(c.body()))
          .collect(Collectors.joining()) + ")";
      case TExp.Constr c -> "(#" + c.name() + c.payload().stream().map(x -> " " + exp(x)).collect(Collectors.joining()) + " : " + c.type() + ")";
      case TExp.Assert a -> "(assert " + exp(a.cond()) + " " + exp(a.body()) + ")";
      case TExp.Coerce c -> "(" + exp(c.body()) + " :> " + c.type() + ")";
      case TExp.Attr a -> "#[" + a.attribute() + "] " + exp(a.body());
    };
  }

  private static String form(TExp.LoopForm f) {
    return switch (f) {
      case TExp.LoopForm.For x -> "for " + x.index() + " < " + exp(x.bound());
      case TExp.LoopForm.ForIn x -> "for " + pat(x.element()) + " in " + exp(x.array());
      case TExp.LoopForm.While x -> "while " + exp(x.cond());
    };
  }

  private static String list(List<TExp> es, String open, String close) {
    return es.stream().map(TypedPrinter::exp).collect(Collectors.joining(", ", open, close));
  }

  private static String idx(List<TExp.DimIndex> is) {
    return is.stream().map(d -> switch (d) {
      case TExp.DimIndex.Fix f -> exp(f.index());
      case TExp.DimIndex.Slice s -> (s.start() == null ? "" : exp(s.start())) + ":" + (s.end() == null ? "" : exp(s.end()))
          + (s.stride() == null ? "" : ":" + exp(s.stride()));
    }).collect(Collectors.joining(", ", "[", "]"));
  }
}
