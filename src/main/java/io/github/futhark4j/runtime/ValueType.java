package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import com.sun.jna.Function;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a manifest type is passed across the C API, with its C functions resolved at load time.
 * Scalars go by value; arrays and opaques by pointer to a reference-counted native object.
 */
sealed interface ValueType {
  /** The type's name in the manifest. */
  String name();

  /** A primitive passed by value (f16 as its {@code uint16_t} bits). */
  record Scalar(ScalarType prim) implements ValueType {
    @Override public String name() { return prim.futharkName(); }
  }

  /**
   * An array of primitives with its {@code new}, {@code free}, {@code shape} and {@code values}
   * functions, and {@code newRaw}/{@code valuesRaw} when the library has them and its backend keeps
   * arrays in host memory (then an array's storage is plain row-major memory Java can write before
   * wrapping and read directly; otherwise {@code null}, and data goes through {@code new}/{@code values}).
   */
  record Array(String name, ScalarType prim, int rank, Function newFn, Function free, Function shape, Function values,
      Function newRaw, Function valuesRaw, Direct direct) implements ValueType {}

  /**
   * The array functions every array argument or result goes through, bound by JNA direct mapping
   * ({@link DirectCall}) once the type has been used {@link DirectCall#BIND_AFTER} times: binding
   * costs from about half a millisecond per function to some 50 ms for the first binding in a JVM,
   * which a program called only once should not pay ({@code FutharkFunction.prepare} binds at once).
   * An accessor returns {@code null} while (or where) the generic {@link Function} is to be used.
   * Used only under the context lock, which is what makes the counting and binding safe.
   */
  static final class Direct {
    private final NativeApi api;
    private final Manifest.TypeDesc type;
    private final boolean raw;
    private int uses;
    private boolean bound;
    private DirectCall free, shape, newRaw, valuesRaw;

    Direct(NativeApi api, Manifest.TypeDesc type, boolean raw) {
      this.api = api;
      this.type = type;
      this.raw = raw;
    }

    private void use() {
      if (bound || ++uses < DirectCall.BIND_AFTER) return;
      bind();
    }

    /** Binds now (idempotent); under the context lock. */
    void bind() {
      if (bound) return;
      bound = true;
      free = DirectCall.ofLongs(api.library, type.ops().get("free"), false, 2);
      shape = DirectCall.ofLongs(api.library, type.ops().get("shape"), true, 2);
      if (raw) {
        newRaw = DirectCall.ofLongs(api.library, type.ops().get("new_raw"), true, 2 + type.rank());
        valuesRaw = DirectCall.ofLongs(api.library, type.ops().get("values_raw"), true, 2);
      }
    }

    DirectCall free() { use(); return free; }

    DirectCall shape() { use(); return shape; }

    DirectCall newRaw() { use(); return newRaw; }

    DirectCall valuesRaw() { use(); return valuesRaw; }

    /** Whether the functions have been bound (for tests). */
    boolean bound() { return bound; }
  }

  /**
   * An opaque type; only freeing is needed to pass it around. {@code record} is set when the type
   * is a record or tuple whose fields this runtime can all pass, so it can be built from and
   * converted to Java values. {@code store} and {@code restore} are the serialisation functions
   * when the library has them (else {@code null}), and {@code program} the identity of the
   * program (see {@link StoredValue}), which stored bytes carry.
   */
  record Opaque(String name, Function free, RecordType record, Function store, Function restore, byte[] program)
      implements ValueType {}

  /** The record view of an opaque type: constructor and fields in constructor order. */
  record RecordType(Function newFn, List<Field> fields) {
    /** Whether the fields are named 0, 1, ... in order: a tuple, shown in Java as {@code Object[]}. */
    boolean isTuple() {
      for (int i = 0; i < fields.size(); i++) if (!fields.get(i).name().equals(String.valueOf(i))) return false;
      return true;
    }
  }

  /** A record field with its type and projection function. */
  record Field(String name, ValueType type, Function project) {}

  /** A type this runtime cannot pass; entry points using it fail when called, with {@code reason}. */
  record Unsupported(String name, String reason) implements ValueType {}

  /** Resolves a manifest type name. */
  static ValueType resolve(String name, Manifest manifest, NativeApi api, Map<String, ValueType> memo) {
    ValueType known = memo.get(name);
    if (known != null) return known;
    ValueType t = resolveNew(name, manifest, api, memo);
    memo.put(name, t);
    return t;
  }

  private static ValueType resolveNew(String name, Manifest manifest, NativeApi api, Map<String, ValueType> memo) {
    ScalarType p = ScalarType.parse(name);
    if (p != null) return new Scalar(p);
    Manifest.TypeDesc t = manifest.types().get(name);
    if (t == null) return new Unsupported(name, "the manifest does not describe type " + name);
    if (t.isArray()) {
      ScalarType e = ScalarType.parse(t.elemtype());
      if (e == null || t.rank() < 1) return new Unsupported(name, "array type " + name + " has no primitive element type and rank");
      String[] ops = {"new", "free", "shape", "values"};
      for (String op : ops) {
        if (t.ops().get(op) == null) return new Unsupported(name, "array type " + name + " lacks the \"" + op + "\" operation");
      }
      Function newRaw = api.hostMemory && t.ops().get("new_raw") != null ? api.optional(t.ops().get("new_raw")) : null;
      Function valuesRaw = api.hostMemory && t.ops().get("values_raw") != null ? api.optional(t.ops().get("values_raw")) : null;
      return new Array(name, e, t.rank(), api.function(t.ops().get("new")), api.function(t.ops().get("free")),
          api.function(t.ops().get("shape")), api.function(t.ops().get("values")), newRaw, valuesRaw,
          new Direct(api, t, newRaw != null && valuesRaw != null));
    }
    if (t.isOpaque()) {
      String free = t.ops().get("free");
      if (free == null) return new Unsupported(name, "opaque type " + name + " lacks the \"free\" operation");
      String store = t.ops().get("store"), restore = t.ops().get("restore");
      return new Opaque(name, api.function(free), recordOf(t, manifest, api, memo),
          store == null ? null : api.optional(store), restore == null ? null : api.optional(restore),
          StoredValue.programIdentity(manifest));
    }
    return new Unsupported(name, "type " + name + " has unknown kind " + t.kind());
  }

  /** The record view, or {@code null} when the type is no record or has a field this runtime cannot pass. */
  private static RecordType recordOf(Manifest.TypeDesc t, Manifest manifest, NativeApi api, Map<String, ValueType> memo) {
    Manifest.Record r = t.record();
    if (r == null || r.newFunction() == null || r.fields().isEmpty()) return null;
    List<Field> fields = new ArrayList<>();
    for (Manifest.Field f : r.fields()) {
      if (f.name() == null || f.type() == null || f.project() == null) return null;
      ValueType ft = resolve(f.type(), manifest, api, memo);
      if (ft instanceof Unsupported) return null;
      Function project = api.optional(f.project());
      if (project == null) return null;
      fields.add(new Field(f.name(), ft, project));
    }
    Function newFn = api.optional(r.newFunction());
    return newFn == null ? null : new RecordType(newFn, List.copyOf(fields));
  }
}
