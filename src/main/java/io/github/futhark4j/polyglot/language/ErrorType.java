package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.utilities.TriState;

/**
 * The meta object (guest-visible class) of a {@link FutharkGuestException}: {@code FutharkError}
 * for run-time failures, {@code ArgumentError} for arguments refused before the call and
 * {@code CompileError} for programs that do not compile. The latter two have {@code FutharkError}
 * as their meta parent.
 *
 * <p>GraalPy gives every foreign exception the class {@code polyglot.ForeignException}, which
 * derives from {@code BaseException} and not from {@code Exception}. {@code polyglot.register_interop_type}
 * lets Python code choose a Python class for the instances of a foreign meta object; our Python
 * support module ({@link PythonSupport}) registers a subclass of {@code Exception} for each of
 * these, so that {@code except Exception} catches Futhark failures.
 */
@ExportLibrary(InteropLibrary.class)
final class ErrorType implements TruffleObject {
  static final ErrorType FUTHARK_ERROR = new ErrorType("FutharkError", null);
  static final ErrorType ARGUMENT_ERROR = new ErrorType("ArgumentError", FUTHARK_ERROR);
  static final ErrorType COMPILE_ERROR = new ErrorType("CompileError", FUTHARK_ERROR);

  final String name;
  final ErrorType parent;

  private ErrorType(String name, ErrorType parent) {
    this.name = name;
    this.parent = parent;
  }

  @ExportMessage boolean isMetaObject() { return true; }

  @ExportMessage Object getMetaQualifiedName() { return "futhark4j." + name; }

  @ExportMessage Object getMetaSimpleName() { return name; }

  @ExportMessage
  @TruffleBoundary
  boolean isMetaInstance(Object instance) {
    if (!(instance instanceof FutharkGuestException e)) return false;
    for (ErrorType t = e.type(); t != null; t = t.parent) {
      if (t == this) return true;
    }
    return false;
  }

  @ExportMessage boolean hasMetaParents() { return parent != null; }

  @ExportMessage
  Object getMetaParents() throws com.oracle.truffle.api.interop.UnsupportedMessageException {
    if (parent == null) throw com.oracle.truffle.api.interop.UnsupportedMessageException.create();
    return new TupleObject(parent);
  }

  /** Identity, so that GraalPy can use the meta object as a key of its interop type registry. */
  @ExportMessage
  TriState isIdenticalOrUndefined(Object other) {
    return other == this ? TriState.TRUE : other instanceof ErrorType ? TriState.FALSE : TriState.UNDEFINED;
  }

  @ExportMessage
  @TruffleBoundary
  int identityHashCode() {
    return System.identityHashCode(this);
  }

  @ExportMessage
  Object toDisplayString(boolean allowSideEffects) {
    return "futhark4j." + name;
  }
}
