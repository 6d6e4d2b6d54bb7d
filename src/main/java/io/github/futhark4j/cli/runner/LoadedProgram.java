package io.github.futhark4j.cli.runner;

import io.github.futhark4j.data.Value;
import java.util.List;
import java.util.Map;

/** A compiled program whose entry points take and return {@link Value}s. */
public interface LoadedProgram extends AutoCloseable {
  /** Parameter and result types of an entry point, as the manifest names them ({@code []f64}). */
  record EntryInfo(List<String> parameterTypes, List<String> resultTypes) {}

  /** The entry points by name. */
  Map<String, EntryInfo> entryPoints();

  /**
   * The entry point to use when {@code main} is meant by default (no {@code -e}, no {@code entry:}):
   * {@code main} if the program has it, else the program's only entry point if it has exactly one.
   * Compiled futhark programs insist on {@code main}; accepting a single differently named entry
   * point spares writing {@code entry:} in every test of a one-function program.
   */
  default String defaultEntry() {
    Map<String, EntryInfo> eps = entryPoints();
    if (!eps.containsKey("main") && eps.size() == 1) return eps.keySet().iterator().next();
    return "main";
  }

  /**
   * Calls an entry point.
   *
   * @throws RunFailure the Futhark code failed, or the arguments do not fit the entry point
   */
  List<Value> call(String entry, List<Value> args) throws RunFailure;

  /**
   * Calls an entry point for its effect only (success or failure): its results need not be values
   * that can be shown (an opaque result is fine when a test expects no output).
   *
   * @throws RunFailure the Futhark code failed, or the arguments do not fit the entry point
   */
  default void run(String entry, List<Value> args) throws RunFailure {
    call(entry, args);
  }

  /**
   * Calls an entry point with arguments that may also be tuples, records and native values, for
   * property tests: each result becomes a {@link PropValue} after the manifest type of the result
   * (a tuple or record as {@link PropValue.Tuple} or {@link PropValue.Record}, an opaque type
   * without a record view as {@link PropValue.Native}, to be {@link #release released}). The
   * default, for loaders that only handle primitive values, calls {@link #call}.
   *
   * @throws RunFailure the Futhark code failed, or the arguments do not fit the entry point
   */
  default List<PropValue> callValues(String entry, List<PropValue> args) throws RunFailure {
    List<Value> vs = new java.util.ArrayList<>();
    for (PropValue a : args) {
      if (!(a instanceof PropValue.Prim p)) {
        throw new RunFailure("entry point " + entry + ": this loader passes only primitive values and arrays of them", true, null);
      }
      vs.add(p.value());
    }
    List<PropValue> out = new java.util.ArrayList<>();
    for (Value v : call(entry, vs)) out.add(new PropValue.Prim(v));
    return out;
  }

  /** Frees the native values inside a value from {@link #callValues} (nothing to do for others). */
  default void release(PropValue v) { }

  /**
   * Gets an entry point ready for its fastest calls before it is timed (see
   * {@code FutharkFunction.prepare}); nothing to do for loaders without such a step.
   */
  default void prepare(String entry) { }

  /**
   * Gets a dataset's arguments ready for many timed calls of an entry point, the way
   * {@code futhark bench} restores its inputs: converted once into the program's own memory, so
   * that each run times the call alone. The default, for loaders without such a form, converts on
   * every run (as {@code bench --transfer} does).
   *
   * @throws RunFailure the arguments do not fit the entry point, or converting them failed
   */
  default Resident resident(String entry, List<Value> args) throws RunFailure {
    return new Resident() {
      private List<Value> last;

      @Override public void prepareRun() { }

      @Override
      public void run() throws RunFailure {
        last = call(entry, args);
      }

      @Override
      public List<Value> results() {
        if (last == null) throw new IllegalStateException("no run to take results from");
        return last;
      }

      @Override public void finishRun() { last = null; }

      @Override public void close() { last = null; }
    };
  }

  /**
   * A dataset's arguments held ready for repeated calls of one entry point (see
   * {@link #resident}). One run is {@link #prepareRun()}, {@link #run()} (the part to time), then
   * optionally {@link #results()}, then {@link #finishRun()}. Not thread safe.
   */
  interface Resident extends AutoCloseable {
    /**
     * Gets the arguments ready for the next run, not to be timed: an array passed to a parameter
     * the entry point consumes ({@code *[]t}) gets a fresh copy, as a consumed value may not be
     * passed again.
     */
    void prepareRun() throws RunFailure;

    /** Calls the entry point on the prepared arguments: the part to time. Results are kept as they come. */
    void run() throws RunFailure;

    /** The last run's results as values (converted now, outside the timing). */
    List<Value> results() throws RunFailure;

    /** Frees the last run's results and copies, not to be timed. */
    void finishRun();

    /** Frees everything, including the resident arguments. */
    @Override
    void close();
  }

  @Override
  void close();

  /** A failed call. */
  final class RunFailure extends Exception {
    private final boolean badArguments;

    /** @param badArguments true when the arguments did not fit (user error), false when the program failed */
    public RunFailure(String message, boolean badArguments, Throwable cause) {
      super(message, cause);
      this.badArguments = badArguments;
    }

    /** True when the call was rejected because of its arguments. */
    public boolean badArguments() { return badArguments; }
  }
}
