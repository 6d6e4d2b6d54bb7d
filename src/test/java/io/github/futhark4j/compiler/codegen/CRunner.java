package io.github.futhark4j.compiler.codegen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TProgram;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs entry points of a Futhark program through the generated C API: writes a C driver from the
 * manifest that builds the inputs from Futhark literals, calls the entries and prints each
 * output in Futhark's value syntax (or {@code ERR code message} on failure).
 */
public final class CRunner {
  private CRunner() {}

  public record Call(String entry, List<String> args) {}

  public static Call call(String entry, String... args) { return new Call(entry, Arrays.asList(args)); }

  public static List<String> run(String src, String backend, Call... calls) throws Exception {
    return run(Frontend.check(new Source("prog.fut", src)), backend, calls);
  }

  public static List<String> run(TProgram p, String backend, Call... calls) throws Exception {
    // "c+asan": the sequential backend with AddressSanitizer and UBSan, which also reports leaks
    // and double frees of reference-counted arrays at exit.
    boolean asan = backend.endsWith("+asan");
    backend = backend.replace("+asan", "");
    // "+native": the optimisation flags libraries are built with (toolchain.CCompiler).
    boolean nativeFlags = backend.endsWith("+native");
    backend = backend.replace("+native", "");
    // Every end-to-end program also runs the IR verifier after lowering and after each pass.
    Backend.optimised(p, true);
    JsonNode m = new ObjectMapper().readTree(Backend.generate(p, backend, "prog").manifestJson());
    StringBuilder d = new StringBuilder();
    int k = 0;
    for (Call c : calls) {
      JsonNode ep = m.get("entry_points").get(c.entry());
      if (ep == null) throw new IllegalArgumentException("no entry " + c.entry());
      d.append("  { /* call ").append(k).append(" */\n");
      List<String> ins = new ArrayList<>(), frees = new ArrayList<>();
      for (int i = 0; i < c.args().size(); i++) {
        String ty = ep.get("inputs").get(i).get("type").asText();
        String v = "in" + k + "_" + i;
        if (ty.startsWith("[")) {
          int rank = ty.lastIndexOf(']') / 2 + 1;
          String elem = ty.substring(2 * rank);
          List<Long> shape = new ArrayList<>();
          List<String> flat = new ArrayList<>();
          parse(c.args().get(i).replace(" ", ""), 0, 0, shape, flat);
          while (shape.size() < rank) shape.add(0L);
          String ct = ctype(elem);
          d.append("    ").append(ct).append(" ").append(v).append("_d[] = {").append(flat.isEmpty() ? "0" : String.join(", ", flat)).append("};\n");
          StringBuilder dims = new StringBuilder();
          for (long s : shape) dims.append(", ").append(s);
          String suf = elem + "_" + rank + "d";
          d.append("    struct futhark_").append(suf).append(" *").append(v).append(" = futhark_new_").append(suf)
              .append("(ctx, ").append(v).append("_d").append(dims).append(");\n");
          ins.add(v);
          frees.add("futhark_free_" + suf + "(ctx, " + v + ");");
        } else {
          ins.add(c.args().get(i));
        }
      }
      List<String> outs = new ArrayList<>(), printers = new ArrayList<>();
      JsonNode os = ep.get("outputs");
      for (int i = 0; i < os.size(); i++) {
        String ty = os.get(i).get("type").asText();
        String v = "out" + k + "_" + i;
        if (ty.startsWith("[")) {
          int rank = ty.lastIndexOf(']') / 2 + 1;
          String elem = ty.substring(2 * rank);
          String suf = elem + "_" + rank + "d";
          d.append("    struct futhark_").append(suf).append(" *").append(v).append(" = NULL;\n");
          outs.add("&" + v);
          printers.add("{ const int64_t *sh = futhark_shape_" + suf + "(ctx, " + v + "); int64_t n = 1; for (int q = 0; q < " + rank
              + "; q++) n *= sh[q]; " + ctype(elem) + " *buf = malloc(n * sizeof(" + ctype(elem) + ") + 1); futhark_values_" + suf
              + "(ctx, " + v + ", buf); int64_t idx[8] = {0}; (void)idx; printarr_" + elem + "(buf, sh, " + rank
              + "); free(buf); futhark_free_" + suf + "(ctx, " + v + "); }");
        } else {
          d.append("    ").append(ctype(ty)).append(" ").append(v).append(";\n");
          outs.add("&" + v);
          printers.add("pr_" + ty + "(" + v + ");");
        }
      }
      List<String> args = new ArrayList<>(outs);
      args.addAll(ins);
      d.append("    int r = futhark_entry_").append(c.entry()).append("(ctx").append(args.isEmpty() ? "" : ", " + String.join(", ", args)).append(");\n");
      d.append("    if (r) { char *e = futhark_context_get_error(ctx); printf(\"ERR %d %s\", r, e); free(e); printf(\"\\n#\\n\"); }\n");
      d.append("    else {\n");
      for (int i = 0; i < printers.size(); i++) {
        d.append("      ").append(printers.get(i)).append('\n');
        d.append("      printf(\"").append(i + 1 < printers.size() ? " " : "\\n#\\n").append("\");\n");
      }
      d.append("    }\n");
      for (String f : frees) d.append("    ").append(f).append('\n');
      d.append("  }\n");
      k++;
    }
    StringBuilder helpers = new StringBuilder();
    for (String t : List.of("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "bool", "f16")) {
      String ct = ctype(t);
      String fmt = switch (t) {
        case "f32", "f64" -> "printf(\"%.10g" + t + "\", (double)x)";
        case "f16" -> "printf(\"0x%04x\", (unsigned)x)";
        case "bool" -> "printf(\"%s\", x ? \"true\" : \"false\")";
        case "u8", "u16", "u32", "u64" -> "printf(\"%llu" + t + "\", (unsigned long long)x)";
        default -> "printf(\"%lld" + t + "\", (long long)x)";
      };
      helpers.append("static void pr_").append(t).append("(").append(ct).append(" x) { ").append(fmt).append("; }\n");
      helpers.append("static void printarr_").append(t).append("(").append(ct).append(" *b, const int64_t *sh, int rank) {\n")
          .append("  if (rank == 1) { printf(\"[\"); for (int64_t i = 0; i < sh[0]; i++) { if (i) printf(\", \"); pr_").append(t)
          .append("(b[i]); } printf(\"]\"); return; }\n")
          .append("  int64_t row = 1; for (int q = 1; q < rank; q++) row *= sh[q];\n")
          .append("  printf(\"[\"); for (int64_t i = 0; i < sh[0]; i++) { if (i) printf(\", \"); printarr_").append(t)
          .append("(b + i * row, sh + 1, rank - 1); } printf(\"]\");\n}\n");
    }
    String driver = helpers + CHarness.main(d.toString());
    CHarness.Run r = CHarness.run(p, backend, driver, asan
        ? List.of("-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined")
        : nativeFlags ? List.of("-O3", "-march=native", "-fno-math-errno") : List.of("-O1"));
    if (asan && r.exit() != 0) throw new AssertionError("sanitizer failure:\n" + r.out());
    List<String> res = new ArrayList<>();
    for (String s : r.out().split("\n#\n", -1)) if (!s.isEmpty()) res.add(s);
    if (res.size() != calls.length) throw new AssertionError("driver output: " + r.out() + " (exit " + r.exit() + ")");
    return res;
  }

  static String ctype(String elem) {
    return switch (elem) {
      case "i8" -> "int8_t";
      case "i16" -> "int16_t";
      case "i32" -> "int32_t";
      case "i64" -> "int64_t";
      case "u8" -> "uint8_t";
      case "u16", "f16" -> "uint16_t";
      case "u32" -> "uint32_t";
      case "u64" -> "uint64_t";
      case "f32" -> "float";
      case "f64" -> "double";
      case "bool" -> "bool";
      default -> throw new IllegalArgumentException(elem);
    };
  }

  /** Parses a nested array literal into its shape and row-major elements. */
  private static int parse(String s, int pos, int depth, List<Long> shape, List<String> flat) {
    if (s.charAt(pos) != '[') {
      int end = pos;
      while (end < s.length() && s.charAt(end) != ',' && s.charAt(end) != ']') end++;
      flat.add(s.substring(pos, end));
      return end;
    }
    pos++;
    long count = 0;
    while (shape.size() <= depth) shape.add(0L);
    if (s.charAt(pos) == ']') return pos + 1;
    while (true) {
      pos = parse(s, pos, depth + 1, shape, flat);
      count++;
      if (s.charAt(pos) == ',') { pos++; continue; }
      if (s.charAt(pos) == ']') { pos++; break; }
      throw new IllegalArgumentException("bad literal at " + pos + ": " + s);
    }
    shape.set(depth, count);
    return pos;
  }
}
