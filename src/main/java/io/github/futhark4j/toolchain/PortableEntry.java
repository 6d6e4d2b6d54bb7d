package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A published compile-cache entry as bytes, so that another JVM (on another machine of the same
 * platform) can load the library without compiling: {@link #read} takes an entry apart on the
 * machine that built it, {@link #install} puts it into the receiving machine's cache under the same
 * key, where the ordinary checks of {@link CompileCache#lookup} (marker, sizes, SHA-256 of every
 * file) apply before anything is loaded.
 *
 * <p>The platform the library was built for travels along: {@code os} and {@code cpu} are the
 * lines of the build key, {@code cpuFlags} the full feature list of the building CPU. Libraries are
 * compiled with {@code -march=native} by default, so {@link #install} refuses a library for another
 * operating system or architecture, and one built on a CPU with features the receiving CPU lacks
 * (it could die of an illegal instruction). A CPU of another model that has every feature is
 * accepted. A library built for an x86-64 level ({@link CpuTarget}) has the {@code cpu} line
 * {@code target LEVEL} and the level's features as {@code cpuFlags}: every CPU with them runs it.
 *
 * @param key      the build key (64 hex digits) the entry is published under
 * @param name     the base name of the entry's C, header and manifest files
 * @param compiler the identity of the Futhark compiler that built it
 * @param os       {@code os.name os.arch} of the building machine
 * @param cpu      the build key's CPU line (model and a digest of the feature flags)
 * @param cpuFlags the building CPU's feature flags; empty when unknown
 * @param files    every file of the entry by name, including the {@code complete} marker
 */
public record PortableEntry(String key, String name, String compiler, String os, String cpu, Set<String> cpuFlags,
    Map<String, byte[]> files) {

  public PortableEntry {
    cpuFlags = Collections.unmodifiableSet(new TreeSet<>(cpuFlags));
    files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
  }

  /**
   * Reads the entry {@code lib} was loaded from: every file its {@code complete} marker lists, and
   * the marker. The files are checked against the marker as they are read.
   *
   * @throws IOException a file is missing, unreadable or no longer matches the marker
   */
  public static PortableEntry read(BuiltLibrary lib) throws IOException {
    Path dir = lib.sharedLibrary().getParent();
    byte[] marker = Files.readAllBytes(dir.resolve(CacheMarker.FILE));
    Map<String, byte[]> files = new LinkedHashMap<>();
    CacheMarker m = CacheMarker.parse(new String(marker, StandardCharsets.UTF_8));
    for (CacheMarker.FileLine f : m.files()) {
      Path p = dir.resolve(f.name()).normalize();
      if (!p.startsWith(dir)) throw new IOException("cache entry " + dir + " lists a file outside it: " + f.name());
      files.put(f.name(), Files.readAllBytes(p));
    }
    files.put(CacheMarker.FILE, marker);
    // Built for a level (CpuTarget): its key's cpu line says so, and the level's features are what
    // a receiving CPU needs; a native build needs the building CPU's.
    byte[] keyText = files.get(CompileCache.KEY_TEXT);
    CpuTarget target = keyText == null ? null
        : CpuTarget.fromKeyLine(BuildKey.field(new String(keyText, StandardCharsets.UTF_8), "cpu"));
    PortableEntry e = target == null
        ? new PortableEntry(lib.key(), m.name(), m.compiler(), Platform.os(), Platform.cpu(), Platform.cpuFlags(), files)
        : new PortableEntry(lib.key(), m.name(), m.compiler(), Platform.os(), target.keyLine(), target.requiredFlags(), files);
    String bad = e.check();
    if (bad != null) throw new IOException("cache entry " + dir + " changed while it was read: " + bad);
    return e;
  }

  /**
   * Whether the files agree with the marker: the marker is well formed, names this entry's base
   * name and compiler, lists exactly the other files, each with its size and SHA-256, and among them
   * {@code lib.so} and the manifest. Returns what is wrong, or {@code null} when all is well.
   */
  public String check() {
    if (!CompileCache.isKey(key)) return "not a build key: " + key;
    byte[] markerBytes = files.get(CacheMarker.FILE);
    if (markerBytes == null) return "no " + CacheMarker.FILE + " marker";
    CacheMarker m;
    try {
      m = CacheMarker.parse(new String(markerBytes, StandardCharsets.UTF_8));
    } catch (IOException e) {
      return e.getMessage();
    }
    if (!m.name().equals(name)) return "the marker names the files " + m.name() + ", not " + name;
    if (!m.compiler().equals(compiler)) return "the marker names the compiler " + m.compiler() + ", not " + compiler;
    Set<String> listed = new TreeSet<>();
    for (CacheMarker.FileLine f : m.files()) {
      listed.add(f.name());
      byte[] b = files.get(f.name());
      if (b == null) return "file " + f.name() + " is missing";
      if (b.length != f.size()) return "file " + f.name() + " has " + b.length + " bytes, the marker says " + f.size();
      if (!Hashing.markerChecksum(m.format(), b).equals(f.checksum())) return "file " + f.name() + " does not have the checksum the marker records";
    }
    for (String f : files.keySet()) {
      if (!f.equals(CacheMarker.FILE) && !listed.contains(f)) return "file " + f + " is not listed in the marker";
    }
    if (!listed.contains(CompileCache.LIBRARY)) return "no " + CompileCache.LIBRARY;
    if (!listed.contains(name + ".json")) return "no manifest " + name + ".json";
    return null;
  }

  /**
   * Why a library built on the platform this entry names cannot run on this machine, or {@code
   * null} when it can: same operating system and architecture, and either the same CPU line of the
   * build key or a CPU that has every feature flag of the building one.
   */
  public String platformMismatch() {
    return platformMismatch(Platform.os(), Platform.cpu(), Platform.cpuFlags());
  }

  String platformMismatch(String hereOs, String hereCpu, Set<String> hereFlags) {
    if (!os.equals(hereOs)) {
      return "it was built for " + os + ", this machine is " + hereOs;
    }
    if (cpu.equals(hereCpu)) return null;
    // Built for a level (its cpu line "target LEVEL", its flags the level's), or natively.
    String level = cpu.startsWith(CpuTarget.KEY_PREFIX) ? cpu.substring(CpuTarget.KEY_PREFIX.length()) : null;
    if (cpuFlags.isEmpty() || hereFlags.isEmpty()) {
      if (level != null) {
        return "it was built for the CPU target " + level + " and the feature flags of this CPU (\"" + hereCpu + "\") are unknown";
      }
      return "it was built with -march=native on a CPU \"" + cpu + "\" and this CPU is \"" + hereCpu
          + "\"; the feature flags of " + (cpuFlags.isEmpty() ? "the building CPU" : "this CPU") + " are unknown";
    }
    List<String> missing = new ArrayList<>();
    for (String f : cpuFlags) if (!hereFlags.contains(f)) missing.add(f);
    if (missing.isEmpty()) return null;
    if (level != null) {
      return "it was built for the CPU target " + level + ", whose features this CPU (\"" + hereCpu + "\") lacks: "
          + String.join(" ", missing);
    }
    return "it was built with -march=native on a CPU \"" + cpu + "\" with features this CPU (\"" + hereCpu
        + "\") lacks: " + String.join(" ", missing.size() > 12 ? missing.subList(0, 12) : missing)
        + (missing.size() > 12 ? " ... (" + missing.size() + " in all)" : "");
  }

  /**
   * Puts this entry into the cache in {@code cacheDir} (the default cache when {@code null}) under
   * its key, unless a sound entry with the same marker is there already, and returns it ready to
   * load. Compiles nothing. Runs under the key's lock, like a build, and publishes by atomic rename.
   *
   * @throws IOException the entry does not agree with its marker, is for another platform (see
   *                     {@link #platformMismatch()}), or cannot be written
   */
  public BuiltLibrary install(Path cacheDir) throws IOException {
    return install(cacheDir, 0);
  }

  /**
   * Like {@link #install(Path)}, keeping the cache under {@code cacheLimit} bytes afterwards (0:
   * {@link CompileCache#defaultLimit()}).
   */
  public BuiltLibrary install(Path cacheDir, long cacheLimit) throws IOException {
    String bad = check();
    if (bad != null) throw new IOException("the library " + key + " is damaged: " + bad);
    String mismatch = platformMismatch();
    if (mismatch != null) {
      throw new IOException("the library " + key + " cannot be loaded on this machine: " + mismatch
          + ". Executors must match the driver's operating system, architecture and CPU features (see docs/spark.md).");
    }
    CompileCache c = new CompileCache(cacheDir != null ? cacheDir : LibraryBuilder.defaultCacheDir());
    long limit = CompileCache.limitOrDefault(cacheLimit);
    BuiltLibrary installed = installLocked(c);
    c.maintainQuietly(key, limit);
    return installed;
  }

  private BuiltLibrary installLocked(CompileCache c) throws IOException {
    try (KeyLock lock = c.lock(key)) {
      Optional<CompileCache.Entry> there = c.lookup(key);
      if (there.isPresent() && sameMarker(there.get().dir())) {
        c.touch(key);
        return there.get().built();
      }
      c.discard(key);
      if (lock.crossProcess()) c.removeStaleBuildDirs(key);
      Path work = c.newBuildDir(key);
      boolean moved = false;
      try {
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
          if (!f.getKey().equals(CacheMarker.FILE)) Files.write(work.resolve(f.getKey()), f.getValue());
        }
        // The marker last, as a build writes it, then one atomic rename.
        Files.write(work.resolve(CacheMarker.FILE), files.get(CacheMarker.FILE));
        Files.move(work, c.entryDir(key), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        moved = true;
      } finally {
        if (!moved) CacheFiles.deleteTree(work);
      }
      return c.lookup(key).filter(e -> sameMarker(e.dir()))
          .orElseThrow(() -> new IOException("cache entry " + c.entryDir(key) + " is unreadable right after installing it"))
          .built();
    }
  }

  private boolean sameMarker(Path entryDir) {
    try {
      return java.util.Arrays.equals(Files.readAllBytes(entryDir.resolve(CacheMarker.FILE)), files.get(CacheMarker.FILE));
    } catch (IOException e) {
      return false;
    }
  }
}
