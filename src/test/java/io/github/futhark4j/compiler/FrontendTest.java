package io.github.futhark4j.compiler;

import static org.junit.jupiter.api.Assertions.*;

import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.compiler.typed.TDecl;
import io.github.futhark4j.compiler.typed.TProgram;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrontendTest {
  static TProgram ok(String text) {
    try {
      return Frontend.check(new Source("t.fut", text));
    } catch (CompileException e) {
      fail("unexpected errors:\n" + e.getMessage());
      return null;
    }
  }

  static TDecl entry(TProgram p, String name) {
    return p.entryPoints().stream().filter(d -> d.entry().name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void sumEntry() {
    TProgram p = ok("entry sum (xs: []f64) : f64 = reduce (+) 0 xs");
    TDecl e = entry(p, "sum");
    assertEquals(List.of("[]f64"), e.entry().params().stream().map(TDecl.EntryType::name).toList());
    assertEquals("f64", e.entry().results().get(0).name());
    System.out.println(p.decls().stream().map(d -> d.name() + " = " + d.fun()).toList());
  }
}
