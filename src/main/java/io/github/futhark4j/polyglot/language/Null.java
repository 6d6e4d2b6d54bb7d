package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** The guest null value ({@code null} in JavaScript, {@code None} in Python) for absent members. */
@ExportLibrary(InteropLibrary.class)
final class Null implements TruffleObject {
  static final Null INSTANCE = new Null();

  private Null() {}

  @ExportMessage boolean isNull() { return true; }

  @ExportMessage Object toDisplayString(boolean allowSideEffects) { return "null"; }
}
