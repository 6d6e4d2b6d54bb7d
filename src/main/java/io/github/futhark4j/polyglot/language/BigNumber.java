package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import java.math.BigInteger;

/**
 * A u64 result above {@code Long.MAX_VALUE}. {@link BigInteger} is not itself an interop value,
 * so this wraps it as a number that fits only in a big integer (and, rounded, a double): JS
 * reads it as a BigInt-capable number, Python as an int.
 */
@ExportLibrary(InteropLibrary.class)
final class BigNumber implements TruffleObject {
  final BigInteger value;

  BigNumber(BigInteger value) {
    this.value = value;
  }

  @ExportMessage boolean isNumber() { return true; }

  @ExportMessage boolean fitsInByte() { return false; }

  @ExportMessage boolean fitsInShort() { return false; }

  @ExportMessage boolean fitsInInt() { return false; }

  @ExportMessage boolean fitsInLong() { return false; }

  @ExportMessage boolean fitsInFloat() { return false; }

  @ExportMessage boolean fitsInDouble() { return false; }

  @ExportMessage boolean fitsInBigInteger() { return true; }

  @ExportMessage byte asByte() throws UnsupportedMessageException { throw UnsupportedMessageException.create(); }

  @ExportMessage short asShort() throws UnsupportedMessageException { throw UnsupportedMessageException.create(); }

  @ExportMessage int asInt() throws UnsupportedMessageException { throw UnsupportedMessageException.create(); }

  @ExportMessage long asLong() throws UnsupportedMessageException { throw UnsupportedMessageException.create(); }

  @ExportMessage float asFloat() throws UnsupportedMessageException { throw UnsupportedMessageException.create(); }

  @ExportMessage double asDouble() throws UnsupportedMessageException { throw UnsupportedMessageException.create(); }

  @ExportMessage BigInteger asBigInteger() { return value; }

  @ExportMessage
  @TruffleBoundary
  Object toDisplayString(boolean allowSideEffects) {
    return value.toString();
  }
}
