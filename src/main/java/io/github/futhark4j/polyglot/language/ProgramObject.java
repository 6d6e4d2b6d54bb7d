package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.dsl.Bind;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;

/**
 * A program with several entry points: each entry point is a readable member (an
 * {@link EntryPointObject}) and can be invoked directly ({@code prog.mean(xs)} in JS or Python).
 * {@code prog.restore(bytes)} restores an opaque value stored by {@code store()}, unless the
 * program has an entry point of that name (then {@code prog.anyEntry.restore(bytes)} does).
 */
@ExportLibrary(InteropLibrary.class)
final class ProgramObject implements TruffleObject {
  final FutharkProgram program;

  ProgramObject(FutharkProgram program) {
    this.program = program;
  }

  @TruffleBoundary
  private FutharkFunction lookup(String name) {
    return program.entryPoints().get(name);
  }

  @ExportMessage boolean hasMembers() { return true; }

  @ExportMessage
  @TruffleBoundary
  Object getMembers(boolean includeInternal) {
    return new TupleObject(program.entryPoints().keySet().toArray());
  }

  private static final String RESTORE = "restore";

  @ExportMessage
  boolean isMemberReadable(String member) {
    return lookup(member) != null || RESTORE.equals(member);
  }

  @ExportMessage
  Object readMember(String member) throws UnknownIdentifierException {
    FutharkFunction fn = lookup(member);
    if (fn == null) {
      if (RESTORE.equals(member)) return new RestoreFunction(program);
      throw UnknownIdentifierException.create(member);
    }
    return new EntryPointObject(fn, false);
  }

  @ExportMessage
  boolean isMemberInvocable(String member) {
    return lookup(member) != null || RESTORE.equals(member);
  }

  @ExportMessage
  Object invokeMember(String member, Object[] arguments, @Bind Node node) throws UnknownIdentifierException, ArityException {
    FutharkFunction fn = lookup(member);
    if (fn == null) {
      if (!RESTORE.equals(member)) throw UnknownIdentifierException.create(member);
      if (arguments.length != 1) throw ArityException.create(1, 1, arguments.length);
      return Calls.restore(program, arguments[0], node);
    }
    return Calls.call(fn, false, arguments, node);
  }

  @ExportMessage
  @TruffleBoundary
  Object toDisplayString(boolean allowSideEffects) {
    return "<futhark program " + program.entryPoints().keySet() + ">";
  }
}
