package io.github.futhark4j.toolchain;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/** SHA-256 in lower-case hex, of strings, bytes and files ({@link Sha256}: no security provider set-up). */
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

  static String sha256Hex(Path file) throws IOException {
    Sha256 md = sha256();
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while ((n = in.read(buf)) > 0) md.update(buf, 0, n);
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
