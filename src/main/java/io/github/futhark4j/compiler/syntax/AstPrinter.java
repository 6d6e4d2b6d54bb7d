package io.github.futhark4j.compiler.syntax;

import io.github.futhark4j.compiler.syntax.Ast.*;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints the parsed tree as fully parenthesised S-expressions, so tests can state how something
 * parsed (precedence, associativity, sugar) in one line.
 */
public final class AstPrinter {
  private AstPrinter() {}

  public static String exp(Exp e) {
    return switch (e) {
      case IntLit l -> l.value() + (l.suffix() == null ? "" : l.suffix().futName());
      case FloatLit l -> l.value() + (l.suffix() == null ? "" : l.suffix().futName());
      case BoolLit l -> Boolean.toString(l.value());
      case StringLit s -> '"' + s.value() + '"';
      case Var v -> v.full();
      case Project p -> "(. " + exp(p.record()) + " " + p.field() + ")";
      case TupleLit t -> "(tuple" + all(t.elements()) + ")";
      case RecordLit r -> "(record" + r.fields().stream().map(f -> " " + f.name() + (f.value() == null ? "" : "=" + exp(f.value())))
          .collect(Collectors.joining()) + ")";
      case ArrayLit a -> "(array" + all(a.elements()) + ")";
      case Range r -> "(range " + exp(r.start()) + (r.second() == null ? "" : " " + exp(r.second())) + " " + r.kind() + " " + exp(r.end()) + ")";
      case Index i -> "(index " + exp(i.array()) + " " + idx(i.indices()) + ")";
      case BinOp b -> "(" + b.op().full() + " " + exp(b.left()) + " " + exp(b.right()) + ")";
      case Apply a -> "(apply " + exp(a.function()) + " " + exp(a.arg()) + ")";
      case Negate n -> "(neg " + exp(n.exp()) + ")";
      case Not n -> "(not " + exp(n.exp()) + ")";
      case Constr c -> "(#" + c.name() + all(c.payload()) + ")";
      case Ascribe a -> "(: " + exp(a.exp()) + " " + type(a.type()) + ")";
      case Coerce c -> "(:> " + exp(c.exp()) + " " + type(c.type()) + ")";
      case If i -> "(if " + exp(i.cond()) + " " + exp(i.then()) + " " + exp(i.otherwise()) + ")";
      case LetPat l -> "(let " + (l.sizes().isEmpty() ? "" : l.sizes().stream().map(TypeParam::name).toList() + " ") + pat(l.pattern()) + " " + exp(l.value()) + " " + exp(l.body()) + ")";
      case LetFun l -> "(letfun " + l.name() + l.params().stream().map(p -> " " + pat(p)).collect(Collectors.joining())
          + " " + exp(l.value()) + " " + exp(l.body()) + ")";
      case LetUpdate l -> "(letupd " + l.name() + " " + idx(l.indices()) + " " + exp(l.value()) + " " + exp(l.body()) + ")";
      case Lambda l -> "(fn" + l.params().stream().map(p -> " " + pat(p)).collect(Collectors.joining()) + " " + exp(l.body()) + ")";
      case OpSection s -> "(section " + s.op().full() + ")";
      case LeftSection s -> "(section " + exp(s.left()) + " " + s.op().full() + ")";
      case RightSection s -> "(section " + s.op().full() + " " + exp(s.right()) + ")";
      case ProjectSection s -> "(section ." + String.join(".", s.fields()) + ")";
      case IndexSection s -> "(section ." + idx(s.indices()) + ")";
      case Loop l -> "(loop " + pat(l.param()) + " " + (l.init() == null ? "_" : exp(l.init())) + " " + form(l.form()) + " " + exp(l.body()) + ")";
      case Attr a -> "(#[" + a.attribute() + "] " + exp(a.exp()) + ")";
      case Assert a -> "(assert " + exp(a.cond()) + " " + exp(a.body()) + ")";
      case Update u -> "(with " + exp(u.array()) + " " + idx(u.indices()) + " " + exp(u.value()) + ")";
      case RecordUpdate u -> "(with " + exp(u.record()) + " " + String.join(".", u.path()) + " " + exp(u.value()) + ")";
      case Match m -> "(match " + exp(m.scrutinee()) + m.cases().stream().map(c -> " (case " + pat(c.pattern()) + " " + exp(c.body()) + ")")
          .collect(Collectors.joining()) + ")";
      case LocalOpen o -> "(open " + o.module() + " " + exp(o.exp()) + ")";
      case Hole h -> "???";
    };
  }

  private static String form(LoopForm f) {
    return switch (f) {
      case For x -> "(for " + x.index() + " " + exp(x.bound()) + ")";
      case ForIn x -> "(for-in " + pat(x.element()) + " " + exp(x.array()) + ")";
      case While x -> "(while " + exp(x.cond()) + ")";
    };
  }

  private static String all(List<Exp> es) {
    return es.stream().map(x -> " " + exp(x)).collect(Collectors.joining());
  }

  private static String idx(List<DimIndex> is) {
    return is.stream().map(d -> switch (d) {
      case Fix f -> exp(f.index());
      case Slice s -> (s.start() == null ? "" : exp(s.start())) + ":" + (s.end() == null ? "" : exp(s.end()))
          + (s.stride() == null ? "" : ":" + exp(s.stride()));
    }).collect(Collectors.joining(", ", "[", "]"));
  }

  public static String pat(Pat p) {
    return switch (p) {
      case PId id -> id.name();
      case PWild w -> "_";
      case PTuple t -> "(ptuple" + t.elements().stream().map(x -> " " + pat(x)).collect(Collectors.joining()) + ")";
      case PRecord r -> "(precord" + r.fields().stream().map(f -> " " + f.name() + "=" + pat(f.pattern())).collect(Collectors.joining()) + ")";
      case PLit l -> exp(l.literal());
      case PConstr c -> "(#" + c.name() + c.payload().stream().map(x -> " " + pat(x)).collect(Collectors.joining()) + ")";
      case PAscribe a -> "(: " + pat(a.pattern()) + " " + type(a.type()) + ")";
      case PAttr a -> "(#[" + a.attribute() + "] " + pat(a.pattern()) + ")";
    };
  }

  public static String type(TypeExp t) {
    return switch (t) {
      case TName n -> n.args().isEmpty() ? n.name() : "(" + n.name() + n.args().stream().map(a -> " " + switch (a) {
        case TArgType x -> type(x.type());
        case TArgDim d -> "[" + dim(d.dim()) + "]";
      }).collect(Collectors.joining()) + ")";
      case TArray a -> "[" + dim(a.dim()) + "]" + type(a.elem());
      case TTuple tu -> "(" + tu.elements().stream().map(AstPrinter::type).collect(Collectors.joining(", ")) + ")";
      case TRecord r -> {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < r.names().size(); i++) sb.append(i == 0 ? "" : ", ").append(r.names().get(i)).append(": ").append(type(r.types().get(i)));
        yield sb.append('}').toString();
      }
      case TSum s -> {
        StringBuilder sb = new StringBuilder("(sum");
        for (int i = 0; i < s.names().size(); i++) {
          sb.append(" #").append(s.names().get(i));
          for (TypeExp x : s.payloads().get(i)) sb.append(' ').append(type(x));
        }
        yield sb.append(')').toString();
      }
      case TArrow a -> "(-> " + (a.paramName() == null ? "" : a.paramName() + ": ") + type(a.param()) + " " + type(a.result()) + ")";
      case TUnique u -> "*" + type(u.type());
      case TExist e -> "?" + e.names() + "." + type(e.type());
    };
  }

  private static String dim(Dim d) {
    return switch (d) {
      case DimExp e -> exp(e.exp());
      case DimAnon a -> "";
    };
  }
}
