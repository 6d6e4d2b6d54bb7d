package io.github.futhark4j.compiler.interp;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A record or tuple value. Fields are kept in a canonical order ({@link #ORDER}: numeric names
 * numerically, then the others alphabetically) so that records of one type always line up.
 */
final class RecordVal {
  static final Comparator<String> ORDER = (a, b) -> {
    boolean na = isNumber(a), nb = isNumber(b);
    if (na && nb) return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
    if (na != nb) return na ? -1 : 1;
    return a.compareTo(b);
  };

  static final RecordVal UNIT = new RecordVal(new String[0], new Object[0]);

  final String[] names;
  final Object[] values;

  /** @param names in canonical order, not copied */
  RecordVal(String[] names, Object[] values) {
    this.names = names;
    this.values = values;
  }

  private static boolean isNumber(String s) {
    if (s.isEmpty()) return false;
    for (int i = 0; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
    return true;
  }

  /** The field names of {@code fields} in canonical order. */
  static String[] canonical(java.util.Collection<String> fields) {
    String[] ns = fields.toArray(new String[0]);
    Arrays.sort(ns, ORDER);
    return ns;
  }

  static RecordVal of(Map<String, Object> fields) {
    String[] ns = canonical(fields.keySet());
    Object[] vs = new Object[ns.length];
    for (int i = 0; i < ns.length; i++) vs[i] = fields.get(ns[i]);
    return new RecordVal(ns, vs);
  }

  static final String[][] TUPLE_NAMES = new String[16][];

  static {
    for (int n = 0; n < TUPLE_NAMES.length; n++) {
      String[] ns = new String[n];
      for (int i = 0; i < n; i++) ns[i] = Integer.toString(i);
      TUPLE_NAMES[n] = ns;
    }
  }

  static RecordVal tuple(Object... xs) {
    String[] ns;
    if (xs.length < TUPLE_NAMES.length) ns = TUPLE_NAMES[xs.length];
    else {
      ns = new String[xs.length];
      for (int i = 0; i < xs.length; i++) ns[i] = Integer.toString(i);
    }
    return new RecordVal(ns, xs);
  }

  int index(String name) {
    for (int i = 0; i < names.length; i++) if (names[i].equals(name)) return i;
    return -1;
  }

  Object get(String name) {
    int i = index(name);
    if (i < 0) throw new IllegalStateException("record without field " + name + ": " + List.of(names));
    return values[i];
  }

  RecordVal with(String name, Object v) {
    int i = index(name);
    if (i < 0) throw new IllegalStateException("record without field " + name + ": " + List.of(names));
    Object[] vs = values.clone();
    vs[i] = v;
    return new RecordVal(names, vs);
  }
}
