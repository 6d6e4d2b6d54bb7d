package io.github.futhark4j.runtime;

import com.sun.jna.Function;

/**
 * How a manifest type is passed across the C API, with its C functions resolved at load time.
 * Scalars go by value; arrays and opaques by pointer to a reference-counted native object.
 */
sealed interface ValueType {
  /** The type's name in the manifest. */
  String name();

  /** A primitive passed by value (f16 as its {@code uint16_t} bits). */
  record Scalar(Prim prim) implements ValueType {
    @Override public String name() { return prim.futharkName(); }
  }

  /** An array of primitives with its {@code new}, {@code free}, {@code shape} and {@code values} functions. */
  record Array(String name, Prim prim, int rank, Function newFn, Function free, Function shape, Function values)
      implements ValueType {}

  /** An opaque type; only freeing is needed to pass it around. */
  record Opaque(String name, Function free) implements ValueType {}

  /** A type this runtime cannot pass; entry points using it fail when called, with {@code reason}. */
  record Unsupported(String name, String reason) implements ValueType {}

  /** Resolves a manifest type name. */
  static ValueType resolve(String name, Manifest manifest, NativeApi api) {
    Prim p = Prim.parse(name);
    if (p != null) return new Scalar(p);
    Manifest.TypeDesc t = manifest.types().get(name);
    if (t == null) return new Unsupported(name, "the manifest does not describe type " + name);
    if (t.isArray()) {
      Prim e = Prim.parse(t.elemtype());
      if (e == null || t.rank() < 1) return new Unsupported(name, "array type " + name + " has no primitive element type and rank");
      String[] ops = {"new", "free", "shape", "values"};
      for (String op : ops) {
        if (t.ops().get(op) == null) return new Unsupported(name, "array type " + name + " lacks the \"" + op + "\" operation");
      }
      return new Array(name, e, t.rank(), api.function(t.ops().get("new")), api.function(t.ops().get("free")),
          api.function(t.ops().get("shape")), api.function(t.ops().get("values")));
    }
    if (t.isOpaque()) {
      String free = t.ops().get("free");
      if (free == null) return new Unsupported(name, "opaque type " + name + " lacks the \"free\" operation");
      return new Opaque(name, api.function(free));
    }
    return new Unsupported(name, "type " + name + " has unknown kind " + t.kind());
  }
}
