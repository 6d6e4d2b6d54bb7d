package io.github.futhark4j.cli.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.futhark4j.cli.spec.TestSpec.AutoOutput;
import io.github.futhark4j.cli.spec.TestSpec.CompileError;
import io.github.futhark4j.cli.spec.TestSpec.Fixed;
import io.github.futhark4j.cli.spec.TestSpec.InFile;
import io.github.futhark4j.cli.spec.TestSpec.InputOutputs;
import io.github.futhark4j.cli.spec.TestSpec.Literal;
import io.github.futhark4j.cli.spec.TestSpec.Random;
import io.github.futhark4j.cli.spec.TestSpec.RandomOf;
import io.github.futhark4j.cli.spec.TestSpec.RunCases;
import io.github.futhark4j.cli.spec.TestSpec.RunTimeError;
import io.github.futhark4j.cli.spec.TestSpec.Script;
import io.github.futhark4j.cli.spec.TestSpec.Succeeds;
import io.github.futhark4j.cli.spec.TestSpec.TestRun;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecParserTest {
  private static TestSpec parse(String text) throws SpecException {
    return SpecParser.parse("prog.fut", text);
  }

  private static RunCases cases(String text) throws SpecException {
    return assertInstanceOf(RunCases.class, parse(text).action());
  }

  private static List<Value> values(String text) {
    return ValueReader.readAll(text, "t");
  }

  @Test
  void noBlockMeansCompileOnly() throws Exception {
    TestSpec s = parse("-- just a comment\nlet main (x: i32) = x\n");
    assertTrue(s.hasNoCases());
    assertTrue(s.tags().isEmpty());
  }

  @Test
  void simpleInputOutput() throws Exception {
    RunCases rc = cases("""
        -- Test simple indexing of an array.
        -- ==
        -- tags { firsttag secondtag }
        -- input { [4,3,2,1] 1i64 }
        -- output { 3 }
        -- input { [4,3,2,1] 5i64 }
        -- error: Error*

        let main (a: []i32) (i: i64): i32 = a[i]
        """);
    assertEquals(1, rc.ios().size());
    InputOutputs io = rc.ios().get(0);
    assertEquals("main", io.entryPoint());
    assertEquals(2, io.runs().size());
    TestRun r0 = io.runs().get(0);
    assertEquals(values("[4,3,2,1] 1i64"), ((Literal) r0.input()).values());
    assertEquals(values("3"), ((Literal) ((Succeeds) r0.expected()).output()).values());
    assertEquals(0, r0.index());
    assertEquals(4, r0.line());
    assertEquals("#0 (\"[4i32, 3i32, 2i32, 1i32] 1i64\")", r0.description());
    TestRun r1 = io.runs().get(1);
    RunTimeError err = assertInstanceOf(RunTimeError.class, r1.expected());
    assertEquals("Error*", err.error().regex());
    assertTrue(err.error().matches("Error: index out of bounds"));
  }

  @Test
  void tagsOfFirstBlock() throws Exception {
    TestSpec s = parse("-- ==\n-- tags { disable no_c some-tag }\n-- input { 1 } output { 1 }\n");
    assertEquals(List.of("disable", "no_c", "some-tag"), s.tags());
  }

  @Test
  void compileTimeError() throws Exception {
    TestSpec s = parse("-- Type error expected.\n-- ==\n-- error: Cannot apply \"f\"\n\nlet main = 1\n");
    CompileError ce = assertInstanceOf(CompileError.class, s.action());
    assertEquals("Cannot apply \"f\"", ce.error().regex());
    assertTrue(ce.error().matches("Error at x.fut:3:1: Cannot apply \"f\" to argument"));
    assertFalse(ce.error().matches("something else"));
  }

  @Test
  void compileTimeErrorWithoutRegexAcceptsAnyError() throws Exception {
    CompileError ce = assertInstanceOf(CompileError.class, parse("-- ==\n-- error:\n").action());
    assertNull(ce.error().regex());
    assertTrue(ce.error().matches("anything"));
  }

  @Test
  void noBlocksAfterACompileErrorBlock() {
    SpecException e = assertThrows(SpecException.class,
        () -> parse("-- ==\n-- error: x\nlet a = 1\n-- ==\n-- input { 1 }\n"));
    assertTrue(e.getMessage().startsWith("prog.fut:4:"), e.getMessage());
  }

  @Test
  void severalBlocksWithEntryPoints() throws Exception {
    RunCases rc = cases("""
        let add (x: i32) (y: i32): i32 = x + y

        -- Test the add1 function.
        -- ==
        -- entry: add1
        -- input { 1 } output { 2 }

        entry add1 (x: i32): i32 = add x 1

        -- Test the sub1 function.
        -- ==
        -- entry: sub1 sub1b
        -- input { 1 } output { 0 }
        -- input { 5 } output { 4 }

        entry sub1 (x: i32): i32 = add x (-1)
        entry sub1b (x: i32): i32 = x - 1
        """);
    assertEquals(List.of("add1", "sub1", "sub1b"), rc.ios().stream().map(InputOutputs::entryPoint).toList());
    assertEquals(1, rc.ios().get(0).runs().size());
    assertEquals(2, rc.ios().get(1).runs().size());
    assertEquals(rc.ios().get(1).runs(), rc.ios().get(2).runs());
    assertEquals(1, rc.ios().get(1).runs().get(1).index());
  }

  @Test
  void adjacentBlocksNeedNoSeparatorLine() throws Exception {
    RunCases rc = cases("""
        -- Two entry points.
        -- ==
        -- entry: dot
        -- input { [1.0, 2.0] [3.0, 4.0] }
        -- output { 11.0 }
        -- ==
        -- entry: scale
        -- input { 3.0 [1.0, 2.0] }
        -- output { [3.0, 6.0] }
        entry dot (xs: []f64) (ys: []f64) = 0.0
        """);
    assertEquals(List.of("dot", "scale"), rc.ios().stream().map(InputOutputs::entryPoint).toList());
    assertEquals(0, rc.ios().get(1).runs().get(0).index());
  }

  @Test
  void valuesSpanSeveralCommentLines() throws Exception {
    RunCases rc = cases("""
        -- ==
        -- input {
        --   [1, 2,
        --    3]  -- comment inside
        --   [true, false]
        -- }
        -- output
        -- { 6 }
        """);
    TestRun r = rc.ios().get(0).runs().get(0);
    assertEquals(values("[1,2,3] [true,false]"), ((Literal) r.input()).values());
    assertEquals(values("6"), ((Literal) ((Succeeds) r.expected()).output()).values());
  }

  @Test
  void filesRandomAutoAndRunTags() throws Exception {
    RunCases rc = cases("""
        -- ==
        -- compiled input @ data/big.in
        -- output @ data/big.out
        -- nobench input @data/small.in.gz
        -- random input { [100]i32 [10][2]f64 10i64 } auto output
        -- compiled no_builtin random input { [5]bool }
        -- script input { mk 10 }
        -- "named one" input { 1 } output { 2 }
        """);
    List<TestRun> runs = rc.ios().get(0).runs();
    assertEquals(6, runs.size());
    assertEquals(List.of("compiled"), runs.get(0).tags());
    assertEquals("data/big.in", ((InFile) runs.get(0).input()).path());
    assertEquals("data/big.out", ((InFile) ((Succeeds) runs.get(0).expected()).output()).path());
    assertEquals("data/big.in", runs.get(0).description());
    assertEquals("data/small.in", runs.get(1).description());
    assertNull(((Succeeds) runs.get(1).expected()).output());
    Random rnd = (Random) runs.get(2).input();
    assertEquals(3, rnd.gens().size());
    assertEquals("[10][2]f64", ((RandomOf) rnd.gens().get(1)).type().toString());
    assertEquals(Value.i64(10), ((Fixed) rnd.gens().get(2)).value());
    assertInstanceOf(AutoOutput.class, runs.get(2).expected());
    assertEquals("[100]i32 [10][2]f64 10i64", runs.get(2).description());
    assertEquals(List.of("compiled", "no_builtin", "random"), runs.get(3).tags());
    assertEquals("mk 10", ((Script) runs.get(4).input()).text());
    assertEquals("named one", runs.get(5).description());
  }

  @Test
  void structureAndWarningSpecsAreCounted() throws Exception {
    RunCases rc = cases("""
        -- ==
        -- input { 1 } output { 1 }
        -- structure { Screma 1 }
        -- structure gpu { SegMap 2
        --   /SegMap/Loop 0 }
        -- structure { Screma one }
        -- warning: unused
        """);
    assertEquals(3, rc.structures().size());
    assertEquals(new TestSpec.Structure("", List.of(new TestSpec.Count("Screma", 1)), 3, null), rc.structures().get(0));
    assertEquals(new TestSpec.Structure("gpu", List.of(new TestSpec.Count("SegMap", 2), new TestSpec.Count("/SegMap/Loop", 0)), 4,
        null), rc.structures().get(1));
    // Kept, not rejected: structure specs are checked only on request (test --structure).
    assertEquals("expected a count after 'Screma'", rc.structures().get(2).problem());
    assertEquals("unused", rc.warnings().get(0).regex());
  }

  @Test
  void longValuesAreCutInDescriptions() throws Exception {
    RunCases rc = cases("-- ==\n-- input { [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16] }\n");
    String d = rc.ios().get(0).runs().get(0).description();
    assertTrue(d.startsWith("#0 (\"[1i32, 2i32"), d);
    assertTrue(d.endsWith("...\")"), d);
  }

  @Test
  void duplicateNamesAreRejected() {
    SpecException e = assertThrows(SpecException.class,
        () -> parse("-- ==\n-- \"a\" input { 1 }\n-- \"a\" input { 2 }\n"));
    assertTrue(e.getMessage().contains("multiple datasets with name \"a\""), e.getMessage());
  }

  @Test
  void badValuesReportFilePosition() {
    SpecException e = assertThrows(SpecException.class,
        () -> parse("let x = 1\n-- ==\n-- input { [1, 2 }\n"));
    assertTrue(e.getMessage().startsWith("prog.fut:3:"), e.getMessage());
    SpecException e2 = assertThrows(SpecException.class,
        () -> parse("-- ==\n-- input { 1 }\n-- output { 1 2x }\n"));
    assertTrue(e2.getMessage().startsWith("prog.fut:3:16:"), e2.getMessage());
  }

  @Test
  void malformedBlocks() {
    assertMalformed("-- ==\n-- input 1\n", "expected '{' or '@'");
    assertMalformed("-- ==\n-- compiled output { 1 }\n", "expected 'input'");
    assertMalformed("-- ==\n-- input { 1 } output { 1 }\n-- #bogus\n", "unexpected '#bogus'");
    assertMalformed("-- ==\n-- input { 1 } output { 1 }\n-- bogus\n", "expected 'input' after 'bogus'");
    assertMalformed("-- ==\n-- input { 1 } auto { 1 }\n", "expected 'output' after 'auto'");
    assertMalformed("-- ==\n-- random input { [n]i32 }\n", "literal size");
    assertMalformed("-- ==\n-- input { 1 } error: (\n", "bad regular expression");
    assertMalformed("-- ==\n-- input { 1\n", "no '}'");
    assertMalformed("-- ==\n-- entry:\n-- input { 1 }\n", "expected entry point names");
  }

  private static void assertMalformed(String text, String fragment) {
    SpecException e = assertThrows(SpecException.class, () -> parse(text));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
    assertTrue(e.getMessage().startsWith("prog.fut:"), e.getMessage());
  }

  @Test
  void blockEndsAtFirstNonCommentLine() throws Exception {
    RunCases rc = cases("-- ==\n-- input { 1 }\nlet main x = x\n-- output { 5 }\n");
    assertNull(((Succeeds) rc.ios().get(0).runs().get(0).expected()).output());
  }

  @Test
  void indentedOrDescribedMarkerIsNotABlock() throws Exception {
    assertTrue(parse("  -- ==\n  -- input { 1 }\n").hasNoCases());
    assertTrue(parse("-- == not a marker\n-- input { 1 }\n").hasNoCases());
  }

  @Test
  void propertyLines() throws Exception {
    TestSpec s = parse("""
        -- Properties after the first block's tags, several on a line and over several lines.
        -- ==
        -- tags { pbt }
        -- property: reverse_involution sum_commutes
        -- property:sorted

        #[prop] entry reverse_involution (xs: []i32) : bool = true

        -- ==
        -- entry: main
        -- input { 1 } output { 1 }
        entry main (x: i32) = x

        -- Described later block.
        -- ==
        -- property: last
        """);
    assertEquals(List.of("pbt"), s.tags());
    RunCases rc = assertInstanceOf(RunCases.class, s.action());
    assertEquals(List.of(new TestSpec.Property("reverse_involution"), new TestSpec.Property("sum_commutes"),
        new TestSpec.Property("sorted"), new TestSpec.Property("last")), rc.properties());
    assertEquals(1, rc.ios().size());
    assertEquals("main", rc.ios().get(0).entryPoint());
    // Properties are cases: a program whose only block names properties is not just compiled.
    assertFalse(parse("-- ==\n-- property: p\n").hasNoCases());
  }

  @Test
  void malformedPropertyBlocksSayWhere() {
    // As futhark test: a name is required on the line, names do not continue on the next line, and
    // a block with property lines holds nothing else.
    assertMalformedAt("-- ==\n-- property:\n\nentry p (x: i32) = true\n",
        "prog.fut:2:13: expected entry point names after 'property:'");
    assertMalformedAt("-- ==\n-- property: p q\n--   r\n", "prog.fut:3:6: unexpected 'r' after the 'property:' lines");
    assertMalformedAt("-- ==\n-- property: p\n-- input { 1 } output { true }\n",
        "prog.fut:3:4: unexpected 'input' after the 'property:' lines");
    assertMalformedAt("-- ==\n-- entry: p\n-- property: p\n", "prog.fut:3:4: 'property:' lines need a test block of their own");
    assertMalformedAt("-- ==\n-- input { 1 } output { 1 }\n-- property: p\n",
        "prog.fut:3:4: 'property:' lines need a test block of their own");
  }

  private static void assertMalformedAt(String text, String prefix) {
    SpecException e = assertThrows(SpecException.class, () -> parse(text));
    assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
  }
}
