package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * A method of one of our objects read as a value ({@code const f = h.store} in JS,
 * {@code f = h.store} in Python): executing it invokes the member on the receiver.
 */
@ExportLibrary(InteropLibrary.class)
final class BoundMethod implements TruffleObject {
  private final Object receiver;
  private final String member;

  BoundMethod(Object receiver, String member) {
    this.receiver = receiver;
    this.member = member;
  }

  @ExportMessage boolean isExecutable() { return true; }

  @ExportMessage
  @TruffleBoundary
  Object execute(Object[] arguments) throws UnsupportedMessageException, ArityException, UnsupportedTypeException {
    try {
      return InteropLibrary.getUncached().invokeMember(receiver, member, arguments);
    } catch (com.oracle.truffle.api.interop.UnknownIdentifierException e) {
      throw UnsupportedMessageException.create(e);
    }
  }

  @ExportMessage
  Object toDisplayString(boolean allowSideEffects) {
    return "<futhark method " + member + ">";
  }
}
