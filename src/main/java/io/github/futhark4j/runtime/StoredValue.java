package io.github.futhark4j.runtime;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * The bytes {@code FutharkOpaque.store()} returns: an envelope around what the library's
 * {@code futhark_store_opaque_<t>} wrote, so that a restore can be checked before the C function
 * (which takes no length and trusts its input) sees it. Big-endian:
 *
 * <pre>
 *   4 bytes  magic "F4JS"
 *   1 byte   envelope version, 1
 *   2 bytes  length of the type name, then the name in UTF-8 (the manifest's opaque type name)
 *  32 bytes  program identity ({@link #programIdentity})
 *   8 bytes  payload length
 *   4 bytes  CRC-32 of the payload
 *            the payload: futhark_store_opaque_&lt;t&gt;'s bytes
 * </pre>
 *
 * <p>The C API allows restoring only in the program (and compiler version) that stored the value;
 * the program identity is a SHA-256 of what the manifest says about the program: the compiler
 * version, the entry points' signatures and the types, without the backend (the format is stable
 * across backends) or C function names.
 */
final class StoredValue {
  private StoredValue() {}

  private static final byte[] MAGIC = {'F', '4', 'J', 'S'};
  private static final int VERSION = 1;
  private static final int IDENTITY = 32;

  /** A parsed, checked envelope. */
  record Parsed(String type, byte[] program, byte[] payload) {}

  /** Wraps a payload. */
  static byte[] wrap(String type, byte[] program, byte[] payload) {
    byte[] name = type.getBytes(StandardCharsets.UTF_8);
    if (name.length > 0xFFFF) throw new IllegalArgumentException("opaque type name too long to store: " + type);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(payload.length + name.length + 64);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.write(MAGIC);
      out.writeByte(VERSION);
      out.writeShort(name.length);
      out.write(name);
      out.write(program);
      out.writeLong(payload.length);
      out.writeInt((int) crc(payload));
      out.write(payload);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * Parses and checks an envelope: magic, version, lengths and the payload's checksum.
   *
   * @throws IllegalArgumentException saying what is wrong with the bytes
   */
  static Parsed parse(byte[] bytes) {
    if (bytes == null) throw new IllegalArgumentException("no bytes to restore (null)");
    ByteBuffer in = ByteBuffer.wrap(bytes);
    String notOurs = "these " + bytes.length + " bytes are not a value stored by FutharkOpaque.store()";
    if (bytes.length < MAGIC.length + 3 || !Arrays.equals(Arrays.copyOf(bytes, MAGIC.length), MAGIC)) {
      throw new IllegalArgumentException(notOurs);
    }
    in.position(MAGIC.length);
    int version = in.get() & 0xFF;
    if (version != VERSION) {
      throw new IllegalArgumentException("stored value format version " + version + " is not supported (this is version " + VERSION + ")");
    }
    int nameLength = in.getShort() & 0xFFFF;
    if (in.remaining() < nameLength + IDENTITY + 12) throw new IllegalArgumentException(notOurs + " (truncated)");
    byte[] name = new byte[nameLength];
    in.get(name);
    byte[] program = new byte[IDENTITY];
    in.get(program);
    long length = in.getLong();
    int crc = in.getInt();
    if (length != in.remaining()) {
      throw new IllegalArgumentException("stored value is truncated or has trailing bytes: the payload should have "
          + length + " bytes but " + in.remaining() + " follow");
    }
    byte[] payload = new byte[(int) length];
    in.get(payload);
    if ((int) crc(payload) != crc) throw new IllegalArgumentException("stored value is corrupt (checksum mismatch)");
    return new Parsed(new String(name, StandardCharsets.UTF_8), program, payload);
  }

  private static long crc(byte[] data) {
    CRC32 c = new CRC32();
    c.update(data);
    return c.getValue();
  }

  /** The program identity of a library, from its manifest (see the class comment). */
  static byte[] programIdentity(Manifest m) {
    StringBuilder d = new StringBuilder("futhark4j stored value v1\ncompiler ").append(m.version()).append('\n');
    for (Manifest.Entry e : m.entryPoints().values()) {
      d.append("entry ").append(e.name());
      for (Manifest.Input i : e.inputs()) d.append(" in ").append(i.unique() ? "*" : "").append(i.type());
      for (Manifest.Output o : e.outputs()) d.append(" out ").append(o.unique() ? "*" : "").append(o.type());
      d.append('\n');
    }
    Map<String, Manifest.TypeDesc> sorted = new TreeMap<>(m.types());
    for (Manifest.TypeDesc t : sorted.values()) {
      d.append("type ").append(t.name()).append(' ').append(t.kind()).append(' ').append(t.elemtype()).append(' ').append(t.rank());
      if (t.record() != null) {
        for (Manifest.Field f : t.record().fields()) d.append(" field ").append(f.name()).append(':').append(f.type());
      }
      d.append('\n');
    }
    try {
      return MessageDigest.getInstance("SHA-256").digest(d.toString().getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  /** A short form of an identity for messages. */
  static String shortId(byte[] identity) {
    return HexFormat.of().formatHex(identity, 0, 6);
  }
}
