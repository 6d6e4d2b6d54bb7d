package io.github.futhark4j;

import io.github.futhark4j.toolchain.PortableEntry;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A compiled Futhark program as bytes: the files of its compile-cache entry (shared library,
 * manifest, generated C, key text, checksums) plus the platform it was built for. Made by
 * {@link Futhark#export}; loaded in any JVM on a machine of the same platform by
 * {@link Futhark#load(FutharkBinary, FutharkOptions)}, which compiles nothing and needs no C
 * compiler. This is how a Spark driver ships a program to its executors.
 *
 * <p>{@link #sha256()} is the content hash: SHA-256 over the platform lines and the entry's
 * {@code complete} marker, which itself records the size and SHA-256 of every file. Loading checks
 * every file against the marker and the marker against this hash; a caller that received the hash
 * over another channel passes it to {@link Futhark#load(FutharkBinary, String, FutharkOptions)}.
 *
 * <p>Immutable, thread safe and {@link Serializable} (the files are a few hundred kilobytes).
 */
public final class FutharkBinary implements Serializable {
  @Serial private static final long serialVersionUID = 1L;

  private final String key;
  private final String name;
  private final String compiler;
  private final String os;
  private final String cpu;
  // Plain array and LinkedHashMap (not immutable collections), so that serializers which rebuild
  // collections element by element, such as Kryo in Spark, can read it back.
  private final String[] cpuFlags;
  private final LinkedHashMap<String, byte[]> files;
  private final String sha256;

  FutharkBinary(PortableEntry e) {
    this.key = e.key();
    this.name = e.name();
    this.compiler = e.compiler();
    this.os = e.os();
    this.cpu = e.cpu();
    this.cpuFlags = e.cpuFlags().toArray(String[]::new);
    LinkedHashMap<String, byte[]> copy = new LinkedHashMap<>();
    e.files().forEach((k, v) -> copy.put(k, v.clone()));
    this.files = copy;
    this.sha256 = digest();
  }

  /** The build key the library is cached under (64 hex digits). */
  public String key() { return key; }

  /** The content hash (64 hex digits), see the class comment. */
  public String sha256() { return sha256; }

  /** The identity of the Futhark compiler that built it, e.g. {@code futhark4j-builtin 0.1.0}. */
  public String compiler() { return compiler; }

  /** The operating system and architecture it was built for, e.g. {@code Linux amd64}. */
  public String os() { return os; }

  /** The build key's CPU line: model name and a digest of its feature flags. */
  public String cpu() { return cpu; }

  /** The names of the files of the cache entry, in the order they are stored. */
  public Set<String> fileNames() { return Collections.unmodifiableSet(files.keySet()); }

  /** Total size of the files in bytes. */
  public long size() {
    long n = 0;
    for (byte[] b : files.values()) n += b.length;
    return n;
  }

  /** The manifest JSON (the C API's description of the entry points and types). */
  public String manifestJson() {
    byte[] m = files.get(name + ".json");
    return m == null ? "" : new String(m, StandardCharsets.UTF_8);
  }

  /** The entry as the toolchain installs it (copies of the bytes). */
  PortableEntry entry() {
    Map<String, byte[]> copy = new LinkedHashMap<>();
    files.forEach((k, v) -> copy.put(k, v.clone()));
    return new PortableEntry(key, name, compiler, os, cpu, new TreeSet<>(List.of(cpuFlags)), copy);
  }

  /** The hash over what identifies the content; recomputed when loading. */
  String digest() {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException ex) {
      throw new AssertionError("every Java platform has SHA-256", ex);
    }
    StringBuilder head = new StringBuilder("futhark4j-binary 1\n");
    head.append("key ").append(key).append('\n').append("os ").append(os).append('\n').append("cpu ").append(cpu).append('\n');
    head.append("cpuflags ").append(String.join(" ", cpuFlags)).append('\n');
    md.update(head.toString().getBytes(StandardCharsets.UTF_8));
    byte[] marker = files.get("complete");
    if (marker != null) md.update(marker);
    return HexFormat.of().formatHex(md.digest());
  }

  @Serial
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (key == null || name == null || compiler == null || os == null || cpu == null || cpuFlags == null
        || files == null || sha256 == null) {
      throw new InvalidObjectException("incomplete FutharkBinary");
    }
  }

  @Override
  public String toString() {
    return "FutharkBinary[" + name + ", key " + key.substring(0, 12) + ", sha256 " + sha256.substring(0, 12) + ", "
        + size() + " bytes, " + os + "]";
  }
}
