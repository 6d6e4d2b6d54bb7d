package io.github.futhark4j;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package dependencies of the main code are the ones the table in {@code docs/architecture.md}
 * ("Packages") states: the test reads the table, so the documentation and the rule cannot drift.
 */
class ArchitectureTest {
  private static final String BASE = "io.github.futhark4j";

  /** One table row: its packages (relative names, {@code root} for the base package) and what they may use. */
  record Row(List<String> packages, List<String> mayUse, boolean everything) {}

  private static JavaClasses main;
  private static List<Row> table;

  @BeforeAll
  static void load() throws Exception {
    main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(BASE);
    table = readTable(Files.readString(Path.of("docs/architecture.md"), StandardCharsets.UTF_8));
  }

  static List<Row> readTable(String md) {
    int start = md.indexOf("## Packages");
    assertTrue(start >= 0, "docs/architecture.md has a Packages section");
    List<Row> rows = new ArrayList<>();
    Pattern name = Pattern.compile("`([a-z0-9.]+)`");
    for (String line : md.substring(start).lines().toList()) {
      if (line.startsWith("## ") && !rows.isEmpty()) break;
      if (!line.startsWith("| `")) continue;
      String[] cells = line.split("\\|");
      String pkgs = cells[1], uses = cells[cells.length - 1];
      List<String> ps = new ArrayList<>(), us = new ArrayList<>();
      for (Matcher m = name.matcher(pkgs); m.find(); ) ps.add(m.group(1));
      for (Matcher m = name.matcher(uses); m.find(); ) us.add(m.group(1));
      rows.add(new Row(ps, us, uses.strip().equals("everything")));
    }
    assertTrue(rows.size() > 10, "the table was found: " + rows);
    return rows;
  }

  private static String full(String rel) {
    return rel.equals("root") ? BASE : BASE + "." + rel;
  }

  @Test
  void everyPackageIsInTheTableOnce() {
    TreeSet<String> actual = new TreeSet<>();
    for (JavaClass c : main) actual.add(c.getPackageName());
    Map<String, Integer> listed = new LinkedHashMap<>();
    for (Row r : table) for (String p : r.packages()) listed.merge(full(p), 1, Integer::sum);
    listed.forEach((p, n) -> assertEquals(1, n, p + " is listed " + n + " times"));
    assertEquals(actual, new TreeSet<>(listed.keySet()), "the packages of the code and of docs/architecture.md");
  }

  /** Only the library in the library: the benchmark harness is the bench/ module's (issue 16). */
  @Test
  void theLibraryHoldsNoBenchmarkClasses() {
    List<String> bench = new ArrayList<>();
    for (JavaClass c : main) {
      if (c.getPackageName().endsWith(".bench") || c.getPackageName().contains(".bench.")) bench.add(c.getName());
    }
    assertEquals(List.of(), bench, "benchmark classes belong in bench/, not in the jar");
  }

  /** One name, one class: no two top-level classes of the library share a simple name. */
  @Test
  void noTwoClassesShareASimpleName() {
    Map<String, List<String>> byName = new java.util.TreeMap<>();
    for (JavaClass c : main) {
      // Synthetic classes are the build's (src/build/IndyLowering.java: Host$$FnN), not names anyone reads.
      if (c.isTopLevelClass() && !c.getSimpleName().equals("package-info")
          && !c.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.SYNTHETIC)) {
        byName.computeIfAbsent(c.getSimpleName(), k -> new ArrayList<>()).add(c.getName());
      }
    }
    byName.values().removeIf(l -> l.size() < 2);
    assertEquals(Map.of(), byName, "classes that share a simple name");
  }

  @Test
  void packagesUseOnlyWhatTheTableAllows() {
    for (Row r : table) {
      if (r.everything()) continue;
      List<String> allowed = new ArrayList<>();
      for (String p : r.packages()) allowed.add(full(p));
      for (String p : r.mayUse()) allowed.add(full(p));
      String[] own = r.packages().stream().map(ArchitectureTest::full).toArray(String[]::new);
      ArchRule rule = classes().that().resideInAnyPackage(own)
          .should().onlyDependOnClassesThat(JavaClass.Predicates.resideOutsideOfPackage(BASE + "..")
              .or(JavaClass.Predicates.resideInAnyPackage(allowed.toArray(String[]::new))))
          .because("docs/architecture.md lets " + r.packages() + " use only " + r.mayUse());
      rule.check(main);
    }
  }

  /**
   * One model of primitive types outside the compiler ({@link ScalarType}): the compiler's
   * {@code PrimType} stays inside {@code compiler..}, except where the fuzzer hands values to the
   * IR interpreter ({@code fuzz.IrValues}, its one crossing).
   */
  @Test
  void outsideTheCompilerPrimitiveTypesAreScalarTypes() {
    noClasses().that().resideOutsideOfPackage(BASE + ".compiler..")
        .and().doNotHaveFullyQualifiedName(BASE + ".fuzz.IrValues")
        .should().dependOnClassesThat().haveFullyQualifiedName(BASE + ".compiler.typed.PrimType")
        .because("ScalarType is the one model of primitive types outside the compiler (docs/architecture.md)")
        .check(main);
  }

  /** The crossings convert by constant name: the two enums must list the same types alike. */
  @Test
  void theCompilersPrimitiveTypesCorrespondToScalarTypes() {
    var prims = io.github.futhark4j.compiler.typed.PrimType.values();
    assertEquals(prims.length, ScalarType.values().length);
    for (var p : prims) {
      ScalarType s = ScalarType.valueOf(p.name());
      assertEquals(p.futName(), s.futharkName(), p.name());
      assertEquals(p.bytes(), s.bytes(), p.name());
      assertEquals(p.kind().name(), s.kind().name(), p.name());
    }
  }
}
