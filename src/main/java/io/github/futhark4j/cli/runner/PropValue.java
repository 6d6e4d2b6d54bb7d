package io.github.futhark4j.cli.runner;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value passed to or returned by the entry points of a property test (the property, its
 * generator and its shrinker): a primitive or an array of primitives ({@link Value}), a tuple or
 * a record of such values, or a native value the runner cannot look into (an opaque type without a
 * record view, such as a sum type or an array of tuples), which it only passes on.
 */
public sealed interface PropValue {
  /** A scalar or an array of primitives. */
  record Prim(Value value) implements PropValue {}

  /** A tuple: its components in order. */
  record Tuple(List<PropValue> elems) implements PropValue {}

  /** A record: field names, sorted as Futhark sorts them, and their values. */
  record Record(List<String> names, List<PropValue> fields) implements PropValue {}

  /**
   * A native value of the program ({@code FutharkOpaque}), of manifest type {@code type}: it can be
   * passed back to the program, not shown. Released with {@link LoadedProgram#release}.
   */
  record Native(Object handle, String type) implements PropValue {}

  /**
   * The value as futhark test shows a counterexample: Futhark's value syntax ({@code (1i32, [2u8])},
   * {@code {a = 1i32}}), floats as Haskell shows them ({@code 5.0e-2f64}, not {@code 0.05f64}), and
   * {@code <opaque:T>} for a native value.
   */
  static String text(PropValue v) {
    return switch (v) {
      case Prim p -> haskellFloats(ValueWriter.text(p.value()));
      case Tuple t -> {
        List<String> parts = new ArrayList<>();
        for (PropValue e : t.elems()) parts.add(text(e));
        yield "(" + String.join(", ", parts) + ")";
      }
      case Record r -> {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < r.names().size(); i++) parts.add(r.names().get(i) + " = " + text(r.fields().get(i)));
        yield "{" + String.join(", ", parts) + "}";
      }
      case Native n -> "<opaque:" + n.type() + ">";
    };
  }

  /** Whether the value holds a native value anywhere (which must be released). */
  static boolean hasNative(PropValue v) {
    return switch (v) {
      case Prim p -> false;
      case Tuple t -> t.elems().stream().anyMatch(PropValue::hasNative);
      case Record r -> r.fields().stream().anyMatch(PropValue::hasNative);
      case Native n -> true;
    };
  }

  /**
   * Rewrites the float literals of Java's notation that Haskell's {@code show} writes differently:
   * Java writes magnitudes in [0.001, 0.1) without an exponent ({@code 0.05}), Haskell as
   * {@code 5.0e-2}. Both choose the same shortest digits, so only the notation changes.
   */
  private static String haskellFloats(String text) {
    // A float literal below 0.1 written without an exponent.
    Matcher m = Pattern.compile("(?<![0-9.])(-?)0\\.(0+)([1-9][0-9]*)(f16|f32|f64)").matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String digits = m.group(3);
      String mantissa = digits.charAt(0) + "." + (digits.length() > 1 ? digits.substring(1) : "0");
      m.appendReplacement(sb, m.group(1) + mantissa + "e-" + (m.group(2).length() + 1) + m.group(4));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /**
   * The structure of a manifest type name, as far as property tests need it: {@code i32},
   * {@code [][]f64}, {@code (i32, []u8)}, {@code {a: i32, b: bool}} (fields sorted by name, so two
   * spellings of one record type are equal); any other name (an array of tuples, a sum type, a
   * named opaque type) is {@link Other}.
   */
  sealed interface Type {
    /** A primitive ({@code rank} 0) or an array of primitives. */
    record PrimArray(ScalarType prim, int rank) implements Type {}

    /** A tuple type: its components in order. */
    record TupleType(List<Type> elems) implements Type {}

    /** A record type: field names in sorted order and their types. */
    record RecordType(List<String> names, List<Type> fields) implements Type {}

    /** Any other type, by its name. */
    record Other(String name) implements Type {}

    /** Reads a manifest type name; uniqueness marks ({@code *}) are ignored. */
    static Type parse(String name) {
      String t = name.trim();
      while (t.startsWith("*")) t = t.substring(1).trim();
      int rank = 0;
      String rest = t;
      while (rest.startsWith("[]")) {
        rank++;
        rest = rest.substring(2).trim();
      }
      ScalarType p = ScalarType.parse(rest);
      if (p != null) return new PrimArray(p, rank);
      if (rank > 0) return new Other(t);
      if (t.startsWith("(") && t.endsWith(")")) {
        List<String> parts = splitTopLevel(t.substring(1, t.length() - 1));
        if (parts == null || parts.size() < 2) return new Other(t);
        List<Type> elems = new ArrayList<>();
        for (String part : parts) elems.add(parse(part));
        return new TupleType(List.copyOf(elems));
      }
      if (t.startsWith("{") && t.endsWith("}")) {
        List<String> parts = splitTopLevel(t.substring(1, t.length() - 1));
        if (parts == null || parts.isEmpty()) return new Other(t);
        List<String[]> fields = new ArrayList<>();
        for (String part : parts) {
          int colon = part.indexOf(':');
          if (colon <= 0) return new Other(t);
          fields.add(new String[] {part.substring(0, colon).trim(), part.substring(colon + 1)});
        }
        fields.sort(Comparator.comparing(f -> f[0]));
        return new RecordType(fields.stream().map(f -> f[0]).toList(), fields.stream().map(f -> parse(f[1])).toList());
      }
      return new Other(t);
    }

    /** The comma-separated parts outside brackets; {@code null} when brackets do not balance. */
    private static List<String> splitTopLevel(String s) {
      List<String> out = new ArrayList<>();
      int depth = 0;
      int start = 0;
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '(' || c == '[' || c == '{') depth++;
        else if (c == ')' || c == ']' || c == '}') depth--;
        else if (c == ',' && depth == 0) {
          out.add(s.substring(start, i));
          start = i + 1;
        }
        if (depth < 0) return null;
      }
      if (depth != 0) return null;
      if (!s.isBlank()) out.add(s.substring(start));
      return out;
    }
  }
}
