package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code complete} marker of a published cache entry, the one reader and writer of its format.
 * {@link CompileCache#publish} writes it last, so an entry without it is not complete; it names the
 * entry's C, header and manifest files ({@code name}), the compiler that built it, and every other
 * file of the entry with its size and checksum, so that an entry with a file missing, truncated or
 * changed is never loaded ({@link CompileCache#lookup}) or shipped ({@link PortableEntry}).
 *
 * <pre>
 * futhark4j-cache-entry 3
 * name NAME
 * compiler COMPILER
 * file CHECKSUM SIZE FILE       one line per other file, sorted by name
 * </pre>
 *
 * Format 3 records CRC-32, format 2 (still read) CRC-32C ({@link Hashing#markerChecksum}).
 *
 * @param format   2 or 3
 * @param name     the base name of the entry's C, header and manifest files
 * @param compiler the identity of the Futhark compiler that built the entry
 * @param files    the entry's other files
 */
record CacheMarker(int format, String name, String compiler, List<FileLine> files) {
  /** The marker's file name in an entry directory. */
  static final String FILE = "complete";
  /** The first line of the markers written now. */
  static final String HEADER = "futhark4j-cache-entry 3";
  /** The first line of markers of format 2 (CRC-32C instead of CRC-32), which are still read. */
  static final String HEADER_2 = "futhark4j-cache-entry 2";

  /** One file of the entry: its checksum (8 lower-case hex digits), size in bytes and name. */
  record FileLine(String checksum, long size, String name) {}

  CacheMarker {
    files = List.copyOf(files);
  }

  /** The format of a marker's first line (2 or 3), or -1 if it is not a marker's. */
  static int format(String header) {
    return header.equals(HEADER) ? 3 : header.equals(HEADER_2) ? 2 : -1;
  }

  /**
   * Parses a marker. Every file line must have an 8-digit hex checksum, a size, and a plain file
   * name (no directory, not hidden, not the marker itself).
   *
   * @throws IOException with what is wrong, when the text is not a well-formed marker
   */
  static CacheMarker parse(String text) throws IOException {
    List<String> lines = text.lines().toList();
    int format = lines.isEmpty() ? -1 : format(lines.get(0));
    if (format < 0) throw new IOException("the marker has no valid header");
    String name = null;
    String compiler = null;
    List<FileLine> files = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      if (line.startsWith("name ")) {
        name = line.substring(5);
      } else if (line.startsWith("compiler ")) {
        compiler = line.substring(9);
      } else if (line.startsWith("file ")) {
        String[] p = line.split(" ", 4);
        if (p.length != 4 || !isHex8(p[1]) || !isSize(p[2]) || !isPlainName(p[3])) {
          throw new IOException("the marker has a malformed line: " + line);
        }
        files.add(new FileLine(p[1], Long.parseLong(p[2]), p[3]));
      }
    }
    if (name == null || compiler == null) throw new IOException("the marker names no files or no compiler");
    return new CacheMarker(format, name, compiler, files);
  }

  /** The marker's text (a compiler identity with line breaks is written on one line). */
  String text() {
    StringBuilder m = new StringBuilder(format == 2 ? HEADER_2 : HEADER).append('\n');
    m.append("name ").append(name).append('\n');
    m.append("compiler ").append(compiler.replace('\n', ' ')).append('\n');
    for (FileLine f : files) m.append("file ").append(f.checksum()).append(' ').append(f.size()).append(' ').append(f.name()).append('\n');
    return m.toString();
  }

  // Written out, not regular expressions: a fresh JVM reads a marker on its first look-up, and
  // compiles a pattern in its interpreter.

  private static boolean isHex8(String s) {
    if (s.length() != 8) return false;
    for (int i = 0; i < 8; i++) {
      char c = s.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) return false;
    }
    return true;
  }

  private static boolean isSize(String s) {
    if (s.isEmpty() || s.length() > 18) return false;
    for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
    return true;
  }

  private static boolean isPlainName(String s) {
    return !s.isEmpty() && !s.contains("/") && !s.contains("\\") && !s.startsWith(".") && !s.equals(FILE);
  }
}
