package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.dsl.Bind;
import io.github.futhark4j.FutharkFunction;

/**
 * An entry point as a guest function: executing it calls the Futhark function with the guest's
 * arguments and returns guest results. Members: {@code name}, {@code parameterTypes},
 * {@code resultTypes}, {@code native}, the same entry point returning native handles for its
 * array results so that they can be chained into further calls without copying
 * ({@code f.native(x)} invokes it directly), and {@code restore(bytes)}, which restores an opaque
 * value of the entry point's program from the bytes its {@code store()} gave.
 */
@ExportLibrary(InteropLibrary.class)
final class EntryPointObject implements TruffleObject {
  private static final String NAME = "name";
  private static final String PARAMS = "parameterTypes";
  private static final String RESULTS = "resultTypes";
  private static final String NATIVE = "native";
  private static final String RESTORE = "restore";

  final FutharkFunction function;
  final boolean keepNative;

  EntryPointObject(FutharkFunction function, boolean keepNative) {
    this.function = function;
    this.keepNative = keepNative;
  }

  @ExportMessage boolean isExecutable() { return true; }

  @ExportMessage
  Object execute(Object[] arguments, @Bind Node node) {
    return Calls.call(function, keepNative, arguments, node);
  }

  @ExportMessage boolean hasMembers() { return true; }

  @ExportMessage
  Object getMembers(boolean includeInternal) {
    return new TupleObject(NAME, PARAMS, RESULTS, NATIVE, RESTORE);
  }

  @ExportMessage
  boolean isMemberReadable(String member) {
    return switch (member) {
      case NAME, PARAMS, RESULTS, NATIVE, RESTORE -> true;
      default -> false;
    };
  }

  @ExportMessage
  @TruffleBoundary
  Object readMember(String member) throws UnknownIdentifierException {
    return switch (member) {
      case NAME -> function.name();
      case PARAMS -> new TupleObject(function.parameterTypes().toArray());
      case RESULTS -> new TupleObject(function.resultTypes().toArray());
      case NATIVE -> new EntryPointObject(function, true);
      case RESTORE -> new RestoreFunction(function.program());
      default -> throw UnknownIdentifierException.create(member);
    };
  }

  @ExportMessage
  boolean isMemberInvocable(String member) {
    return NATIVE.equals(member) || RESTORE.equals(member);
  }

  @ExportMessage
  Object invokeMember(String member, Object[] arguments, @Bind Node node) throws UnknownIdentifierException, ArityException {
    if (RESTORE.equals(member)) {
      if (arguments.length != 1) throw ArityException.create(1, 1, arguments.length);
      return Calls.restore(function.program(), arguments[0], node);
    }
    if (!NATIVE.equals(member)) throw UnknownIdentifierException.create(member);
    return Calls.call(function, true, arguments, node);
  }

  @ExportMessage
  @TruffleBoundary
  Object toDisplayString(boolean allowSideEffects) {
    return "<futhark entry " + function.name() + " : " + String.join(" -> ", function.parameterTypes())
        + " -> " + String.join(", ", function.resultTypes()) + (keepNative ? " (native results)" : "") + ">";
  }
}
