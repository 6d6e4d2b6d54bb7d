package io.github.futhark4j.polyglot.marshal;

import io.github.futhark4j.ScalarType;
/**
 * The element kind of a typed guest buffer (a JS typed array, a Python {@code array.array} or
 * {@code memoryview}), used to refuse, with a helpful message, a buffer whose elements are not the
 * parameter's element type instead of silently reinterpreting its bytes.
 */
record SourceKind(String name, int size, boolean floating) {
  static SourceKind ofTypedArray(String jsName) {
    return switch (jsName) {
      case "Int8Array" -> new SourceKind(jsName, 1, false);
      case "Uint8Array", "Uint8ClampedArray" -> new SourceKind(jsName, 1, false);
      case "Int16Array", "Uint16Array" -> new SourceKind(jsName, 2, false);
      case "Int32Array", "Uint32Array" -> new SourceKind(jsName, 4, false);
      case "BigInt64Array", "BigUint64Array" -> new SourceKind(jsName, 8, false);
      case "Float16Array" -> new SourceKind(jsName, 2, true);
      case "Float32Array" -> new SourceKind(jsName, 4, true);
      case "Float64Array" -> new SourceKind(jsName, 8, true);
      default -> null;
    };
  }

  /** Python's struct-style format characters; {@code itemsize} settles the platform-sized ones. */
  static SourceKind ofPythonFormat(String format, int itemsize) {
    if (format == null) return null;
    String f = format.replace("'", "").replace("<", "").replace("=", "").replace("@", "");
    if (f.length() != 1) return null;
    char c = f.charAt(0);
    boolean floating = c == 'e' || c == 'f' || c == 'd';
    if (!floating && "bBhHiIlLqQc?".indexOf(c) < 0) return null;
    return new SourceKind("format '" + c + "'", itemsize, floating);
  }

  String describe() { return name + " (" + (floating ? "float" : "integer") + ", " + size + " byte" + (size == 1 ? "" : "s") + ")"; }

  /** The natural guest containers for a Futhark element type, for messages. */
  static String suggest(ScalarType p) {
    return switch (p) {
      case F64 -> "Float64Array / array('d')";
      case F32 -> "Float32Array / array('f')";
      case F16 -> "Float16Array";
      case I64 -> "BigInt64Array / array('q')";
      case U64 -> "BigUint64Array / array('Q')";
      case I32 -> "Int32Array / array('i')";
      case U32 -> "Uint32Array / array('I')";
      case I16 -> "Int16Array / array('h')";
      case U16 -> "Uint16Array / array('H')";
      case I8 -> "Int8Array / array('b')";
      case U8 -> "Uint8Array / array('B') / bytes";
      case BOOL -> "Uint8Array of 0/1";
    };
  }
}
