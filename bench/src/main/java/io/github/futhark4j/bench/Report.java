package io.github.futhark4j.bench;

import io.github.futhark4j.json.Json;
import io.github.futhark4j.bench.HarnessResults.KernelResult;
import io.github.futhark4j.bench.HarnessResults.Status;
import io.github.futhark4j.bench.HarnessResults.VariantResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The harness's results as a console table, JSON and a Markdown table. Every time is a median;
 * each cell also gives the ratio to the C baseline. The target column judges Futhark with the
 * data resident (variant {@code futhark}); Futhark+copy is shown for the cost of the copies.
 */
public final class Report {
  /** Marker lines in a Markdown file between which {@link #writeMarkdown} puts the table. */
  public static final String BEGIN = "<!-- bench:begin -->";
  public static final String END = "<!-- bench:end -->";

  private static final List<String> COLUMNS = HarnessOptions.VARIANTS;

  private final HarnessOptions options;
  private final List<KernelResult> results;
  private final Machine machine;

  public Report(HarnessOptions options, List<KernelResult> results, Machine machine) {
    this.options = options;
    this.results = List.copyOf(results);
    this.machine = machine;
  }

  /** True when no variant failed or disagreed (unavailable ones do not count against it). */
  public boolean allAgree() {
    return results.stream().flatMap(k -> k.variants().values().stream())
        .allMatch(v -> v.status() == Status.OK || v.status() == Status.UNAVAILABLE);
  }

  /** One row per kernel: the cells of {@link #header()}. */
  private List<List<String>> rows() {
    List<List<String>> rows = new ArrayList<>();
    for (KernelResult k : results) {
      List<String> row = new ArrayList<>(List.of(k.kernel(), k.size()));
      for (String v : COLUMNS) row.add(cell(k, v));
      row.add(k.target().describe());
      row.add(met(k));
      rows.add(row);
    }
    return rows;
  }

  private static List<String> header() {
    List<String> h = new ArrayList<>(List.of("Kernel", "Size"));
    for (String v : COLUMNS) h.add(Variant.title(v) + (v.equals(Variant.C) ? " ms" : " ms (xC)"));
    h.add("Target (Futhark)");
    h.add("Met");
    return h;
  }

  /** {@code 6.02} for C, {@code 35.10 (5.83x)} for the others; a word when it did not run. */
  static String cell(KernelResult k, String variant) {
    VariantResult r = k.variants().get(variant);
    if (r == null) return "-";
    return switch (r.status()) {
      case UNAVAILABLE -> "n/a";
      case FAILED -> "failed";
      case OK, MISMATCH -> {
        String t = ms(r.stats().medianUs());
        Double ratio = k.ratioToC(variant);
        if (!variant.equals(Variant.C) && ratio != null) t += String.format(Locale.ROOT, " (%.2fx)", ratio);
        yield r.status() == Status.MISMATCH ? t + " WRONG" : t;
      }
    };
  }

  /** Milliseconds with three or four significant digits, so that quick runs do not show 0.00. */
  static String ms(double us) {
    double ms = us / 1e3;
    String f = ms < 1 ? "%.4f" : ms < 10 ? "%.3f" : ms < 100 ? "%.2f" : "%.1f";
    return String.format(Locale.ROOT, f, ms);
  }

  private static String met(KernelResult k) {
    if (k.target().isNone()) return "-";
    return k.met().map(b -> b ? "yes" : "no").orElse("pending");
  }

  /** Lines below the table: extra C variants, streams speed-ups, and every failure or mismatch. */
  private List<String> notes() {
    List<String> notes = new ArrayList<>();
    for (KernelResult k : results) {
      for (VariantResult r : k.variants().values()) {
        if (r.variant().startsWith(Variant.C + "-") && r.status() == Status.OK) {
          notes.add(k.kernel() + ": " + Variant.title(r.variant()) + " " + ms(r.stats().medianUs()) + " ms");
        }
        if (Variant.isSpelling(r.variant()) && r.status() == Status.OK) {
          Double ratio = k.ratioToC(r.variant());
          notes.add(k.kernel() + ": " + Variant.title(r.variant()) + " " + ms(r.stats().medianUs()) + " ms"
              + (ratio == null ? "" : String.format(Locale.ROOT, " (%.2fx C)", ratio)));
        }
        if (r.status() == Status.FAILED || r.status() == Status.MISMATCH || !r.note().isEmpty() && r.status() == Status.OK) {
          notes.add(k.kernel() + ", " + Variant.title(r.variant()) + ": " + firstLine(r.note()));
        }
      }
      Double fut = k.median(Variant.FUTHARK);
      Double streams = k.median(Variant.STREAMS);
      if (fut != null && streams != null && k.target().minSpeedupOverStreams() > 0) {
        notes.add(String.format(Locale.ROOT, "%s: speed-up of Futhark over parallel streams %.2fx (target >= %.0fx)",
            k.kernel(), streams / fut, k.target().minSpeedupOverStreams()));
      }
    }
    return notes;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl) + " ...";
  }

  /** A plain-text table for the console. */
  public String table() {
    List<String> head = header();
    List<List<String>> rows = rows();
    int[] width = new int[head.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = head.get(i).length();
      for (List<String> r : rows) width[i] = Math.max(width[i], r.get(i).length());
    }
    StringBuilder sb = new StringBuilder();
    line(sb, head, width);
    for (List<String> r : rows) line(sb, r, width);
    for (String n : notes()) sb.append("  * ").append(n).append('\n');
    return sb.toString();
  }

  private static void line(StringBuilder sb, List<String> cells, int[] width) {
    for (int i = 0; i < cells.size(); i++) {
      sb.append(i == 0 ? "" : "  ").append(String.format("%-" + width[i] + "s", cells.get(i)));
    }
    sb.append('\n');
  }

  /** The Markdown table with the machine and settings it was measured with, and the notes. */
  public String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "Measured %s on %s (%d cores), %s, %s; %s sizes, median of %d runs after %d warm-up runs%s.%n%n",
        machine.date(), machine.cpu(), machine.cores(), machine.java(), machine.cc(),
        options.scale() == Scale.FULL ? "full" : "quick", options.runs(), options.warmup(),
        options.rounds() == 1 ? "" : String.format(Locale.ROOT, " (C and Futhark: %d alternating rounds of these, median of all %d runs)",
            options.rounds(), options.rounds() * options.runs())));
    List<String> head = header();
    sb.append("| ").append(String.join(" | ", head)).append(" |\n");
    sb.append("|").append("---|".repeat(head.size())).append('\n');
    for (List<String> r : rows()) sb.append("| ").append(String.join(" | ", r)).append(" |\n");
    List<String> notes = notes();
    if (!notes.isEmpty()) sb.append('\n');
    for (String n : notes) sb.append("* ").append(n.replace("|", "\\|")).append('\n');
    return sb.toString();
  }

  /** Writes the table into {@code file} between {@link #BEGIN} and {@link #END} if it has them, else the whole file. */
  public void writeMarkdown(Path file) {
    try {
      String table = markdown();
      String text = table;
      if (Files.exists(file)) {
        String old = Files.readString(file);
        int b = old.indexOf(BEGIN);
        int e = old.indexOf(END);
        if (b >= 0 && e > b) text = old.substring(0, b + BEGIN.length()) + "\n" + table + old.substring(e);
      }
      write(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Everything: machine, options, and per kernel and variant the run times and summary. */
  public Map<String, Object> json() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("machine", machine);
    Map<String, Object> opts = new LinkedHashMap<>();
    opts.put("scale", options.scale().name().toLowerCase(Locale.ROOT));
    opts.put("runs", options.runs());
    opts.put("warmup", options.warmup());
    opts.put("rounds", options.rounds());
    opts.put("seed", options.seed());
    opts.put("cflags", CBaseline.FLAGS);
    root.put("options", opts);
    List<Object> kernels = new ArrayList<>();
    for (KernelResult k : results) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kernel", k.kernel());
      m.put("entry", k.entry());
      m.put("size", k.size());
      m.put("category", k.category().label());
      m.put("target", k.target().describe());
      m.put("met", k.met().orElse(null));
      Map<String, Object> vs = new LinkedHashMap<>();
      for (VariantResult r : k.variants().values()) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("status", r.status().name().toLowerCase(Locale.ROOT));
        if (r.stats() != null) {
          v.put("median_us", r.stats().medianUs());
          v.put("mean_us", r.stats().meanUs());
          v.put("stddev_us", r.stats().stddevUs());
          v.put("min_us", r.stats().minUs());
          v.put("runtimes_us", r.stats().runtimesUs());
          v.put("ratio_to_c", k.ratioToC(r.variant()));
        }
        if (!r.note().isEmpty()) v.put("note", r.note());
        vs.put(r.variant(), v);
      }
      m.put("variants", vs);
      kernels.add(m);
    }
    root.put("kernels", kernels);
    return root;
  }

  public void writeJson(Path file) {
    try {
      write(file, Json.pretty(json()) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, String text) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) Files.createDirectories(parent);
    Files.writeString(file, text);
  }
}
