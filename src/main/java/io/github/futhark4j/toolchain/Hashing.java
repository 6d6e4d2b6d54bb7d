package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in lower-case hex, of strings, bytes and files. */
final class Hashing {
  private Hashing() {}

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every Java platform has SHA-256", e);
    }
  }

  static String sha256Hex(String s) {
    return sha256Hex(s.getBytes(StandardCharsets.UTF_8));
  }

  static String sha256Hex(byte[] b) {
    return HexFormat.of().formatHex(sha256().digest(b));
  }

  static String sha256Hex(Path file) throws IOException {
    MessageDigest md = sha256();
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while ((n = in.read(buf)) > 0) md.update(buf, 0, n);
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
