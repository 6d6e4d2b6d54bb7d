package io.github.futhark4j.polyglot;

import io.github.futhark4j.FutharkFunction;
import io.github.futhark4j.FutharkProgram;
import java.util.List;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyObject;

/** A program as a guest object whose members are its entry points ({@link EntryPointProxy}). */
public final class ProgramProxy implements ProxyObject {
  private final FutharkProgram program;

  ProgramProxy(FutharkProgram program) {
    this.program = program;
  }

  @Override
  public Object getMember(String key) {
    FutharkFunction fn = program.entryPoints().get(key);
    return fn == null ? null : new EntryPointProxy(fn, false);
  }

  @Override public Object getMemberKeys() { return ProxyArray.fromList(List.copyOf(program.entryPoints().keySet())); }

  @Override public boolean hasMember(String key) { return program.entryPoints().containsKey(key); }

  @Override
  public void putMember(String key, Value value) {
    throw new UnsupportedOperationException("programs are read-only");
  }

  @Override public String toString() { return "<futhark program " + program.entryPoints().keySet() + ">"; }
}
