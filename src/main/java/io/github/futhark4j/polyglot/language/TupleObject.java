package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import java.util.Arrays;

/**
 * A fixed, read-only guest array of values that are already interop values: the results of an
 * entry point with several results (a JS array-like, a Python sequence to unpack), and lists of
 * names such as {@code parameterTypes}.
 */
@ExportLibrary(InteropLibrary.class)
final class TupleObject implements TruffleObject {
  final Object[] items;

  TupleObject(Object... items) {
    this.items = items;
  }

  @ExportMessage
  boolean hasArrayElements() {
    return true;
  }

  @ExportMessage
  long getArraySize() {
    return items.length;
  }

  @ExportMessage
  boolean isArrayElementReadable(long index) {
    return index >= 0 && index < items.length;
  }

  @ExportMessage
  Object readArrayElement(long index) throws InvalidArrayIndexException {
    if (index < 0 || index >= items.length) throw InvalidArrayIndexException.create(index);
    return items[(int) index];
  }

  @ExportMessage
  @TruffleBoundary
  Object toDisplayString(boolean allowSideEffects) {
    InteropLibrary lib = InteropLibrary.getUncached();
    return "(" + String.join(", ", Arrays.stream(items).map(x -> String.valueOf(lib.toDisplayString(x))).toList()) + ")";
  }
}
