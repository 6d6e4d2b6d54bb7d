package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.interop.ExceptionType;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;
import io.github.futhark4j.FutharkCompileException;

/**
 * A Futhark failure as a guest exception: JavaScript catches it with {@code catch (e)} and reads
 * {@code e.message}, Python with {@code except Exception as e}, Java sees a
 * {@code PolyglotException}. Compile errors with a position are {@linkplain ExceptionType#PARSE_ERROR
 * parse errors} carrying their source section, so {@code PolyglotException.isSyntaxError()} holds
 * and the location points into the Futhark source.
 */
@ExportLibrary(InteropLibrary.class)
public final class FutharkGuestException extends AbstractTruffleException {
  private static final long serialVersionUID = 1L;

  private final transient SourceSection location;
  private final boolean parseError;

  private FutharkGuestException(String message, SourceSection location, boolean parseError, Node node) {
    super(message, node);
    this.location = location;
    this.parseError = parseError;
  }

  /** A run-time failure, bad argument or failed call. */
  @TruffleBoundary
  public static FutharkGuestException runtime(String message) {
    return new FutharkGuestException(message, null, false, null);
  }

  /**
   * The same, located at {@code node}: the interop node the guest's call went through, so the
   * guest stack trace shows the line of the call.
   */
  @TruffleBoundary
  public static FutharkGuestException runtime(String message, Node node) {
    return new FutharkGuestException(message, null, false, node != null && node.isAdoptable() ? node : null);
  }

  /** A compile failure; a syntax or type error with a position becomes a parse error there. */
  @TruffleBoundary
  public static FutharkGuestException compileError(FutharkCompileException e, Source source) {
    SourceSection at = section(source, e.line(), e.column());
    return new FutharkGuestException(e.getMessage(), at, e.line() > 0, null);
  }

  private static SourceSection section(Source source, int line, int column) {
    if (line <= 0 || !source.hasCharacters() || line > source.getLineCount()) return null;
    try {
      if (column > 0 && column <= source.getLineLength(line)) {
        return source.createSection(line, column, line, column);
      }
      return source.createSection(line);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  @ExportMessage
  ExceptionType getExceptionType() {
    return parseError ? ExceptionType.PARSE_ERROR : ExceptionType.RUNTIME_ERROR;
  }

  @ExportMessage
  boolean hasSourceLocation() {
    return location != null;
  }

  @ExportMessage(name = "getSourceLocation")
  SourceSection sourceLocation() throws UnsupportedMessageException {
    if (location == null) throw UnsupportedMessageException.create();
    return location;
  }
}
