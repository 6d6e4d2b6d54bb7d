package io.github.futhark4j.polyglot;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.util.LinkedHashMap;
import java.util.Map;

/** A test-only program made of {@link FakeFunction}s. */
public final class FakeProgram implements FutharkProgram {
  private final Map<String, FutharkFunction> entries = new LinkedHashMap<>();

  public FakeProgram(FakeFunction... fns) {
    for (FakeFunction f : fns) {
      entries.put(f.name(), f);
      f.setProgram(this);
    }
  }

  @Override public Map<String, FutharkFunction> entryPoints() { return entries; }

  @Override
  public FutharkFunction function(String name) {
    FutharkFunction f = entries.get(name);
    if (f == null) throw new IllegalArgumentException("no entry point " + name + "; known: " + entries.keySet());
    return f;
  }

  @Override public void close() {}
}
