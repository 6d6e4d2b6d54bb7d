package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ImportScannerTest {
  @Test
  void findsEveryFormOfImport() {
    String src = """
        import "a"
        open import "lib/b"
        local open import "../c"
        module M = import "d"
        def f (x': i32) = x' + 1
        """;
    assertEquals(List.of("a", "lib/b", "../c", "d"), ImportScanner.imports(src));
  }

  @Test
  void ignoresCommentsStringsAndLookalikes() {
    String src = """
        -- import "in_comment"
        def s = "import \\"in_string\\""
        def c = '"'
        def importer = 1
        def my_import = 2
        import "real" -- trailing comment with import "nope"
        """;
    assertEquals(List.of("real"), ImportScanner.imports(src));
  }

  @Test
  void keywordMayBeFollowedByCommentBeforeThePath() {
    assertEquals(List.of("x"), ImportScanner.imports("import -- why\n  \"x\"\n"));
  }

  @Test
  void unterminatedImportIsLeftToTheCompiler() {
    assertEquals(List.of(), ImportScanner.imports("import \"oops\nimport\n"));
  }
}
