package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.Node;
import io.github.futhark4j.FutharkArray;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkOpaque;
import io.github.futhark4j.FutharkProgram;
import io.github.futhark4j.ScalarType;
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
    // Opaque results (records, tuples, sums) stay native handles for guests, so that they can be
    // passed on without copying and stored (store()); their array results are copied out below.
    boolean nativeCall = keepNative || hasOpaqueResult(fn.resultTypes());
    try {
      Object[] javaArgs = ArgumentDecoder.decodeAll(fn.name(), fn.parameterTypes(), args);
      result = nativeCall ? fn.callNative(javaArgs) : fn.call(javaArgs);
    } catch (FutharkException e) {
      throw FutharkGuestException.runtime(e.getMessage(), node);
    } catch (IllegalArgumentException | IllegalStateException e) {
      // Bad arguments, and handles that were closed, consumed or belong to a closed program.
      throw FutharkGuestException.argument(e.getMessage(), node);
    }
    return encodeResults(fn.resultTypes(), result, keepNative);
  }

  private static boolean hasOpaqueResult(List<String> resultTypes) {
    for (String t : resultTypes) if (ManifestType.parse(t).isOpaque()) return true;
    return false;
  }

  /** An opaque value's {@code store()}: its bytes as a guest array of {@code u8} (a Uint8Array view in JS). */
  @TruffleBoundary
  static Object store(FutharkOpaque value, Node node) {
    byte[] bytes;
    try {
      bytes = value.store();
    } catch (IllegalStateException e) {
      throw FutharkGuestException.argument(e.getMessage(), node);
    } catch (FutharkException | UnsupportedOperationException e) {
      throw FutharkGuestException.runtime(e.getMessage(), node);
    }
    return new ArrayObject(ArrayData.fromFlat(bytes, ScalarType.parse("u8"), new long[] {bytes.length}));
  }

  /** A program's {@code restore(bytes)}: the bytes as a {@code []u8} argument, restored to a native opaque value. */
  @TruffleBoundary
  static Object restore(FutharkProgram program, Object bytes, Node node) {
    FutharkContext context = FutharkContext.get(null);
    FutharkOpaque value;
    try {
      Object decoded = ArgumentDecoder.decode("restore", 0, ManifestType.parse("[]u8"), new InteropData(bytes, context));
      if (!(decoded instanceof byte[] b)) {
        throw new IllegalArgumentException("restore takes the bytes of a stored value (bytes, Uint8Array, or what store() returned)");
      }
      value = program.restore(b);
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw FutharkGuestException.argument(e.getMessage(), node);
    } catch (FutharkException | UnsupportedOperationException e) {
      throw FutharkGuestException.runtime(e.getMessage(), node);
    }
    return new NativeObject(value, value.type());
  }

  /** Several results become a tuple (a guest array); one result is returned as it is. */
  @TruffleBoundary
  static Object encodeResults(List<String> resultTypes, Object result) {
    return encodeResults(resultTypes, result, true);
  }

  /**
   * The same; unless {@code keepNative}, native array results (of a call made natively for its
   * opaque results) are copied out into guest arrays and freed.
   */
  @TruffleBoundary
  static Object encodeResults(List<String> resultTypes, Object result, boolean keepNative) {
    if (resultTypes.size() == 1) return encode(ManifestType.parse(resultTypes.get(0)), result, keepNative);
    Object[] parts = (Object[]) result;
    Object[] out = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = encode(ManifestType.parse(resultTypes.get(i)), parts[i], keepNative);
    }
    return new TupleObject(out);
  }

  private static Object encode(ManifestType type, Object value, boolean keepNative) {
    if (!keepNative && type.isArray() && value instanceof FutharkArray a) {
      try (a) {
        return new ArrayObject(ArrayData.fromFlat(a.toFlatJava(), type.elem(), a.shape()));
      }
    }
    return encode(type, value);
  }

  /** One Java result (as {@code FutharkFunction} returns it) as an interop value. */
  @TruffleBoundary
  static Object encode(ManifestType type, Object value) {
    if (type.isScalar() && (value instanceof Number || value instanceof Boolean)) {
      return ArrayObject.guestScalar(type.elem().numericValue(value));
    }
    if (type.isArray() && value != null && value.getClass().isArray()) {
      return new ArrayObject(ArrayData.fromJava(value, type.elem(), type.rank()));
    }
    // Native array handles and opaque values stay native.
    return new NativeObject(value, type.name());
  }
}
