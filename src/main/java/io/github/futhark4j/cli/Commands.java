package io.github.futhark4j.cli;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The registry of subcommands. Every public, concrete class named {@code *Command} in this package
 * that implements {@link Command} and has a public no-argument constructor is a subcommand: the
 * classes are found by listing this package in the directory or jar the class was loaded from, so
 * adding a subcommand (such as {@code DemoCommand}) needs no change here. The names in
 * {@link #KNOWN} are tried too, for class loaders that cannot be listed.
 */
public final class Commands {
  private static final String PKG = Commands.class.getPackageName();
  private static final Pattern CLASS_FILE = Pattern.compile("([A-Za-z0-9]+Command)\\.class");
  static final List<String> KNOWN = List.of("RunCommand", "TestCommand", "BenchCommand", "CheckCommand",
      "CCommand", "MulticoreCommand", "DatasetCommand", "DatacmpCommand", "DemoCommand", "FuzzCommand", "CacheCommand");

  private static volatile List<Command> all;

  private Commands() {}

  /** All subcommands, sorted by name. */
  public static List<Command> all() {
    List<Command> a = all;
    if (a == null) {
      Set<String> names = new TreeSet<>(KNOWN);
      names.addAll(scan());
      Map<String, Command> byName = new LinkedHashMap<>();
      for (String n : names) instantiate(n).ifPresent(c -> byName.putIfAbsent(c.name(), c));
      a = byName.values().stream().sorted(Comparator.comparing(Command::name)).toList();
      all = a;
    }
    return a;
  }

  /** The subcommand of that name. */
  public static Optional<Command> find(String name) {
    return all().stream().filter(c -> c.name().equals(name)).findFirst();
  }

  private static Optional<Command> instantiate(String simpleName) {
    try {
      Class<?> c = Class.forName(PKG + "." + simpleName);
      if (!Command.class.isAssignableFrom(c) || Modifier.isAbstract(c.getModifiers()) || !Modifier.isPublic(c.getModifiers())) {
        return Optional.empty();
      }
      return Optional.of((Command) c.getConstructor().newInstance());
    } catch (ReflectiveOperationException | LinkageError e) {
      return Optional.empty();
    }
  }

  /** Simple names of {@code *Command} classes next to this one (directory or jar). */
  static Set<String> scan() {
    Set<String> out = new TreeSet<>();
    try {
      var cs = Commands.class.getProtectionDomain().getCodeSource();
      if (cs == null) return out;
      Path loc = Path.of(cs.getLocation().toURI());
      String pkgPath = PKG.replace('.', '/');
      if (Files.isDirectory(loc)) {
        try (Stream<Path> s = Files.list(loc.resolve(pkgPath))) {
          s.forEach(p -> add(p.getFileName().toString(), out));
        }
      } else if (Files.isRegularFile(loc)) {
        try (JarFile jar = new JarFile(loc.toFile())) {
          jar.stream().map(e -> e.getName()).filter(n -> n.startsWith(pkgPath + "/"))
              .map(n -> n.substring(pkgPath.length() + 1)).forEach(n -> add(n, out));
        }
      }
    } catch (IOException | URISyntaxException | SecurityException | IllegalArgumentException e) {
      // Listing is best effort; the KNOWN names still work.
    }
    return out;
  }

  private static void add(String fileName, Set<String> out) {
    var m = CLASS_FILE.matcher(fileName);
    if (m.matches()) out.add(m.group(1));
  }

  /** For tests: the names found by listing. */
  static List<String> scanned() {
    return new ArrayList<>(scan());
  }
}
