package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.interop.ExceptionType;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;
import io.github.futhark4j.FutharkCompileException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Futhark failure as a guest exception.
 *
 * <ul>
 *   <li>JavaScript catches it with {@code catch (e)} and reads {@code e.message}.
 *   <li>Python: GraalPy makes every foreign exception a {@code polyglot.ForeignException}, which is
 *       a {@code BaseException} but not an {@code Exception}. The language therefore installs, the
 *       first time Python uses it, Python classes for our {@linkplain ErrorType error types}
 *       ({@link PythonSupport}): a Futhark failure is then a {@code futhark4j.FutharkError}
 *       ({@code futhark4j.CompileError}, {@code futhark4j.ArgumentError}), subclasses of
 *       {@code Exception}, and {@code except Exception as e} catches it. Where the language cannot
 *       run Python code (the host denied eval from {@code futhark} to {@code python}), it stays a
 *       {@code polyglot.ForeignException}.
 *   <li>Java sees a {@code PolyglotException}. Compile errors with a position are
 *       {@linkplain ExceptionType#PARSE_ERROR parse errors} carrying their source section, so
 *       {@code PolyglotException.isSyntaxError()} holds and the location points into the Futhark
 *       source.
 * </ul>
 *
 * <p>Members, for every guest: {@code message}; {@code file}, {@code line} and {@code column} of
 * the Futhark source location (the first error of a compile error, the innermost frame of a
 * run-time error's backtrace), or null when there is none.
 */
@ExportLibrary(InteropLibrary.class)
public final class FutharkGuestException extends AbstractTruffleException {
  private static final long serialVersionUID = 1L;
  private static final String MESSAGE = "message";
  private static final String FILE = "file";
  private static final String LINE = "line";
  private static final String COLUMN = "column";
  /** The innermost frame of a Futhark backtrace: {@code -> #0  prog.fut:3:5-12}. */
  private static final Pattern FRAME = Pattern.compile("(?m)^-> #0\\s+(.*):(\\d+):(\\d+)(?:-[\\d:]+)?\\s*$");

  private final transient SourceSection location;
  private final transient ErrorType type;
  private final String file;
  private final int line;
  private final int column;

  private FutharkGuestException(String message, ErrorType type, SourceSection location, String file, int line,
      int column, Node node) {
    super(message, node);
    this.type = type;
    this.location = location;
    this.file = file;
    this.line = line;
    this.column = column;
  }

  /** A run-time failure of Futhark code or of a call; its location is read from Futhark's backtrace. */
  @TruffleBoundary
  public static FutharkGuestException runtime(String message) {
    return runtime(message, null);
  }

  /**
   * The same, located at {@code node}: the interop node the guest's call went through, so the
   * guest stack trace shows the line of the call.
   */
  @TruffleBoundary
  public static FutharkGuestException runtime(String message, Node node) {
    return located(message, ErrorType.FUTHARK_ERROR, node);
  }

  /** An argument refused before the call (wrong type, shape, range, closed handle). */
  @TruffleBoundary
  static FutharkGuestException argument(String message, Node node) {
    return located(message, ErrorType.ARGUMENT_ERROR, node);
  }

  private static FutharkGuestException located(String message, ErrorType type, Node node) {
    PythonSupport.ensure();
    String m = message == null ? "" : message;
    Matcher f = FRAME.matcher(m);
    Node at = node != null && node.isAdoptable() ? node : null;
    if (f.find()) {
      return new FutharkGuestException(m, type, null, f.group(1), Integer.parseInt(f.group(2)),
          Integer.parseInt(f.group(3)), at);
    }
    return new FutharkGuestException(m, type, null, null, -1, -1, at);
  }

  /** A compile failure; a syntax or type error with a position becomes a parse error there. */
  @TruffleBoundary
  public static FutharkGuestException compileError(FutharkCompileException e, Source source) {
    PythonSupport.ensure();
    SourceSection at = section(source, e.line(), e.column());
    String file = e.fileName() != null ? e.fileName() : e.line() > 0 ? source.getName() : null;
    return new FutharkGuestException(e.getMessage(), ErrorType.COMPILE_ERROR, at, file, e.line(), e.column(), null);
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

  ErrorType type() {
    return type;
  }

  /** The file of the Futhark source location, or null. */
  public String file() {
    return file;
  }

  /** The 1-based line of the Futhark source location, or -1. */
  public int line() {
    return line;
  }

  /** The 1-based column of the Futhark source location, or -1. */
  public int column() {
    return column;
  }

  @ExportMessage
  ExceptionType getExceptionType() {
    return type == ErrorType.COMPILE_ERROR && location != null ? ExceptionType.PARSE_ERROR : ExceptionType.RUNTIME_ERROR;
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

  @ExportMessage
  boolean hasMetaObject() {
    return true;
  }

  @ExportMessage
  Object getMetaObject() {
    return type;
  }

  @ExportMessage
  boolean hasMembers() {
    return true;
  }

  @ExportMessage
  Object getMembers(boolean includeInternal) {
    return new TupleObject(MESSAGE, FILE, LINE, COLUMN);
  }

  @ExportMessage
  boolean isMemberReadable(String member) {
    return switch (member) {
      case MESSAGE, FILE, LINE, COLUMN -> true;
      default -> false;
    };
  }

  @ExportMessage
  @TruffleBoundary
  Object readMember(String member) throws UnknownIdentifierException {
    return switch (member) {
      case MESSAGE -> getMessage();
      case FILE -> file != null ? file : Null.INSTANCE;
      case LINE -> line > 0 ? (Object) line : Null.INSTANCE;
      case COLUMN -> column > 0 ? (Object) column : Null.INSTANCE;
      default -> throw UnknownIdentifierException.create(member);
    };
  }
}
