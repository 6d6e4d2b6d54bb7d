package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Our SHA-256 agrees with the standard's vectors and with the JDK's on inputs of every padding case. */
class Sha256Test {
  static String hex(String s) {
    Sha256 m = new Sha256();
    m.update(s.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(m.digest());
  }

  @Test
  void standardVectors() {
    assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", hex(""));
    assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", hex("abc"));
    assertEquals("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"));
  }

  @Test
  void agreesWithTheJdkOnEveryLengthAndSplit() throws Exception {
    Random r = new Random(7);
    for (int n = 0; n < 300; n++) {
      byte[] b = new byte[n * 7 % 1000 + n];
      r.nextBytes(b);
      Sha256 m = new Sha256();
      int cut = b.length == 0 ? 0 : r.nextInt(b.length);
      m.update(b, 0, cut);
      m.update(b, cut, b.length - cut);
      assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(b), m.digest(), "length " + b.length);
    }
  }
}
