package io.github.futhark4j.compiler.interp;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueReader;
import io.github.futhark4j.data.ValueWriter;
import java.util.List;
import java.util.stream.Collectors;

/** Runs small programs in the source interpreter for the tests of this package. */
final class Interp {
  private Interp() {}

  static SourceInterpreter load(String program) {
    try {
      return SourceInterpreter.load(Frontend.check(new Source("test.fut", program)));
    } catch (CompileException e) {
      throw new AssertionError("the test program does not compile:\n" + e.getMessage(), e);
    }
  }

  static List<Value> args(SourceInterpreter in, String entry, String args) {
    TDecl.EntryPoint ep = in.entryPoints().get(entry);
    List<String> types = ep.params().stream().map(TDecl.EntryType::name).toList();
    return new ValueReader(args, "args").readAll(Value.elementTypesOf(types));
  }

  /** The results of {@code entry} on {@code args} (Futhark value syntax), in value syntax, separated by spaces. */
  static String run(String program, String entry, String args) {
    SourceInterpreter in = load(program);
    return in.call(entry, args(in, entry, args)).stream().map(ValueWriter::text).collect(Collectors.joining(" "));
  }

  /** {@link #run} of {@code main}. */
  static String main(String program, String args) {
    return run(program, "main", args);
  }

  /** The run-time error of {@code entry} on {@code args}. */
  static EvalError error(String program, String entry, String args) {
    SourceInterpreter in = load(program);
    List<Value> vs = args(in, entry, args);
    return assertThrows(EvalError.class, () -> in.call(entry, vs));
  }
}
