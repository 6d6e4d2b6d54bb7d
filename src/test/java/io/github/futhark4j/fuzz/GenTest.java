package io.github.futhark4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.compiler.Frontend;
import io.github.futhark4j.compiler.diag.CompileException;
import io.github.futhark4j.compiler.source.Source;
import io.github.futhark4j.data.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The generator is deterministic and its programs are well typed; inputs fit their parameters. */
class GenTest {
  @Test
  void sameSeedSameProgram() {
    for (int i = 0; i < 50; i++) {
      assertEquals(new Gen(new Random(i)).entry("e").text(), new Gen(new Random(i)).entry("e").text());
    }
  }

  @Test
  void generatedProgramsTypeCheck() {
    List<String> rejected = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      String text = new Gen(new Random(1000 + i)).entry("e" + i).text();
      try {
        Frontend.check(new Source("gen.fut", text, null));
      } catch (CompileException e) {
        rejected.add(text + "\n=> " + e.getMessage());
      }
    }
    assertTrue(rejected.isEmpty(), () -> rejected.size() + " rejected:\n" + String.join("\n\n", rejected));
  }

  @Test
  void programsUseTheAdvertisedFeatures() {
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < 400; i++) all.append(new Gen(new Random(i)).entry("e").text());
    for (String f : List.of("map", "reduce", "scan", "filter", "scatter", "reduce_by_index", "hist", "loop", "while", "match",
        "with [", "copy", "{f0 = ", "#a", "f16", "u64", "[n0][", "zip")) {
      assertTrue(all.indexOf(f) >= 0, "no generated program uses " + f);
    }
  }

  @Test
  void validInputsHaveTheDeclaredShapes() {
    for (int i = 0; i < 200; i++) {
      Random rnd = new Random(i);
      Gen.Entry e = new Gen(rnd).entry("e");
      List<Value> in = Inputs.valid(e, rnd);
      assertEquals(e.params().size(), in.size());
      for (int k = 0; k < in.size(); k++) {
        assertEquals(e.params().get(k).type().rank(), in.get(k).rank());
        assertEquals(e.params().get(k).type().elem(), in.get(k).type());
      }
    }
  }
}
