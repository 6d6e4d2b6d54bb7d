package io.github.futhark4j.cli.spec;

import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueGenerator.ShapedType;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Everything the test blocks of one program say.
 *
 * @param tags   the {@code tags { ... }} of the first block ({@code disable}, {@code no_c}, ...)
 * @param action what to do with the program
 */
public record TestSpec(List<String> tags, Action action) {
  /** A program with no test block: it must compile, nothing is run. */
  public static TestSpec none() {
    return new TestSpec(List.of(), new RunCases(List.of(), List.of(), List.of()));
  }

  /** True when the program has no test block (or one with no cases): it is only compiled. */
  public boolean hasNoCases() {
    return action instanceof RunCases rc && rc.properties().isEmpty() && rc.ios().stream().allMatch(io -> io.runs().isEmpty());
  }

  /** What testing a program means. */
  public sealed interface Action permits CompileError, RunCases {}

  /** The first block says {@code error: REGEX}: compilation must fail with a matching message. */
  public record CompileError(ExpectedError error) implements Action {}

  /**
   * Run cases grouped by entry point, and the specs of the compiled program.
   *
   * @param ios        one group per entry point named by an {@code entry:} line of each block
   * @param structures the {@code structure} specs, in order (checked only by {@code test
   *                   --structure}, otherwise reported as skipped)
   * @param warnings   the {@code warning:} regexes (not checked, reported as skipped)
   * @param properties the names of the {@code property:} lines of all blocks, in order
   */
  public record RunCases(List<InputOutputs> ios, List<Structure> structures, List<ExpectedError> warnings,
      List<Property> properties) implements Action {
    /** Run cases without properties. */
    public RunCases(List<InputOutputs> ios, List<Structure> structures, List<ExpectedError> warnings) {
      this(ios, structures, warnings, List.of());
    }
  }

  /**
   * One name of a {@code property: names...} line: an entry point {@code t -> bool} with a
   * {@code #[prop]} attribute, tested on random candidates (see {@code cli.runner.PropertyTester}).
   *
   * @param name the entry point
   */
  public record Property(String name) {}

  /**
   * A {@code structure [MODE] { PATH N ... }} spec: how many of each construct the program's IR
   * holds after optimisation ({@code MODE} empty), or after another of the reference compiler's
   * pipelines ({@code gpu}, {@code mc}, {@code seq-mem}, ...).
   *
   * @param mode    the word between {@code structure} and the brace, or {@code ""}
   * @param counts  the expected counts, in order
   * @param line    the 1-based line of the spec, for messages
   * @param problem why the braces could not be read as pairs of a path and a count, else null
   *                (such a spec fails only when structure specs are checked)
   */
  public record Structure(String mode, List<Count> counts, int line, String problem) {}

  /** One expected count: a construct's path ({@code Screma}, {@code /Map/Reduce}) and how many. */
  public record Count(String path, int count) {}

  /**
   * The run cases of one block for one entry point.
   *
   * @param explicitEntry whether the block named the entry point ({@code entry:}); when not,
   *                      {@code main} is assumed
   */
  public record InputOutputs(String entryPoint, List<TestRun> runs, boolean explicitEntry) {
    public InputOutputs(String entryPoint, List<TestRun> runs) {
      this(entryPoint, runs, true);
    }
  }

  /**
   * One dataset.
   *
   * @param tags        run tags before {@code input}: {@code compiled}, {@code nobench}, {@code random},
   *                    {@code script}, {@code no_c} or any other
   * @param input       where the arguments come from
   * @param expected    what must happen
   * @param index       position in its block, from 0
   * @param description the dataset's name: the given string literal, else futhark's derived form
   *                    ({@code #0 ("1i32 2i32")}, the file name, or the random types)
   * @param line        the 1-based line of the case in the program, for messages
   */
  public record TestRun(List<String> tags, Values input, Expected expected, int index, String description, int line) {}

  /** An expected error message; a {@code null} regex accepts any error. */
  public record ExpectedError(String regex) {
    /** True when the message matches (a search, not a whole match; {@code .} also matches newlines). */
    public boolean matches(String message) {
      if (regex == null) return true;
      return Pattern.compile(regex, Pattern.DOTALL).matcher(message == null ? "" : message).find();
    }

    @Override
    public String toString() { return regex == null ? "any error" : regex; }
  }

  /** Where arguments or expected results come from. */
  public sealed interface Values permits Literal, InFile, Random, Script {}

  /**
   * Values written in the block, read without knowing the program's types, and their text, so they
   * can be read again with the entry point's types as hints ({@code 1} for an f64 parameter).
   *
   * @param text the text between the braces and where it starts; {@code null} when not from a file
   */
  public record Literal(List<Value> values, Text text) implements Values {
    public Literal(List<Value> values) {
      this(values, null);
    }
  }

  /** A piece of a file: its text and the 1-based line and column where it starts. */
  public record Text(String inputName, String text, int line, int column) {}

  /** {@code @ path}: a data file (text, binary, or gzipped), relative to the program. */
  public record InFile(String path) implements Values {}

  /** {@code random input { [n]i32 10i64 }}: random values of those types, and fixed values. */
  public record Random(List<Gen> gens) implements Values {}

  /** {@code script input}: FutharkScript, which we do not evaluate. */
  public record Script(String text) implements Values {}

  /** One item of a random input: a random value of a shaped type, or a fixed value. */
  public sealed interface Gen permits RandomOf, Fixed {}

  public record RandomOf(ShapedType type) implements Gen {}

  public record Fixed(Value value) implements Gen {}

  /** How a case must end. */
  public sealed interface Expected permits Succeeds, AutoOutput, RunTimeError {}

  /** Success, with these results, or with any result when {@code output} is {@code null}. */
  public record Succeeds(Values output) implements Expected {}

  /** {@code auto output}: results would come from a reference compiler. */
  public record AutoOutput() implements Expected {}

  /** {@code error: REGEX} after an input: the run must fail with a matching message. */
  public record RunTimeError(ExpectedError error) implements Expected {}
}
