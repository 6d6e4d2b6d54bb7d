package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.dsl.Bind;
import com.oracle.truffle.api.nodes.Node;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkOpaque;
import io.github.futhark4j.polyglot.marshal.ArrayData;
import io.github.futhark4j.polyglot.marshal.DataCarrier;
import io.github.futhark4j.ScalarType;

/**
 * A value that stays in native memory: an array or opaque result of {@code entry.native(...)}, or
 * an opaque result of any call. Guests pass it on to another entry point of the same program,
 * which receives the handle itself, so chained kernels never copy their data through the JVM.
 * Wrapping the handle (rather than exposing the Java object) keeps this working under any host
 * access policy.
 *
 * <p>Members: {@code type} (the Futhark type); for arrays also {@code shape}, {@code toArray()}
 * (copies the data out into an ordinary result array) and {@code close()} (frees the native
 * memory now instead of when the handle is collected); for opaque values (records, tuples, sums)
 * {@code store()} (the value's bytes, to be restored with the program's {@code restore(bytes)})
 * and {@code close()}.
 */
@ExportLibrary(InteropLibrary.class)
final class NativeObject implements TruffleObject, DataCarrier {
  private static final String TYPE = "type";
  private static final String SHAPE = "shape";
  private static final String TO_ARRAY = "toArray";
  private static final String CLOSE = "close";
  private static final String STORE = "store";

  final Object handle;
  final String type;

  NativeObject(Object handle, String type) {
    this.handle = handle;
    this.type = type;
  }

  @Override public Object data() { return handle; }

  private boolean isArray() {
    return handle instanceof FutharkArray;
  }

  private boolean isOpaque() {
    return handle instanceof FutharkOpaque;
  }

  @ExportMessage boolean hasMembers() { return true; }

  @ExportMessage
  Object getMembers(boolean includeInternal) {
    return isArray() ? new TupleObject(TYPE, SHAPE, TO_ARRAY, CLOSE)
        : isOpaque() ? new TupleObject(TYPE, STORE, CLOSE) : new TupleObject(TYPE);
  }

  @ExportMessage
  boolean isMemberReadable(String member) {
    return TYPE.equals(member) || isMemberInvocable(member) || isArray() && SHAPE.equals(member);
  }

  @ExportMessage
  @TruffleBoundary
  Object readMember(String member) throws UnknownIdentifierException {
    if (TYPE.equals(member)) return type;
    if (isMemberInvocable(member)) return new BoundMethod(this, member);
    if (isArray() && SHAPE.equals(member)) {
      long[] shape = ((FutharkArray) handle).shape();
      Object[] dims = new Object[shape.length];
      for (int i = 0; i < dims.length; i++) dims[i] = shape[i];
      return new TupleObject(dims);
    }
    throw UnknownIdentifierException.create(member);
  }

  @ExportMessage
  boolean isMemberInvocable(String member) {
    return isArray() && (TO_ARRAY.equals(member) || CLOSE.equals(member))
        || isOpaque() && (STORE.equals(member) || CLOSE.equals(member));
  }

  @ExportMessage
  @TruffleBoundary
  Object invokeMember(String member, Object[] arguments, @Bind Node node) throws UnknownIdentifierException, ArityException {
    if (!isMemberInvocable(member)) throw UnknownIdentifierException.create(member);
    if (arguments.length != 0) throw ArityException.create(0, 0, arguments.length);
    if (handle instanceof FutharkOpaque opaque) {
      if (STORE.equals(member)) return Calls.store(opaque, node);
      opaque.close();
      return true;
    }
    FutharkArray array = (FutharkArray) handle;
    try {
      if (CLOSE.equals(member)) {
        array.close();
        return true;
      }
      ScalarType elem = ScalarType.parse(array.elementType());
      return new ArrayObject(ArrayData.fromFlat(array.toFlatJava(), elem, array.shape()));
    } catch (IllegalStateException e) {
      throw FutharkGuestException.runtime(e.getMessage());
    }
  }

  @ExportMessage
  @TruffleBoundary
  Object toDisplayString(boolean allowSideEffects) {
    return "<native futhark " + type + ">";
  }
}
