package io.github.futhark4j.cli.runner;

import io.github.futhark4j.cli.spec.TestSpec;
import io.github.futhark4j.compiler.Backend;
import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.core.Structure;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.toolchain.CompilerThread;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks {@code structure { PATH N ... }} specs ({@code futhark4j test --structure}) against the
 * constructs of the built-in compiler's optimised IR, counted by {@link Structure}.
 *
 * <p>The specs of Futhark's own tests name the reference compiler's constructs, whose IR differs
 * from ours. A path is read segment by segment: a segment that names one of our constructs
 * ({@link Structure#names}) stands for itself; any other is translated by {@link #REFERENCE}
 * into one or more of ours, and the path then counts the sum over every combination (so
 * {@code Screma/BinOp} is {@code Map/BinOp + Reduce/BinOp + ...}). A path with a segment that has
 * no counterpart here is not checked (skipped, not failed). Only specs without a mode (the IR
 * after optimisation) and those of the parallel pipelines ({@code gpu}, {@code mc}) are compared
 * with our IR; the memory modes ({@code seq-mem}, {@code gpu-mem}, {@code mc-mem}: allocations)
 * and {@code internalised} are skipped.
 */
public final class StructureCheck {
  private StructureCheck() {}

  /** Counts the constructs of a program's IR, by path ({@link Structure#count}). */
  @FunctionalInterface
  public interface Counter {
    Map<String, Integer> count(Path program) throws Exception;
  }

  /** The built-in compiler's IR after optimisation, compiled on the compiler's thread. */
  public static Counter builtin() {
    return program -> {
      Source src = new Source(program.toString(), Files.readString(program, StandardCharsets.UTF_8), program.toAbsolutePath());
      return CompilerThread.run(src.name(),
          () -> Structure.count(Backend.optimised(Frontend.check(src), Boolean.getBoolean(Backend.VERIFY_PROPERTY))));
    };
  }

  /**
   * The reference compiler's construct names that have a counterpart in our IR (used only for
   * names that are not ours). An empty list means the reference's construct never occurs here
   * (counts 0). Approximations: a {@code Screma} is any of our map, reduce (redomap), scan,
   * filter or partition, but the reference builds filter and partition from a scan and a
   * {@code Scatter}, which we do not; our {@code BinOp} also counts comparisons (the reference's
   * {@code CmpOp}, not translated); {@code Index} and {@code Update} are ours, which exclude
   * slices ({@code Slice}, {@code UpdateSlice}).
   */
  public static final Map<String, List<String>> REFERENCE = reference();

  private static Map<String, List<String>> reference() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("Screma", List.of("Map", "Reduce", "Scan", "Filter", "Partition"));
    m.put("Redomap", List.of("Reduce"));
    m.put("Scanomap", List.of("Scan"));
    m.put("SegMap", List.of("Map"));
    m.put("SegRed", List.of("Reduce"));
    m.put("SegScan", List.of("Scan"));
    m.put("SegHist", List.of("Hist"));
    m.put("DoLoop", List.of("Loop"));
    m.put("ForLoop", List.of("For"));
    m.put("WhileLoop", List.of("While"));
    m.put("SubExp", List.of("AtomE"));
    m.put("ConvOp", List.of("Convert"));
    m.put("Rearrange", List.of("Transpose"));
    m.put("Reshape", List.of("Flatten", "Unflatten"));
    m.put("Manifest", List.of("Copy"));
    // Functions are inlined, except recursive ones (their calls are ours too).
    m.put("Apply", List.of("Call"));
    return java.util.Collections.unmodifiableMap(m);
  }

  /** The modes whose specs are compared with our IR. */
  public static final Set<String> MODES = Set.of("", "gpu", "mc");

  /**
   * Our paths whose counts add up to {@code path}'s, or null when a segment has no counterpart.
   * A leading {@code /} is kept.
   */
  public static List<String> translate(String path) {
    boolean rooted = path.startsWith("/");
    List<String> acc = new ArrayList<>(List.of(rooted ? "/" : ""));
    String[] segs = (rooted ? path.substring(1) : path).split("/");
    for (int i = 0; i < segs.length; i++) {
      List<String> ours = Structure.names().contains(segs[i]) ? List.of(segs[i]) : REFERENCE.get(segs[i]);
      if (ours == null) return null;
      List<String> next = new ArrayList<>();
      for (String prefix : acc) for (String o : ours) next.add(prefix + (i > 0 ? "/" : "") + o);
      acc = next;
    }
    return List.copyOf(acc);
  }

  /** One compared count: the spec's path, what it was translated into, and both counts. */
  public record Compared(String path, List<String> ours, int expected, int actual) {
    public boolean matches() { return expected == actual; }

    /**
     * {@code Screma (Map + Reduce + ...): expected 1, got 2}: the translation only when it differs,
     * and only its size when it is long.
     */
    public String render() {
      String t = ours.equals(List.of(path)) ? ""
          : " (" + (ours.isEmpty() ? "none here" : ours.size() > 5 ? "the sum of " + ours.size() + " paths here" : String.join(" + ", ours)) + ")";
      return path + t + ": expected " + expected + ", got " + actual;
    }
  }

  /**
   * The outcome of one spec: the counts compared, and the paths not checked (no counterpart);
   * {@code skipReason} is set when nothing was checked.
   */
  public record Result(List<Compared> compared, List<String> unmapped, String skipReason) {
    public boolean passed() { return skipReason == null && compared.stream().allMatch(Compared::matches); }

    public List<Compared> mismatches() { return compared.stream().filter(c -> !c.matches()).toList(); }
  }

  /**
   * Compares one spec with our counts ({@link Structure#count}; absent paths count 0). A spec
   * whose braces could not be read is a mismatch here, reported by the caller from its problem.
   */
  public static Result check(TestSpec.Structure spec, Map<String, Integer> ours) {
    if (!MODES.contains(spec.mode())) {
      return new Result(List.of(), List.of(), "mode '" + spec.mode() + "' is not checked (no such IR here)");
    }
    List<Compared> compared = new ArrayList<>();
    List<String> unmapped = new ArrayList<>();
    for (TestSpec.Count c : spec.counts()) {
      List<String> t = translate(c.path());
      if (t == null) {
        unmapped.add(c.path());
        continue;
      }
      int n = 0;
      for (String p : t) n += ours.getOrDefault(p, 0);
      compared.add(new Compared(c.path(), t, c.count(), n));
    }
    String skip = !compared.isEmpty() ? null
        : unmapped.isEmpty() ? "no counts" : "no construct with a counterpart here: " + String.join(", ", unmapped);
    return new Result(List.copyOf(compared), List.copyOf(unmapped), skip);
  }
}
