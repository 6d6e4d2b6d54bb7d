package io.github.futhark4j.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small GNU-style option parser: flags ({@code -v}), options with a value ({@code -e NAME},
 * {@code --runs=10}, {@code --runs 10}), repeatable options, {@code --} to end options, and
 * positional arguments anywhere. Each option may have several spellings; the first is its key.
 */
public final class Args {
  private final Map<String, String> canonical = new HashMap<>();
  private final Map<String, Boolean> takesValue = new HashMap<>();
  private final Map<String, List<String>> values = new LinkedHashMap<>();
  private final List<String> positional = new ArrayList<>();

  /** Declares a flag with its spellings, e.g. {@code flag("-v", "--verbose")}. */
  public Args flag(String... names) {
    return declare(false, names);
  }

  /** Declares an option taking a value, e.g. {@code option("-e", "--entry-point")}. */
  public Args option(String... names) {
    return declare(true, names);
  }

  private Args declare(boolean value, String... names) {
    for (String n : names) canonical.put(n, names[0]);
    takesValue.put(names[0], value);
    return this;
  }

  /** Parses the arguments against the declared options. */
  public Args parse(List<String> argv) throws UsageException {
    boolean optionsDone = false;
    for (int i = 0; i < argv.size(); i++) {
      String a = argv.get(i);
      if (optionsDone || !a.startsWith("-") || a.equals("-")) {
        positional.add(a);
        continue;
      }
      if (a.equals("--")) {
        optionsDone = true;
        continue;
      }
      String name = a;
      String inline = null;
      int eq = a.indexOf('=');
      if (a.startsWith("--") && eq > 0) {
        name = a.substring(0, eq);
        inline = a.substring(eq + 1);
      }
      String key = canonical.get(name);
      if (key == null && !a.startsWith("--") && a.length() > 2 && canonical.containsKey(a.substring(0, 2))
          && takesValue.get(canonical.get(a.substring(0, 2)))) {
        // Short option with its value attached: -eNAME, -r10.
        key = canonical.get(a.substring(0, 2));
        inline = a.substring(2);
      }
      if (key == null) throw new UsageException("unknown option " + name);
      if (takesValue.get(key)) {
        String v = inline;
        if (v == null) {
          if (i + 1 >= argv.size()) throw new UsageException("option " + name + " needs a value");
          v = argv.get(++i);
        }
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(v);
      } else {
        if (inline != null) throw new UsageException("option " + name + " takes no value");
        values.computeIfAbsent(key, k -> new ArrayList<>()).add("");
      }
    }
    return this;
  }

  /** True when the flag (or option) was given. */
  public boolean has(String key) {
    return values.containsKey(key);
  }

  /** The last value given for the option, or {@code def}. */
  public String value(String key, String def) {
    List<String> v = values.get(key);
    return v == null ? def : v.get(v.size() - 1);
  }

  /** Every value given for a repeatable option, in order. */
  public List<String> values(String key) {
    return values.getOrDefault(key, List.of());
  }

  /** An integer option, or {@code def}; must be at least {@code min}. */
  public int intValue(String key, int def, int min) throws UsageException {
    String v = value(key, null);
    if (v == null) return def;
    try {
      int n = Integer.parseInt(v.trim());
      if (n < min) throw new UsageException("option " + key + " must be at least " + min + ", got " + n);
      return n;
    } catch (NumberFormatException e) {
      throw new UsageException("option " + key + " needs a number, got '" + v + "'");
    }
  }

  /** Arguments that are not options. */
  public List<String> positional() {
    return positional;
  }
}
