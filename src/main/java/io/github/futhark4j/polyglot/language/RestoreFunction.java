package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.dsl.Bind;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.Node;
import io.github.futhark4j.FutharkProgram;

/**
 * {@code restore(bytes)} of a program, as a guest function: turns bytes made by an opaque value's
 * {@code store()} (a JS {@code Uint8Array}/{@code ArrayBuffer}, Python {@code bytes}/{@code bytearray},
 * or the result of {@code store()} itself) back into a native opaque value of the same program.
 */
@ExportLibrary(InteropLibrary.class)
final class RestoreFunction implements TruffleObject {
  final FutharkProgram program;

  RestoreFunction(FutharkProgram program) {
    this.program = program;
  }

  @ExportMessage boolean isExecutable() { return true; }

  @ExportMessage
  Object execute(Object[] arguments, @Bind Node node) throws ArityException {
    if (arguments.length != 1) throw ArityException.create(1, 1, arguments.length);
    return Calls.restore(program, arguments[0], node);
  }

  @ExportMessage
  Object toDisplayString(boolean allowSideEffects) {
    return "<futhark restore>";
  }
}
