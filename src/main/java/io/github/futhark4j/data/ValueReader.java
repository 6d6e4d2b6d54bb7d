package io.github.futhark4j.data;

import io.github.futhark4j.ScalarType;
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
 * <p>Text syntax, futhark-data's: integer literals (decimal, {@code 0x} hex, {@code 0b} binary, an
 * optional sign {@code -} or {@code +}, {@code _} between digits, optional suffix {@code i8..u64};
 * unsuffixed is i32; values wrap to the type's width), decimal literals (an exponent with or
 * without a fraction, unsuffixed is f64, suffixes {@code f16 f32 f64}; an integer with a float
 * suffix is a float), {@code true}, {@code false}, {@code f16.nan}, {@code f32.inf},
 * {@code -f64.inf} and the like, arrays {@code [..]} of any rank with an optional trailing comma
 * (the first suffixed element, else the first element, fixes the element type; unsuffixed integers
 * among decimals make a float array), {@code empty([2][0]i32)} of any rank and element type, also as
 * array elements ({@code [empty([0]i32), empty([0]i32)]} is {@code empty([2][0]i32)}), and strings
 * {@code "..."} as {@code []u8} (UTF-8), also as array elements (rows; {@code ["ab", "cd"]} is a
 * {@code [2][2]u8}). Whitespace and comments may stand between any two tokens.
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
  private ScalarType hint;

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

  /** The remaining values; value {@code i} is read with {@code hints.get(i)} as in {@link #next(ScalarType)}. */
  public List<Value> readAll(List<ScalarType> hints) {
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
  public Value next(ScalarType hint) {
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
    // A value that ends in a closing bracket, parenthesis or quote needs nothing after it
    // ("[1][2]" is two values); a scalar needs a delimiter (checked by readLiteral).
    byte last = buf[pos - 1];
    boolean closed = last == ']' || last == ')' || last == '"';
    if (pos < limit && !closed && !isDelimiter(buf[pos]) && !(buf[pos] == 'b')) {
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
      return Value.vector(ScalarType.U8, bytes);
    }
    if (startsWithWord("empty")) return readEmpty();
    Literal lit = readLiteral();
    ScalarType t = lit.defaultType(hint);
    Object data = Storage.allocate(t, 1);
    String problem = lit.storeInto(t, data, 0);
    if (problem != null) throw error(lit.offset(), problem);
    return Value.of(t, null, data);
  }

  /**
   * What an array literal has shown so far: its scalar leaves, the length of each dimension, its
   * rank, and an element type fixed by an element that has no leaves ({@code empty(...)} or
   * {@code ""}, which is {@code u8}).
   */
  private static final class ArrayParts {
    final List<Literal> leaves = new ArrayList<>();
    final List<Long> dims = new ArrayList<>();
    int rank = -1;
    ScalarType fixed;
    int fixedAt;
  }

  /** Collects the leaves of a nested array literal and its shape, then types it as a whole. */
  private Value readArray() {
    ArrayParts parts = new ArrayParts();
    readArrayAt(0, parts);
    List<Literal> leaves = parts.leaves;
    ScalarType t = parts.fixed;
    if (t == null) {
      for (Literal l : leaves) {
        if (l.suffix() != null) {
          t = l.suffix();
          break;
        }
      }
    }
    if (t == null) {
      // No suffix anywhere: a decimal literal makes it a float array ([1, 2.5] is []f64).
      boolean anyDecimal = leaves.stream().anyMatch(l -> l.kind() == Literal.Kind.FLOAT);
      t = leaves.get(0).defaultType(anyDecimal && (hint == null || !hint.isFloat()) ? ScalarType.F64 : hint);
    }
    Object data = Storage.allocate(t, leaves.size());
    for (int i = 0; i < leaves.size(); i++) {
      String problem = leaves.get(i).storeInto(t, data, i);
      if (problem != null) throw error(leaves.get(i).offset(), problem);
    }
    long[] shape = new long[parts.dims.size()];
    for (int i = 0; i < shape.length; i++) shape[i] = parts.dims.get(i);
    return Value.of(t, shape, data);
  }

  /**
   * Reads {@code [e, e, ...]} (a trailing comma is allowed) at nesting depth {@code depth}. Elements
   * are scalars, arrays, strings (rows of {@code u8}) and {@code empty(...)} values, which must all
   * have the same rank and shape.
   */
  private void readArrayAt(int depth, ArrayParts parts) {
    int open = pos;
    if (parts.rank >= 0 && depth >= parts.rank) throw error(open, "array elements must all have the same rank");
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
        readArrayAt(depth + 1, parts);
      } else if (c == '"') {
        byte[] s = readString();
        setRank(depth + 2, elemStart, parts);
        recordDim(depth + 1, s.length, elemStart, parts.dims);
        if (s.length == 0) fixType(ScalarType.U8, elemStart, parts);
        for (byte b : s) {
          parts.leaves.add(new Literal(Literal.Kind.INT, false, null, 10, ScalarType.U8, elemStart, b & 0xff));
        }
      } else if (startsWithWord("empty")) {
        Value e = readEmpty();
        long[] shape = e.shape();
        setRank(depth + 1 + shape.length, elemStart, parts);
        for (int i = 0; i < shape.length; i++) recordDim(depth + 1 + i, shape[i], elemStart, parts.dims);
        fixType(e.type(), elemStart, parts);
      } else {
        setRank(depth + 1, elemStart, parts);
        parts.leaves.add(readLiteral());
      }
      count++;
      skipSpace();
      if (pos >= limit) throw error(pos, "unterminated array literal starting at column " + columnOf(open));
      boolean comma = buf[pos] == ',';
      if (comma) {
        pos++;
        skipSpace();
      }
      if (pos < limit && buf[pos] == ']') {
        recordDim(depth, count, open, parts.dims);
        pos++;
        return;
      }
      if (!comma) {
        throw error(pos, "expected ',' or ']' in array, found " + describeAt(pos));
      }
    }
  }

  /** An element without leaves fixes the element type; two such elements must agree. */
  private void fixType(ScalarType t, int at, ArrayParts parts) {
    if (parts.fixed == null) {
      parts.fixed = t;
      parts.fixedAt = at;
    } else if (parts.fixed != t) {
      throw error(at, "array elements have different types: " + t + " here, " + parts.fixed + " at column "
          + columnOf(parts.fixedAt));
    }
  }

  private void setRank(int r, int at, ArrayParts parts) {
    if (parts.rank < 0) parts.rank = r;
    else if (parts.rank != r) throw error(at, "array elements must all have the same rank");
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
        if (ds >= limit || !isDigit(buf[ds])) {
          throw error(pos, "expected a dimension in empty(...), found " + describeAt(pos));
        }
        Literal dim = readNumber(ds, false);
        if (dim.kind() != Literal.Kind.INT || dim.suffix() != null) {
          throw error(ds, "a dimension in empty(...) is a plain integer, found " + dim.describe());
        }
        long d = dim.text() == null ? dim.small()
            : new java.math.BigInteger(dim.text(), dim.radix()).min(java.math.BigInteger.valueOf(Long.MAX_VALUE)).longValue();
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
    ScalarType t = ScalarType.parse(tn);
    if (t == null) throw error(ts, "expected a primitive type in empty(...), found " + describeAt(ts));
    skipSpace();
    expect(')', "to close empty(");
    long[] shape = dims.stream().mapToLong(Long::longValue).toArray();
    if (shape.length == 0 || dims.stream().noneMatch(d -> d == 0)) {
      throw error(start, "empty(...) needs a shape with a zero dimension, e.g. empty([0]" + tn + ")");
    }
    return Value.of(t, shape, Storage.allocate(t, 0));
  }

  /** The names of ASCII control characters in escapes ({@code \NUL} .. {@code \US}, {@code \SP}, {@code \DEL}). */
  private static final String[] ASCII_NAMES = {
      "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
      "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US"};

  /**
   * Reads a string literal as its UTF-8 bytes. Escapes are those of Haskell's character literals,
   * as futhark-data reads them: {@code \n \t \r \a \b \f \v \\ \" \'}, decimal
   * {@code \65}, hexadecimal {@code \x41}, octal {@code \o101} (each as many digits as follow),
   * control characters {@code \^A}, ASCII names {@code \NUL \SOH ... \DEL}, and the empty
   * escape {@code \&}; also <code>&#92;uHHHH</code> (four hexadecimal digits).
   */
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
      int escAt = pos - 1;
      byte e = buf[pos++];
      int cp = switch (e) {
        case 'n' -> '\n';
        case 't' -> '\t';
        case 'r' -> '\r';
        case 'a' -> 7;
        case 'b' -> '\b';
        case 'f' -> '\f';
        case 'v' -> 11;
        case '\\', '"', '\'' -> e;
        case '&' -> -1;
        case 'x' -> numericEscape(16, escAt);
        case 'o' -> numericEscape(8, escAt);
        case 'u' -> hexEscape(4);
        case '^' -> {
          if (pos >= limit || buf[pos] < '@' || buf[pos] > '_') throw error(escAt, "bad control escape in string");
          yield buf[pos++] - '@';
        }
        default -> {
          if (isDigit(e)) {
            pos--;
            yield numericEscape(10, escAt);
          }
          yield asciiName(escAt);
        }
      };
      if (cp >= 0) out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The digits of a numeric escape in {@code radix}, as many as there are; at most U+10FFFF. */
  private int numericEscape(int radix, int escAt) {
    int ds = pos;
    long v = 0;
    while (pos < limit && Character.digit(buf[pos], radix) >= 0) {
      v = v * radix + Character.digit(buf[pos], radix);
      if (v > Character.MAX_CODE_POINT) throw error(escAt, "character escape beyond U+10FFFF in string");
      pos++;
    }
    if (pos == ds) throw error(escAt, "expected digits in the escape " + describeAt(escAt) + " in string");
    return (int) v;
  }

  /** An escape by ASCII name ({@code \SOH}); the longest name that matches wins, as in Haskell. */
  private int asciiName(int escAt) {
    pos--;
    int best = -1;
    int bestLen = 0;
    for (int i = 0; i <= ASCII_NAMES.length + 1; i++) {
      String n = i < ASCII_NAMES.length ? ASCII_NAMES[i] : i == ASCII_NAMES.length ? "SP" : "DEL";
      if (n.length() > bestLen && startsWith(n)) {
        best = i < ASCII_NAMES.length ? i : i == ASCII_NAMES.length ? 32 : 127;
        bestLen = n.length();
      }
    }
    if (best < 0) throw error(escAt, "unknown escape \\" + (pos < limit ? (char) buf[pos] : ' ') + " in string");
    pos += bestLen;
    return best;
  }

  private boolean startsWith(String w) {
    if (pos + w.length() > limit) return false;
    for (int i = 0; i < w.length(); i++) if (buf[pos + i] != w.charAt(i)) return false;
    return true;
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
    boolean plus = false;
    if (buf[pos] == '-') {
      neg = true;
      pos++;
    } else if (buf[pos] == '+') {
      // futhark-data reads numbers with an optional sign, '+' too (not before nan, inf or bools).
      plus = true;
      pos++;
    }
    if (pos >= limit) throw error(start, "expected a value, found end of input");
    byte c = buf[pos];
    Literal lit;
    if (plus && !isDigit(c)) {
      throw error(start, "expected a number after '+', found " + describeAt(pos));
    } else if (isLetter(c)) {
      int ws = pos;
      while (pos < limit && (isIdentChar(buf[pos]) || buf[pos] == '.')) pos++;
      String w = new String(buf, ws, pos - ws, StandardCharsets.US_ASCII);
      lit = switch (w) {
        case "true", "false" -> {
          if (neg) throw error(start, "a bool cannot be negated");
          yield new Literal(Literal.Kind.BOOL, false, w, 10, null, start, 0);
        }
        case "f16.nan", "f32.nan", "f64.nan" -> new Literal(Literal.Kind.NAN, neg, w, 10, ScalarType.parse(w.substring(0, 3)), start, 0);
        case "f16.inf", "f32.inf", "f64.inf" -> new Literal(Literal.Kind.INF, neg, w, 10, ScalarType.parse(w.substring(0, 3)), start, 0);
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
      // A digit first, then digits and '_' (0x_1 is no literal, 0x1_ is).
      if (pos >= limit || Character.digit(buf[pos], radix) < 0) {
        throw error(pos, "expected digits after " + (radix == 16 ? "0x" : "0b") + ", found " + describeAt(pos));
      }
      while (pos < limit && (Character.digit(buf[pos], radix) >= 0 || buf[pos] == '_')) {
        if (buf[pos] != '_') digits.append((char) buf[pos]);
        pos++;
      }
    } else {
      // Fast path for plain integers (the bulk of large text data): no text kept, no BigInteger.
      int p = pos;
      long acc = 0;
      while (p < limit && isDigit(buf[p])) acc = acc * 10 + (buf[p++] - '0');
      boolean plain = p - pos <= 18
          && (p >= limit || (buf[p] != '_' && buf[p] != '.' && buf[p] != 'e' && buf[p] != 'E' && buf[p] != 'f'));
      if (plain) {
        pos = p;
        ScalarType suffix = null;
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
    ScalarType suffix = null;
    if (pos < limit && (buf[pos] == 'i' || buf[pos] == 'u' || buf[pos] == 'f')) suffix = readSuffix();
    if (isFloat && suffix != null && !suffix.isFloat()) {
      throw error(start, "a decimal literal cannot have the integer suffix " + suffix);
    }
    if (suffix != null && suffix.isFloat()) isFloat = true;
    if (isFloat && radix != 10) throw error(start, "hexadecimal and binary literals must be integers");
    return new Literal(isFloat ? Literal.Kind.FLOAT : Literal.Kind.INT, neg, digits.toString(), radix, suffix, start, 0);
  }

  /** Reads a type suffix such as {@code i64} at the current position. */
  private ScalarType readSuffix() {
    int ss = pos;
    pos++;
    while (pos < limit && isDigit(buf[pos])) pos++;
    String s = new String(buf, ss, pos - ss, StandardCharsets.US_ASCII);
    ScalarType suffix = ScalarType.parse(s);
    if (suffix == null || suffix == ScalarType.BOOL) throw error(ss, "unknown type suffix '" + s + "'");
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

  /** What may follow a scalar literal: space, punctuation, a comment, or the start of an array or string. */
  private static boolean isDelimiter(byte c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ',' || c == ']' || c == ')'
        || c == '}' || c == '-' || c == '[' || c == '"';
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
