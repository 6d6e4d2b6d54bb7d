package io.github.futhark4j.json;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON (RFC 8259) reader and writer for the documents Futhark4J reads and writes itself:
 * library manifests, benchmark reports and the C baselines' output.
 *
 * <p>Why not a JSON library: loading one costs a fresh JVM a few hundred classes and, measured on
 * the 2-core development machine, about 150 ms before the first manifest is read, which is most of
 * the time an {@code eval} of a source already in the disk cache would otherwise take. These
 * documents are small and their trees are plain maps and lists.
 *
 * <p>The tree: a JSON object is a {@code Map<String, Object>} in document order, an array a
 * {@code List<Object>}, a string a {@link String}, {@code true}/{@code false} a {@link Boolean},
 * {@code null} is {@code null}, and a number a {@link Long} when it is an integer that fits, a
 * {@link BigInteger} when it is a larger integer, and a {@link Double} otherwise.
 */
public final class Json {
  private Json() {}

  /** Malformed JSON, with the offset of the problem. */
  public static final class JsonException extends Exception {
    private static final long serialVersionUID = 1L;

    JsonException(String message) { super(message); }
  }

  /**
   * Parses one JSON value (surrounding white space allowed).
   *
   * @throws JsonException if {@code text} is not exactly one JSON value
   */
  public static Object parse(String text) throws JsonException {
    Reader r = new Reader(text);
    r.space();
    Object v = r.value(0);
    r.space();
    if (r.pos != text.length()) throw r.error("unexpected text after the JSON value");
    return v;
  }

  /**
   * Writes a tree as indented JSON, two spaces per object level, arrays on one line:
   * {@code {"a" : [ 1, 2 ]}} over several lines, as Jackson's default pretty printer writes it.
   * Accepts maps (string keys), lists, strings, numbers, booleans, {@code null} and records (an
   * object of their components in declaration order); a non-finite float is written as {@code null}.
   *
   * @throws IllegalArgumentException for any other kind of value
   */
  public static String pretty(Object tree) {
    StringBuilder sb = new StringBuilder();
    write(sb, tree, 0);
    return sb.toString();
  }

  private static void write(StringBuilder sb, Object v, int level) {
    switch (v) {
      case null -> sb.append("null");
      case String s -> quote(sb, s);
      case Boolean b -> sb.append(b);
      case Double d -> sb.append(d.isNaN() || d.isInfinite() ? "null" : d.toString());
      case Float f -> sb.append(f.isNaN() || f.isInfinite() ? "null" : f.toString());
      case Number n -> sb.append(n);
      case Map<?, ?> m -> {
        if (m.isEmpty()) {
          sb.append("{ }");
          return;
        }
        sb.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : m.entrySet()) {
          if (!(e.getKey() instanceof String key)) throw new IllegalArgumentException("JSON object keys must be strings: " + e.getKey());
          sb.append(first ? "\n" : ",\n");
          first = false;
          sb.append("  ".repeat(level + 1));
          quote(sb, key);
          sb.append(" : ");
          write(sb, e.getValue(), level + 1);
        }
        sb.append('\n').append("  ".repeat(level)).append('}');
      }
      case List<?> l -> {
        if (l.isEmpty()) {
          sb.append("[ ]");
          return;
        }
        sb.append("[ ");
        for (int i = 0; i < l.size(); i++) {
          if (i > 0) sb.append(", ");
          write(sb, l.get(i), level);
        }
        sb.append(" ]");
      }
      case Record r -> {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (java.lang.reflect.RecordComponent c : r.getClass().getRecordComponents()) {
          try {
            java.lang.reflect.Method m = c.getAccessor();
            m.setAccessible(true);
            fields.put(c.getName(), m.invoke(r));
          } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read " + r.getClass().getName() + "." + c.getName(), e);
          }
        }
        write(sb, fields, level);
      }
      default -> throw new IllegalArgumentException("not a JSON value: " + v.getClass().getName());
    }
  }

  private static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20) sb.append(String.format("\\u%04X", (int) c));
          else sb.append(c);
        }
      }
    }
    sb.append('"');
  }

  /** Nesting deeper than this is rejected instead of recursing further. */
  private static final int MAX_DEPTH = 512;

  private static final class Reader {
    final String s;
    int pos;

    Reader(String s) { this.s = s; }

    JsonException error(String what) {
      return new JsonException("malformed JSON at offset " + pos + ": " + what);
    }

    void space() {
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        pos++;
      }
    }

    Object value(int depth) throws JsonException {
      if (depth > MAX_DEPTH) throw error("nested more than " + MAX_DEPTH + " levels deep");
      if (pos >= s.length()) throw error("a value is missing");
      char c = s.charAt(pos);
      return switch (c) {
        case '{' -> object(depth);
        case '[' -> array(depth);
        case '"' -> string();
        case 't' -> word("true", Boolean.TRUE);
        case 'f' -> word("false", Boolean.FALSE);
        case 'n' -> word("null", null);
        default -> {
          if (c == '-' || (c >= '0' && c <= '9')) yield number();
          throw error("unexpected character '" + c + "'");
        }
      };
    }

    Object word(String w, Object v) throws JsonException {
      if (!s.startsWith(w, pos)) throw error("expected " + w);
      pos += w.length();
      return v;
    }

    Map<String, Object> object(int depth) throws JsonException {
      pos++;
      Map<String, Object> m = new LinkedHashMap<>();
      space();
      if (pos < s.length() && s.charAt(pos) == '}') {
        pos++;
        return Collections.unmodifiableMap(m);
      }
      while (true) {
        space();
        if (pos >= s.length() || s.charAt(pos) != '"') throw error("expected a string key");
        String key = string();
        space();
        expect(':');
        space();
        m.put(key, value(depth + 1));
        space();
        if (pos < s.length() && s.charAt(pos) == ',') {
          pos++;
          continue;
        }
        expect('}');
        return Collections.unmodifiableMap(m);
      }
    }

    List<Object> array(int depth) throws JsonException {
      pos++;
      List<Object> l = new ArrayList<>();
      space();
      if (pos < s.length() && s.charAt(pos) == ']') {
        pos++;
        return Collections.unmodifiableList(l);
      }
      while (true) {
        space();
        l.add(value(depth + 1));
        space();
        if (pos < s.length() && s.charAt(pos) == ',') {
          pos++;
          continue;
        }
        expect(']');
        return Collections.unmodifiableList(l);
      }
    }

    void expect(char c) throws JsonException {
      if (pos >= s.length() || s.charAt(pos) != c) throw error("expected '" + c + "'");
      pos++;
    }

    String string() throws JsonException {
      pos++; // the opening quote
      StringBuilder sb = new StringBuilder();
      while (true) {
        if (pos >= s.length()) throw error("unterminated string");
        char c = s.charAt(pos++);
        if (c == '"') return sb.toString();
        if (c < 0x20) throw error("control character in a string");
        if (c != '\\') {
          sb.append(c);
          continue;
        }
        if (pos >= s.length()) throw error("unterminated escape");
        char e = s.charAt(pos++);
        switch (e) {
          case '"', '\\', '/' -> sb.append(e);
          case 'b' -> sb.append('\b');
          case 'f' -> sb.append('\f');
          case 'n' -> sb.append('\n');
          case 'r' -> sb.append('\r');
          case 't' -> sb.append('\t');
          case 'u' -> {
            if (pos + 4 > s.length()) throw error("short \\u escape");
            int code = 0;
            for (int i = 0; i < 4; i++) {
              int d = Character.digit(s.charAt(pos + i), 16);
              if (d < 0) throw error("bad \\u escape");
              code = code * 16 + d;
            }
            pos += 4;
            sb.append((char) code); // surrogate pairs arrive as two escapes and join in the String
          }
          default -> throw error("unknown escape \\" + e);
        }
      }
    }

    Object number() throws JsonException {
      int start = pos;
      if (s.charAt(pos) == '-') pos++;
      int intStart = pos;
      digits();
      if (pos == intStart) throw error("a number needs digits");
      if (s.charAt(intStart) == '0' && pos - intStart > 1) throw error("leading zero in a number");
      boolean integral = true;
      if (pos < s.length() && s.charAt(pos) == '.') {
        integral = false;
        pos++;
        int f = pos;
        digits();
        if (pos == f) throw error("digits expected after '.'");
      }
      if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
        integral = false;
        pos++;
        if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) pos++;
        int f = pos;
        digits();
        if (pos == f) throw error("digits expected in the exponent");
      }
      String t = s.substring(start, pos);
      if (!integral) return Double.parseDouble(t);
      BigInteger b = new BigInteger(t);
      return b.bitLength() < 64 ? (Object) b.longValue() : b;
    }

    void digits() {
      while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') pos++;
    }
  }
}
