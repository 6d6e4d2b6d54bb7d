package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * SHA-256 in lower-case hex, of strings, bytes and files ({@link Sha256}: no security provider
 * set-up), for build keys; and CRC-32C, for the integrity of the files of cache entries.
 */
final class Hashing {
  private Hashing() {}

  static Sha256 sha256() {
    return new Sha256();
  }

  static String sha256Hex(String s) {
    return sha256Hex(s.getBytes(StandardCharsets.UTF_8));
  }

  static String sha256Hex(byte[] b) {
    Sha256 md = sha256();
    md.update(b);
    return HexFormat.of().formatHex(md.digest());
  }

  /**
   * The CRC-32 of a file as 8 lower-case hex digits: what a cache entry's marker records (format 3),
   * to catch truncated or damaged files. It runs in zlib's native code even in a fresh JVM's
   * interpreter (0.2 ms for a 48 KB library; CRC-32C, format 2, runs as Java code until the JIT
   * compiles it: 4 ms; SHA-256: 20-60 ms).
   */
  static String crc32Hex(Path file) throws IOException {
    return crc32Hex(Files.readAllBytes(file));
  }

  /** {@link #crc32Hex(Path)} of bytes. */
  static String crc32Hex(byte[] b) {
    java.util.zip.CRC32 c = new java.util.zip.CRC32();
    c.update(b);
    return hex8(c.getValue());
  }

  /**
   * The low 32 bits of {@code v} as 8 lower-case hex digits, as {@code String.format("%08x", v)} for
   * {@code 0 <= v < 2^32}, without the formatter (whose first use costs a fresh JVM several ms).
   */
  static String hex8(long v) {
    return HexFormat.of().toHexDigits((int) v);
  }

  /** The checksum a marker of {@code format} (2 or 3) records for {@code b}. */
  static String markerChecksum(int format, byte[] b) {
    return format == 2 ? crc32cHex(b) : crc32Hex(b);
  }

  /** CRC-32C of bytes, as markers of format 2 record it. */
  static String crc32cHex(byte[] b) {
    java.util.zip.CRC32C c = new java.util.zip.CRC32C();
    c.update(b);
    return hex8(c.getValue());
  }


}
