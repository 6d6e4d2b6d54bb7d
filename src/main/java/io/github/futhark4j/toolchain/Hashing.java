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
   * The CRC-32C of a file as 8 lower-case hex digits: what a cache entry's marker records, to catch
   * truncated or damaged files. It runs in the JDK's native code; SHA-256 of a library runs
   * interpreted in a fresh JVM, 20-60 ms of its first look-up.
   */
  static String crc32cHex(Path file) throws IOException {
    return crc32cHex(Files.readAllBytes(file));
  }

  /** {@link #crc32cHex(Path)} of bytes. */
  static String crc32cHex(byte[] b) {
    java.util.zip.CRC32C c = new java.util.zip.CRC32C();
    c.update(b);
    return String.format("%08x", c.getValue());
  }


}
