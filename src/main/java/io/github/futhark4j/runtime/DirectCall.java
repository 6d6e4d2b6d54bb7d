package io.github.futhark4j.runtime;

import io.github.futhark4j.ScalarType;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * A C function called through JNA's direct mapping instead of {@link com.sun.jna.Function#invoke}.
 *
 * <p>Why: a scalar entry point call is dominated by JNA's generic invocation (it converts every
 * argument by reflection-like type tests and boxes the result: several hundred nanoseconds), while
 * a directly mapped {@code native} method costs a plain JNI call. Direct mapping binds a
 * {@code static native} method of a class to one C symbol, and entry point symbols and signatures
 * are only known at load time, so for each function a tiny class with one such method is generated
 * (the class file is written by hand: a constant pool, one {@code native} method, no code) and
 * defined in a class loader of its own, then bound with {@link Native#register(Class, NativeLibrary)}.
 *
 * <p>Every pointer is passed as its address ({@code long}; 64-bit platforms only), scalars as the
 * Java primitive JNA would pass for them. {@link #of} returns {@code null} when anything about
 * this is not possible, and callers keep the generic path.
 */
final class DirectCall {
  /**
   * System property {@code futhark4j.directCalls}: {@code false} turns direct mapping off, so every
   * native call goes through {@link com.sun.jna.Function} (an escape hatch, and for comparisons).
   */
  static final boolean ENABLED = !"false".equals(System.getProperty("futhark4j.directCalls"));

  /**
   * Functions are bound on their this-many-th use (or by {@code FutharkFunction.prepare}), not at
   * load time: a binding (class definition, registration, method handle adaptation) costs from
   * about half a millisecond to some 50 ms for the first one in a JVM, which only pays off for
   * functions called repeatedly.
   */
  static final int BIND_AFTER = 8;

  /** The bound method with its own (primitive) type, for the two-argument calls. */
  private final MethodHandle exact;
  /** The same taking its arguments as one {@code Object[]}. */
  private final MethodHandle spread;
  private final boolean returnsLong;

  private DirectCall(MethodHandle exact, boolean returnsLong) {
    this.exact = exact;
    this.returnsLong = returnsLong;
    this.spread = exact.asSpreader(Object[].class, exact.type().parameterCount())
        .asType(MethodType.methodType(returnsLong ? long.class : int.class, Object[].class));
  }

  /** Calls an {@code int} function; {@code args} hold {@link Long} addresses for pointers and boxed primitives. */
  int invoke(Object[] args) {
    try {
      return (int) spread.invokeExact(args);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** Calls a pointer-returning function (its result as an address); arguments as for {@link #invoke}. */
  long invokeLong(Object[] args) {
    try {
      return (long) spread.invokeExact(args);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** {@code int f(void *, void *)}, without boxing. */
  int invokeInt(long a, long b) {
    try {
      return (int) exact.invokeExact(a, b);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** {@code void *f(void *, void *)} (the result as an address), without boxing. */
  long invokeLong(long a, long b) {
    try {
      return (long) exact.invokeExact(a, b);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  boolean returnsLong() { return returnsLong; }

  /**
   * Binds an entry point's C function: {@code int f(ctx, out0.., in0..)} with every pointer as an
   * address; {@code null} when an input type cannot be passed or direct mapping is unavailable.
   */
  static DirectCall forEntry(NativeLibrary library, String symbol, int outputs, List<ValueType> inputs) {
    List<Class<?>> params = new java.util.ArrayList<>();
    params.add(long.class);
    for (int o = 0; o < outputs; o++) params.add(long.class);
    for (ValueType t : inputs) {
      switch (t) {
        case ValueType.Scalar s -> params.add(javaType(s.prim()));
        case ValueType.Array a -> params.add(long.class);
        case ValueType.Opaque op -> params.add(long.class);
        case ValueType.Unsupported u -> { return null; }
      }
    }
    return of(library, symbol, int.class, params);
  }

  /**
   * Binds a function taking and returning only pointers (as addresses) and {@code int64_t}s:
   * {@code returnsPointer} selects a pointer ({@code long}) or {@code int} result.
   */
  static DirectCall ofLongs(NativeLibrary library, String symbol, boolean returnsPointer, int params) {
    return of(library, symbol, returnsPointer ? long.class : int.class, java.util.Collections.nCopies(params, long.class));
  }

  /** The Java primitive of the boxed value {@link Scalars#toNative} gives for {@code p}. */
  static Class<?> javaType(ScalarType p) {
    return switch (p) {
      case BOOL, I8 -> byte.class;
      case I16, F16 -> short.class;
      case U8, U16, I32, U32 -> int.class;
      case I64, U64 -> long.class;
      case F32 -> float.class;
      case F64 -> double.class;
    };
  }

  /** The address a pointer argument is passed as. */
  static Long address(Pointer p) {
    return Pointer.nativeValue(p);
  }

  /**
   * Binds C function {@code symbol} of {@code library}, returning {@code int} or {@code long} (a
   * pointer), with parameters of the given Java primitive classes ({@code long.class} for
   * pointers), or returns {@code null}
   * when direct mapping is not possible here (then the caller uses {@link com.sun.jna.Function}).
   */
  static DirectCall of(NativeLibrary library, String symbol, Class<?> returns, List<Class<?>> params) {
    if (!ENABLED || symbol == null || Native.POINTER_SIZE != 8 || !validName(symbol)) return null;
    try {
      MethodType type = MethodType.methodType(returns, params);
      String className = "io.github.futhark4j.runtime.direct.Call";
      Class<?> cls = new Loader().define(className, classFile(className.replace('.', '/'), symbol, type.toMethodDescriptorString()));
      Native.register(cls, library);
      MethodHandle mh = MethodHandles.publicLookup().findStatic(cls, symbol, type);
      DirectCall call = new DirectCall(mh, returns == long.class);
      // JNA keeps native stubs per registered class until it is unregistered: do that once the
      // binding is unreachable (no call can be running then), which also lets the class unload.
      Context.CLEANER.register(call, () -> Native.unregister(cls));
      return call;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError | IOException e) {
      return null;
    }
  }

  /** Whether a C symbol is also a valid JVM method name (C identifiers always are, but be sure). */
  private static boolean validName(String s) {
    if (s.isEmpty() || s.equals("<init>") || s.equals("<clinit>")) return false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(Character.isLetterOrDigit(c) || c == '_' || c == '$')) return false;
    }
    return true;
  }

  /** A public final class with one {@code public static native} method and nothing else. */
  static byte[] classFile(String internalName, String method, String descriptor) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(0xCAFEBABE);
    out.writeShort(0);      // minor version
    out.writeShort(52);     // major version: Java 8 (no stack map frames needed, there is no code)
    out.writeShort(7);      // constant pool count: entries 1..6
    out.writeByte(1);       // #1 Utf8 this class
    out.writeUTF(internalName);
    out.writeByte(7);       // #2 Class #1
    out.writeShort(1);
    out.writeByte(1);       // #3 Utf8 java/lang/Object
    out.writeUTF("java/lang/Object");
    out.writeByte(7);       // #4 Class #3
    out.writeShort(3);
    out.writeByte(1);       // #5 Utf8 method name
    out.writeUTF(method);
    out.writeByte(1);       // #6 Utf8 method descriptor
    out.writeUTF(descriptor);
    out.writeShort(0x0001 | 0x0010 | 0x0020); // ACC_PUBLIC | ACC_FINAL | ACC_SUPER
    out.writeShort(2);      // this class
    out.writeShort(4);      // super class
    out.writeShort(0);      // interfaces
    out.writeShort(0);      // fields
    out.writeShort(1);      // methods
    out.writeShort(0x0001 | 0x0008 | 0x0100); // ACC_PUBLIC | ACC_STATIC | ACC_NATIVE
    out.writeShort(5);
    out.writeShort(6);
    out.writeShort(0);      // method attributes
    out.writeShort(0);      // class attributes
    out.flush();
    return bytes.toByteArray();
  }

  /** One loader per generated class, so the same class name can be bound to many symbols. */
  private static final class Loader extends ClassLoader {
    Loader() {
      super(DirectCall.class.getClassLoader());
    }

    Class<?> define(String name, byte[] b) {
      return defineClass(name, b, 0, b.length);
    }
  }
}
