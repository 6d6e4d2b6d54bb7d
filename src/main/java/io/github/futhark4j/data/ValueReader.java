package io.github.futhark4j.data;

import io.github.futhark4j.compiler.types.PrimType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a sequence of Futhark values from bytes holding text syntax and binary values mixed, as
 * compiled Futhark programs read standard input: before each value, whitespace and {@code --}
 * comments are skipped, and a value whose first character is {@code b} is binary.
 *
 * <p>Text syntax: integer literals (decimal, {@code 0x} hex, {@code 0b} binary, {@code _}
 * separators, optional suffix {@code i8..u64}; unsuffixed is i32), decimal literals (unsuffixed is
 * f64, suffixes {@code f16 f32 f64}; an integer with a float suffix is a float), {@code true},
 * {@code false}, {@code f32.nan}, {@code -f64.inf}, arrays {@code [..]} of any rank (the first
 * suffixed element, else the first element, fixes the element type; unsuffixed integers among
 * decimals make a float array), {@code empty([2][0]i32)}, and
 * strings {@code "..."} as {@code []u8} (UTF-8).
 *
 * <p>Errors are {@link ValueFormatException}s with line and column.
 */
public final class ValueReader {
  private final byte[] buf;
  private final int limit;
  private final String name;
  private final int baseLine;
  private final int baseColumn;
  private final int origin;
  private int pos;
  private PrimType hint;

  /**
   * @param baseLine   line of the first byte (for values cut out of a larger file)
   * @param baseColumn column of the first byte
   */
  public ValueReader(byte[] buf, int start, int end, String name, int baseLine, int baseColumn) {
    this.buf = buf;
    this.pos = start;
    this.origin = start;
    this.limit = end;
    this.name = name;
    this.baseLine = baseLine;
    this.baseColumn = baseColumn;
  }

  public ValueReader(byte[] buf, String name) {
    this(buf, 0, buf.length, name, 1, 1);
  }

  public ValueReader(String text, String name) {
    this(text.getBytes(StandardCharsets.UTF_8), name);
  }

  /** Reads the whole stream into memory (binary values need random access to their length anyway). */
  public static ValueReader of(InputStream in, String name) throws IOException {
    return new ValueReader(in.readAllBytes(), name);
  }

  /** All values of a text. */
  public static List<Value> readAll(String text, String name) {
    return new ValueReader(text, name).readAll();
  }

  /** Parses exactly one value. */
  public static Value parse(String text) {
    ValueReader r = new ValueReader(text, "<value>");
    Value v = r.next();
    if (v == null) throw r.error(r.pos, "expected a value, found end of input");
    if (!r.atEnd()) throw r.error(r.pos, "unexpected " + r.describeAt(r.pos) + " after value");
    return v;
  }

  /** The remaining values. */
  public List<Value> readAll() {
    return readAll(List.of());
  }

  /** The remaining values; value {@code i} is read with {@code hints.get(i)} as in {@link #next(PrimType)}. */
  public List<Value> readAll(List<PrimType> hints) {
    List<Value> out = new ArrayList<>();
    for (Value v; (v = next(out.size() < hints.size() ? hints.get(out.size()) : null)) != null; ) out.add(v);
    return out;
  }

  /** True when only whitespace and comments remain. */
  public boolean atEnd() {
    skipSpace();
    return pos >= limit;
  }

  /** The next value, or {@code null} at the end of the input. */
  public Value next() {
    return next(null);
  }

  /**
   * The next value, where a value of element type {@code hint} is expected: unsuffixed literals
   * take that type when they can ({@code [1, 2]} is a {@code []f64} where {@code []f64} is
   * expected), as compiled Futhark programs read their arguments. {@code null}: no expectation.
   */
  public Value next(PrimType hint) {
    this.hint = hint;
    skipSpace();
    if (pos >= limit) return null;
    int start = pos;
    Value v;
    if (buf[pos] == 'b') {
      v = BinaryFormat.read(this);
      // Whitespace after a binary value is allowed but not required; nothing else to check.
      return v;
    }
    v = readText();
    if (pos < limit && !isDelimiter(buf[pos]) && !(buf[pos] == 'b')) {
      throw error(pos, "unexpected " + describeAt(pos) + " after value starting at column " + columnOf(start));
    }
    return v;
  }

  // ---- text values ------------------------------------------------------------------------------

  private Value readText() {
    byte c = buf[pos];
    if (c == '[') return readArray();
    if (c == '"') {
      byte[] bytes = readString();
      return Value.vector(PrimType.U8, bytes);
    }
    if (startsWithWord("empty")) return readEmpty();
    Literal lit = readLiteral();
    PrimType t = lit.defaultType(hint);
    Object data = Storage.allocate(t, 1);
    String problem = lit.storeInto(t, data, 0);
    if (problem != null) throw error(lit.offset(), problem);
    return Value.of(t, null, data);
  }

  /** Collects the leaves of a nested array literal and its shape, then types it as a whole. */
  private Value readArray() {
    List<Literal> leaves = new ArrayList<>();
    List<Long> dims = new ArrayList<>();
    int[] rank = {-1};
    readArrayAt(0, leaves, dims, rank);
    PrimType t = null;
    for (Literal l : leaves) {
      if (l.suffix() != null) {
        t = l.suffix();
        break;
      }
    }
    if (t == null) {
      // No suffix anywhere: a decimal literal makes it a float array ([1, 2.5] is []f64).
      boolean anyDecimal = leaves.stream().anyMatch(l -> l.kind() == Literal.Kind.FLOAT);
      t = leaves.get(0).defaultType(anyDecimal && (hint == null || !hint.isFloat()) ? PrimType.F64 : hint);
    }
    Object data = Storage.allocate(t, leaves.size());
    for (int i = 0; i < leaves.size(); i++) {
      String problem = leaves.get(i).storeInto(t, data, i);
      if (problem != null) throw error(leaves.get(i).offset(), problem);
    }
    long[] shape = new long[dims.size()];
    for (int i = 0; i < shape.length; i++) shape[i] = dims.get(i);
    return Value.of(t, shape, data);
  }

  private void readArrayAt(int depth, List<Literal> leaves, List<Long> dims, int[] rank) {
    int open = pos;
    if (rank[0] >= 0 && depth >= rank[0]) throw error(open, "array elements must all have the same rank");
    pos++; // '['
    skipSpace();
    if (pos < limit && buf[pos] == ']') {
      throw error(open, "empty array literal; write the type, e.g. empty([0]i32)");
    }
    long count = 0;
    while (true) {
      skipSpace();
      if (pos >= limit) throw error(pos, "unterminated array literal starting at column " + columnOf(open));
      byte c = buf[pos];
      int elemStart = pos;
      if (c == '[') {
        readArrayAt(depth + 1, leaves, dims, rank);
      } else if (c == '"') {
        byte[] s = readString();
        if (s.length == 0) throw error(elemStart, "empty string inside an array");
        setRank(depth + 2, elemStart, rank);
        recordDim(depth + 1, s.length, elemStart, dims);
        for (byte b : s) {
          leaves.add(new Literal(Literal.Kind.INT, false, null, 10, PrimType.U8, elemStart, b & 0xff));
        }
      } else {
        setRank(depth + 1, elemStart, rank);
        leaves.add(readLiteral());
      }
      count++;
      skipSpace();
      if (pos >= limit) throw error(pos, "unterminated array literal starting at column " + columnOf(open));
      if (buf[pos] == ',') {
        pos++;
      } else if (buf[pos] == ']') {
        recordDim(depth, count, open, dims);
        pos++;
        return;
      } else {
        throw error(pos, "expected ',' or ']' in array, found " + describeAt(pos));
      }
    }
  }

  private void setRank(int r, int at, int[] rank) {
    if (rank[0] < 0) rank[0] = r;
    else if (rank[0] != r) throw error(at, "array elements must all have the same rank");
  }

  private void recordDim(int depth, long n, int at, List<Long> dims) {
    while (dims.size() <= depth) dims.add(-1L);
    long old = dims.get(depth);
    if (old < 0) dims.set(depth, n);
    else if (old != n) {
      throw error(at, "irregular array: a row of length " + n + " where earlier rows have length " + old);
    }
  }

  private Value readEmpty() {
    int start = pos;
    pos += 5;
    skipSpace();
    expect('(', "after 'empty'");
    List<Long> dims = new ArrayList<>();
    while (true) {
      skipSpace();
      if (pos < limit && buf[pos] == '[') {
        pos++;
        skipSpace();
        int ds = pos;
        while (pos < limit && (isDigit(buf[pos]) || buf[pos] == '_')) pos++;
        if (ds == pos) throw error(pos, "expected a dimension in empty(...), found " + describeAt(pos));
        long d = Long.parseLong(new String(buf, ds, pos - ds, StandardCharsets.US_ASCII).replace("_", ""));
        skipSpace();
        expect(']', "after dimension");
        dims.add(d);
      } else {
        break;
      }
    }
    int ts = pos;
    while (pos < limit && isIdentChar(buf[pos])) pos++;
    String tn = new String(buf, ts, pos - ts, StandardCharsets.US_ASCII);
    PrimType t = PrimType.byName(tn);
    if (t == null) throw error(ts, "expected a primitive type in empty(...), found " + describeAt(ts));
    skipSpace();
    expect(')', "to close empty(");
    long[] shape = dims.stream().mapToLong(Long::longValue).toArray();
    if (shape.length == 0 || dims.stream().noneMatch(d -> d == 0)) {
      throw error(start, "empty(...) needs a shape with a zero dimension, e.g. empty([0]" + tn + ")");
    }
    return Value.of(t, shape, Storage.allocate(t, 0));
  }

  private byte[] readString() {
    int open = pos;
    pos++;
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    while (true) {
      if (pos >= limit || buf[pos] == '\n') throw error(open, "unterminated string literal");
      byte c = buf[pos++];
      if (c == '"') return out.toByteArray();
      if (c != '\\') {
        out.write(c);
        continue;
      }
      if (pos >= limit) throw error(open, "unterminated string literal");
      byte e = buf[pos++];
      switch (e) {
        case 'n' -> out.write('\n');
        case 't' -> out.write('\t');
        case 'r' -> out.write('\r');
        case '0' -> out.write(0);
        case '\\', '"', '\'' -> out.write(e);
        case 'x' -> out.write(hexEscape(2));
        case 'u' -> out.writeBytes(new String(Character.toChars(hexEscape(4))).getBytes(StandardCharsets.UTF_8));
        default -> throw error(pos - 2, "unknown escape \\" + (char) e + " in string");
      }
    }
  }

  private int hexEscape(int digits) {
    if (pos + digits > limit) throw error(pos, "truncated escape in string");
    String h = new String(buf, pos, digits, StandardCharsets.US_ASCII);
    try {
      int v = Integer.parseInt(h, 16);
      pos += digits;
      return v;
    } catch (NumberFormatException ex) {
      throw error(pos, "bad hexadecimal escape '" + h + "' in string");
    }
  }

  /** Reads one scalar literal and checks that a delimiter follows it. */
  private Literal readLiteral() {
    int start = pos;
    boolean neg = false;
    if (buf[pos] == '-') {
      neg = true;
      pos++;
    }
    if (pos >= limit) throw error(start, "expected a value, found end of input");
    byte c = buf[pos];
    Literal lit;
    if (isLetter(c)) {
      int ws = pos;
      while (pos < limit && (isIdentChar(buf[pos]) || buf[pos] == '.')) pos++;
      String w = new String(buf, ws, pos - ws, StandardCharsets.US_ASCII);
      lit = switch (w) {
        case "true", "false" -> {
          if (neg) throw error(start, "a bool cannot be negated");
          yield new Literal(Literal.Kind.BOOL, false, w, 10, null, start, 0);
        }
        case "f16.nan", "f32.nan", "f64.nan" -> new Literal(Literal.Kind.NAN, neg, w, 10, PrimType.byName(w.substring(0, 3)), start, 0);
        case "f16.inf", "f32.inf", "f64.inf" -> new Literal(Literal.Kind.INF, neg, w, 10, PrimType.byName(w.substring(0, 3)), start, 0);
        default -> throw error(ws, "expected a value, found '" + w + "'");
      };
    } else if (isDigit(c)) {
      lit = readNumber(start, neg);
    } else {
      throw error(pos, "expected a value, found " + describeAt(pos));
    }
    if (pos < limit && !isDelimiter(buf[pos])) {
      throw error(pos, "unexpected " + describeAt(pos) + " in literal");
    }
    return lit;
  }

  private Literal readNumber(int start, boolean neg) {
    int radix = 10;
    if (buf[pos] == '0' && pos + 1 < limit && (buf[pos + 1] == 'x' || buf[pos + 1] == 'X')) radix = 16;
    if (buf[pos] == '0' && pos + 1 < limit && (buf[pos + 1] == 'b' || buf[pos + 1] == 'B')) radix = 2;
    StringBuilder digits = new StringBuilder();
    boolean isFloat = false;
    if (radix != 10) {
      pos += 2;
      while (pos < limit && (Character.digit(buf[pos], radix) >= 0 || buf[pos] == '_')) {
        if (buf[pos] != '_') digits.append((char) buf[pos]);
        pos++;
      }
      if (digits.isEmpty()) throw error(pos, "expected digits after " + (radix == 16 ? "0x" : "0b"));
    } else {
      // Fast path for plain integers (the bulk of large text data): no text kept, no BigInteger.
      int p = pos;
      long acc = 0;
      while (p < limit && isDigit(buf[p])) acc = acc * 10 + (buf[p++] - '0');
      boolean plain = p - pos <= 18
          && (p >= limit || (buf[p] != '_' && buf[p] != '.' && buf[p] != 'e' && buf[p] != 'E' && buf[p] != 'f'));
      if (plain) {
        pos = p;
        PrimType suffix = null;
        if (pos < limit && (buf[pos] == 'i' || buf[pos] == 'u')) suffix = readSuffix();
        return new Literal(Literal.Kind.INT, neg, null, 10, suffix, start, neg ? -acc : acc);
      }
      pos = scanDigits(digits);
      if (pos < limit && buf[pos] == '.' && pos + 1 < limit && isDigit(buf[pos + 1])) {
        isFloat = true;
        digits.append('.');
        pos++;
        pos = scanDigits(digits);
      }
      if (pos < limit && (buf[pos] == 'e' || buf[pos] == 'E')) {
        int save = pos;
        StringBuilder exp = new StringBuilder("e");
        pos++;
        if (pos < limit && (buf[pos] == '+' || buf[pos] == '-')) exp.append((char) buf[pos++]);
        if (pos < limit && isDigit(buf[pos])) {
          pos = scanDigits(exp);
          digits.append(exp);
          isFloat = true;
        } else {
          pos = save;
        }
      }
    }
    PrimType suffix = null;
    if (pos < limit && (buf[pos] == 'i' || buf[pos] == 'u' || buf[pos] == 'f')) suffix = readSuffix();
    if (isFloat && suffix != null && !suffix.isFloat()) {
      throw error(start, "a decimal literal cannot have the integer suffix " + suffix);
    }
    if (suffix != null && suffix.isFloat()) isFloat = true;
    if (isFloat && radix != 10) throw error(start, "hexadecimal and binary literals must be integers");
    return new Literal(isFloat ? Literal.Kind.FLOAT : Literal.Kind.INT, neg, digits.toString(), radix, suffix, start, 0);
  }

  /** Reads a type suffix such as {@code i64} at the current position. */
  private PrimType readSuffix() {
    int ss = pos;
    pos++;
    while (pos < limit && isDigit(buf[pos])) pos++;
    String s = new String(buf, ss, pos - ss, StandardCharsets.US_ASCII);
    PrimType suffix = PrimType.byName(s);
    if (suffix == null || suffix == PrimType.BOOL) throw error(ss, "unknown type suffix '" + s + "'");
    return suffix;
  }

  private int scanDigits(StringBuilder into) {
    while (pos < limit && (isDigit(buf[pos]) || buf[pos] == '_')) {
      if (buf[pos] != '_') into.append((char) buf[pos]);
      pos++;
    }
    return pos;
  }

  // ---- lexical helpers --------------------------------------------------------------------------

  /** Skips whitespace and {@code --} line comments. */
  void skipSpace() {
    while (pos < limit) {
      byte c = buf[pos];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        pos++;
      } else if (c == '-' && pos + 1 < limit && buf[pos + 1] == '-') {
        while (pos < limit && buf[pos] != '\n') pos++;
      } else {
        return;
      }
    }
  }

  private void expect(char c, String where) {
    if (pos < limit && buf[pos] == c) {
      pos++;
      return;
    }
    throw error(pos, "expected '" + c + "' " + where + ", found " + describeAt(pos));
  }

  private boolean startsWithWord(String w) {
    int n = w.length();
    if (pos + n > limit) return false;
    for (int i = 0; i < n; i++) if (buf[pos + i] != w.charAt(i)) return false;
    return pos + n == limit || !isIdentChar(buf[pos + n]);
  }

  private static boolean isDelimiter(byte c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ',' || c == ']' || c == ')'
        || c == '}' || c == '-';
  }

  private static boolean isDigit(byte c) { return c >= '0' && c <= '9'; }

  private static boolean isLetter(byte c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

  private static boolean isIdentChar(byte c) { return isLetter(c) || isDigit(c) || c == '_'; }

  // ---- positions and errors (used by BinaryFormat too) ------------------------------------------

  byte[] buffer() { return buf; }

  int position() { return pos; }

  void advance(int n) { pos += n; }

  int limit() { return limit; }

  String describeAt(int at) {
    if (at >= limit) return "end of input";
    int c = buf[at] & 0xff;
    if (c == '\n') return "end of line";
    if (c < 32 || c > 126) return String.format("byte 0x%02x", c);
    return "'" + (char) c + "'";
  }

  private int columnOf(int at) {
    return lineCol(at)[1];
  }

  /** Line and column of a byte offset; UTF-8 continuation bytes do not count as columns. */
  private int[] lineCol(int at) {
    int line = baseLine, col = baseColumn;
    for (int i = origin; i < at && i < buf.length; i++) {
      byte c = buf[i];
      if (c == '\n') {
        line++;
        col = 1;
      } else if ((c & 0xC0) != 0x80) {
        col++;
      }
    }
    return new int[] {line, col};
  }

  ValueFormatException error(int at, String detail) {
    int[] lc = lineCol(at);
    return new ValueFormatException(name, lc[0], lc[1], detail);
  }
}
