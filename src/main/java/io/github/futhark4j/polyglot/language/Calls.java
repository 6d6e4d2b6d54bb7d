package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.polyglot.marshal.ArgumentDecoder;
import io.github.futhark4j.polyglot.marshal.ArrayData;
import io.github.futhark4j.polyglot.marshal.GuestData;
import io.github.futhark4j.polyglot.marshal.ManifestType;
import java.util.List;

/**
 * One guest call of an entry point: decode the interop arguments, call the function, and turn the
 * Java results into interop values. Every failure leaves as a {@link FutharkGuestException} so the
 * guest can catch it; Futhark's own message is kept word for word.
 */
final class Calls {
  private Calls() {}

  @TruffleBoundary
  static Object call(FutharkFunction fn, boolean keepNative, Object[] arguments, Node node) {
    FutharkContext context = FutharkContext.get(null);
    GuestData[] args = new GuestData[arguments.length];
    for (int i = 0; i < args.length; i++) args[i] = new InteropData(arguments[i], context);
    Object result;
    try {
      Object[] javaArgs = ArgumentDecoder.decodeAll(fn.name(), fn.parameterTypes(), args);
      result = keepNative ? fn.callNative(javaArgs) : fn.call(javaArgs);
    } catch (FutharkException e) {
      throw FutharkGuestException.runtime(e.getMessage(), node);
    } catch (IllegalArgumentException | IllegalStateException e) {
      // Bad arguments, and handles that were closed, consumed or belong to a closed program.
      throw FutharkGuestException.runtime(e.getMessage(), node);
    }
    return encodeResults(fn.resultTypes(), result);
  }

  /** Several results become a tuple (a guest array); one result is returned as it is. */
  @TruffleBoundary
  static Object encodeResults(List<String> resultTypes, Object result) {
    if (resultTypes.size() == 1) return encode(ManifestType.parse(resultTypes.get(0)), result);
    Object[] parts = (Object[]) result;
    Object[] out = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = encode(ManifestType.parse(resultTypes.get(i)), parts[i]);
    }
    return new TupleObject(out);
  }

  /** One Java result (as {@code FutharkFunction} returns it) as an interop value. */
  @TruffleBoundary
  static Object encode(ManifestType type, Object value) {
    if (type.isScalar() && (value instanceof Number || value instanceof Boolean)) {
      return ArrayObject.guestScalar(type.elem().toGuestScalar(value));
    }
    if (type.isArray() && value != null && value.getClass().isArray()) {
      return new ArrayObject(ArrayData.fromJava(value, type.elem(), type.rank()));
    }
    // Native array handles and opaque values stay native.
    return new NativeObject(value, type.name());
  }
}
