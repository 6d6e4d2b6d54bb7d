package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import io.github.futhark4j.polyglot.marshal.DataCarrier;

/**
 * A value that stays in native memory: an array or opaque result of {@code entry.native(...)}.
 * Guests see only its Futhark type (member {@code type}); they pass it on to another entry point of the same program, which
 * receives the handle itself, so chained kernels never copy their data through the JVM. Wrapping
 * the handle (rather than exposing the Java object) keeps this working under any host access
 * policy.
 */
@ExportLibrary(InteropLibrary.class)
final class NativeObject implements TruffleObject, DataCarrier {
  final Object handle;
  final String type;

  NativeObject(Object handle, String type) {
    this.handle = handle;
    this.type = type;
  }

  @Override public Object data() { return handle; }

  @ExportMessage boolean hasMembers() { return true; }

  @ExportMessage
  Object getMembers(boolean includeInternal) {
    return new TupleObject("type");
  }

  @ExportMessage
  boolean isMemberReadable(String member) {
    return "type".equals(member);
  }

  @ExportMessage
  Object readMember(String member) throws UnknownIdentifierException {
    if (!"type".equals(member)) throw UnknownIdentifierException.create(member);
    return type;
  }

  @ExportMessage
  @TruffleBoundary
  Object toDisplayString(boolean allowSideEffects) {
    return "<native futhark " + type + ">";
  }
}
