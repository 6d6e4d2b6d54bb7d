package io.github.futhark4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the deterministic {@code input { ... } output { ... }} cases of the {@code -- ==} blocks in
 * {@code bench/fut/*.fut} (not the {@code random input} ones), for the tests that check the Java and
 * C baselines against them. Understands just the value syntax those files use: suffixed numbers,
 * nested array literals and {@code empty([0]t)}.
 */
final class FutCases {
  private FutCases() {}

  /** One case: input values and expected output values, as {@link Flat}-able Java values. */
  record Case(List<Object> input, List<Object> output) {}

  static List<Case> read(Path fut) throws IOException {
    StringBuilder block = new StringBuilder();
    for (String line : Files.readAllLines(fut)) {
      if (!line.startsWith("--")) break;
      block.append(line.substring(2)).append('\n');
    }
    String text = block.toString();
    List<Case> cases = new ArrayList<>();
    int at = 0;
    while (true) {
      int in = text.indexOf("input {", at);
      if (in < 0) break;
      boolean random = text.lastIndexOf("random", in) > text.lastIndexOf('\n', in);
      int inEnd = text.indexOf('}', in);
      at = inEnd + 1;
      if (random) continue;
      int out = text.indexOf("output {", at);
      int nextIn = text.indexOf("input {", at);
      if (out < 0 || (nextIn >= 0 && nextIn < out)) continue; // a benchmark case without output
      int outEnd = text.indexOf('}', out);
      cases.add(new Case(values(text.substring(in + 7, inEnd)), values(text.substring(out + 8, outEnd))));
      at = outEnd + 1;
    }
    return cases;
  }

  /** The values of a block, in order. */
  static List<Object> values(String s) {
    Parser p = new Parser(s);
    List<Object> out = new ArrayList<>();
    while (p.skip() < s.length()) out.add(p.value());
    return out;
  }

  private static final class Parser {
    private final String s;
    private int i;

    Parser(String s) {
      this.s = s;
    }

    int skip() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
      return i;
    }

    Object value() {
      skip();
      if (s.startsWith("empty(", i)) {
        int close = s.indexOf(')', i);
        String t = s.substring(i + 6, close);
        i = close + 1;
        return switch (t.substring(t.lastIndexOf(']') + 1)) {
          case "f64" -> new double[0];
          case "f32" -> new float[0];
          case "i64" -> new long[0];
          case "i32" -> new int[0];
          default -> throw new IllegalArgumentException("empty of " + t);
        };
      }
      if (s.charAt(i) == '[') {
        i++;
        List<Object> elems = new ArrayList<>();
        while (skip() < s.length() && s.charAt(i) != ']') {
          elems.add(value());
          skip();
          if (s.charAt(i) == ',') i++;
        }
        i++;
        return array(elems);
      }
      int start = i;
      while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && ",]".indexOf(s.charAt(i)) < 0) i++;
      return scalar(s.substring(start, i));
    }

    private static Object scalar(String tok) {
      if (tok.endsWith("f64")) return Double.parseDouble(tok.substring(0, tok.length() - 3));
      if (tok.endsWith("f32")) return Float.parseFloat(tok.substring(0, tok.length() - 3));
      if (tok.endsWith("i64")) return Long.parseLong(tok.substring(0, tok.length() - 3));
      if (tok.endsWith("i32")) return Integer.parseInt(tok.substring(0, tok.length() - 3));
      if (tok.contains(".")) return Double.parseDouble(tok);
      return Integer.parseInt(tok);
    }

    private static Object array(List<Object> elems) {
      if (elems.isEmpty()) throw new IllegalArgumentException("use empty(...) for empty arrays");
      Object first = elems.get(0);
      int n = elems.size();
      switch (first) {
        case Double d -> { double[] a = new double[n]; for (int k = 0; k < n; k++) a[k] = (Double) elems.get(k); return a; }
        case Float f -> { float[] a = new float[n]; for (int k = 0; k < n; k++) a[k] = (Float) elems.get(k); return a; }
        case Long l -> { long[] a = new long[n]; for (int k = 0; k < n; k++) a[k] = (Long) elems.get(k); return a; }
        case Integer x -> { int[] a = new int[n]; for (int k = 0; k < n; k++) a[k] = (Integer) elems.get(k); return a; }
        default -> {
          Object a = java.lang.reflect.Array.newInstance(first.getClass(), n);
          for (int k = 0; k < n; k++) java.lang.reflect.Array.set(a, k, elems.get(k));
          return a;
        }
      }
    }
  }
}
