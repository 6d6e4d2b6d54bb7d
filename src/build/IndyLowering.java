import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.Label;
import java.lang.classfile.MethodModel;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.InvokeDynamicInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.AccessFlag;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Build step (Maven phase process-classes, docs/architecture.md "Start-up"): rewrites the
 * invokedynamic call sites of the compiled classes that a fresh JVM would otherwise link at their
 * first execution by generating bytecode at run time.
 *
 * <ul>
 *   <li>Pattern {@code switch} ({@code SwitchBootstraps.typeSwitch} with class labels) becomes a call
 *       of a private static method of the same class that tests the labels with {@code instanceof},
 *       from the restart index on, exactly as the bootstrap's method does.
 *   <li>Lambdas and method references ({@code LambdaMetafactory.metafactory}) become a call of the
 *       factory method of a small class generated here, {@code Host$$FnN}, which implements the
 *       functional interface and calls the implementation through a static accessor generated in
 *       the host (so private implementation methods stay private).
 * </ul>
 *
 * <p>Each such site costs a fresh JVM about 0.6-0.8 ms the first time it runs (a hidden class is
 * spun through the ClassFile API, mostly in the interpreter, and the JIT then compiles that
 * machinery on the other core); the compiler's first compilation runs some 200 of them. Sites of
 * any other form (altMetafactory, enum or string labels, ...) are left as they are, as is any class
 * this step cannot transform. Running it again on its own output changes nothing.
 *
 * <p>Usage: {@code java src/build/IndyLowering.java CLASSES_DIR [CLASSPATH]}; needs JDK 24 or later
 * (java.lang.classfile). The class path resolves the supertypes of dependency classes for the
 * stack maps.
 */
public final class IndyLowering {
  private static final ClassDesc CD_SWITCH_BOOTSTRAPS = ClassDesc.of("java.lang.runtime.SwitchBootstraps");
  private static final ClassDesc CD_LMF = ClassDesc.of("java.lang.invoke.LambdaMetafactory");
  private static final ClassDesc CD_OBJECT_METHODS = ClassDesc.of("java.lang.runtime.ObjectMethods");

  private final Path root;
  private final ClassFile cf;
  private int switches;
  private int lambdas;
  private int records;
  private int skipped;

  private IndyLowering(Path root, ClassLoader resolverLoader) {
    this.root = root;
    ClassHierarchyResolver fromDir = ClassHierarchyResolver.ofResourceParsing(desc -> open(root, resolverLoader, desc));
    this.cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
        fromDir.orElse(ClassHierarchyResolver.defaultResolver())));
  }

  private static InputStream open(Path root, ClassLoader loader, ClassDesc desc) {
    String internal = desc.descriptorString();
    internal = internal.substring(1, internal.length() - 1);
    Path p = root.resolve(internal + ".class");
    try {
      if (Files.isRegularFile(p)) return Files.newInputStream(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return loader.getResourceAsStream(internal + ".class");
  }

  /**
   * Exit status 0 when done (or skipped), 2 when the step itself failed. On a JDK without
   * java.lang.classfile (before 24) the source launcher cannot compile this file and exits with 1,
   * which the build accepts: the classes then stay as javac wrote them, correct but slower to start.
   */
  public static void main(String[] args) {
    try {
      run(args);
    } catch (Throwable t) {
      System.err.println("[indy-lowering] failed: " + t);
      t.printStackTrace();
      System.exit(2);
    }
  }

  private static void run(String[] args) throws Exception {
    if (Runtime.version().feature() < 24) {
      System.out.println("[indy-lowering] skipped: needs JDK 24 or later, this is " + Runtime.version());
      return;
    }
    if (Boolean.getBoolean("futhark4j.skipIndyLowering")) {
      System.out.println("[indy-lowering] skipped (futhark4j.skipIndyLowering)");
      return;
    }
    Path root = Path.of(args[0]);
    List<URL> urls = new ArrayList<>();
    if (args.length > 1) {
      for (String s : args[1].split(java.io.File.pathSeparator)) if (!s.isBlank()) urls.add(Path.of(s).toUri().toURL());
    }
    IndyLowering l = new IndyLowering(root, new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader()));
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
    }
    for (Path f : files) l.lower(f);
    System.out.println("[indy-lowering] " + l.switches + " type switches and " + l.lambdas
        + " lambdas, " + l.records + " record equals/hashCode lowered in " + files.size() + " classes" + (l.skipped > 0 ? "; " + l.skipped + " classes left as they were" : ""));
  }

  /** What a site is: a pattern switch, a lambda or method reference, a record's equals or hashCode. */
  private enum Kind { SWITCH, LAMBDA, RECORD }

  /** Prefix of the methods generated into a host; no member of the sources has it. */
  private static final String PREFIX = "fut$indy$";

  /** One site to rewrite, numbered within its class. */
  private record Site(InvokeDynamicInstruction indy, Kind kind, int index) {
    /** The static method of the host that replaces the site; for a lambda, the accessor its class calls. */
    String method() {
      return PREFIX + switch (kind) {
        case SWITCH -> "switch";
        case RECORD -> indy.name().stringValue();
        case LAMBDA -> "fn";
      } + index;
    }
  }

  private void lower(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    ClassModel cm = cf.parse(bytes);
    // Every invokedynamic in scan order, with its site or null; the transform below meets them in
    // the same order (its instruction objects are new ones, so they are matched by position).
    List<Site> order = new ArrayList<>();
    List<Site> sites = new ArrayList<>();
    int k = 0;
    for (MethodModel m : cm.methods()) {
      CodeModel code = m.code().orElse(null);
      if (code == null) continue;
      for (CodeElement e : code) {
        if (e instanceof InvokeDynamicInstruction indy) {
          Site site = isTypeSwitch(indy) ? new Site(indy, Kind.SWITCH, k++)
              : isLambda(indy) ? new Site(indy, Kind.LAMBDA, k++)
              : isRecordMethod(indy) ? new Site(indy, Kind.RECORD, k++) : null;
          order.add(site);
          if (site != null) sites.add(site);
        }
      }
    }
    if (sites.isEmpty()) return;
    ClassDesc host = cm.thisClass().asSymbol();
    boolean hostInterface = cm.flags().has(AccessFlag.INTERFACE);
    Map<String, byte[]> generated = new HashMap<>();
    byte[] out;
    int[] next = {0};
    try {
      out = cf.transformClass(cm, ClassTransform.transformingMethodBodies((cb, e) -> {
        Site s = null;
        if (e instanceof InvokeDynamicInstruction indy) {
          s = order.get(next[0]++);
          if (s != null && (!s.indy.bootstrapMethod().equals(indy.bootstrapMethod())
              || !s.indy.typeSymbol().equals(indy.typeSymbol()))) {
            throw new IllegalStateException("invokedynamic sites out of order");
          }
        }
        if (s == null) {
          cb.with(e);
        } else if (s.kind == Kind.LAMBDA) {
          cb.invokestatic(fnClass(host, s.index), "create", s.indy.typeSymbol(), false);
        } else {
          cb.invokestatic(host, s.method(), s.indy.typeSymbol(), hostInterface);
        }
      }).andThen(ClassTransform.endHandler(clb -> {
        for (Site s : sites) {
          switch (s.kind) {
            case SWITCH -> typeSwitchMethod(clb, s);
            case RECORD -> recordMethod(clb, s);
            case LAMBDA -> {
              lambdaAccessor(clb, s, hostInterface);
              generated.put(internalName(fnClass(host, s.index)), lambdaClass(host, hostInterface, s));
            }
          }
        }
      })));
      // Verifies the stack maps of the results; a failure leaves the class as it was.
      verify(out);
      for (byte[] g : generated.values()) verify(g);
    } catch (RuntimeException ex) {
      skipped++;
      System.out.println("[indy-lowering] left " + host.displayName() + " as it was: " + ex);
      return;
    }
    for (var g : generated.entrySet()) Files.write(root.resolve(g.getKey() + ".class"), g.getValue());
    Files.write(file, out);
    for (Site s : sites) {
      switch (s.kind) {
        case SWITCH -> switches++;
        case RECORD -> records++;
        case LAMBDA -> lambdas++;
      }
    }
  }

  private void verify(byte[] classFile) {
    cf.verify(classFile).stream().findFirst().ifPresent(err -> { throw new IllegalStateException(err); });
  }

  /** Loads the values of {@code types} from the locals from {@code slot} on, in order. */
  private static void loadLocals(CodeBuilder cb, List<ClassDesc> types, int slot) {
    for (ClassDesc t : types) {
      TypeKind tk = TypeKind.from(t);
      cb.loadLocal(tk, slot);
      slot += tk.slotSize();
    }
  }

  private static String internalName(ClassDesc c) {
    String d = c.descriptorString();
    return d.substring(1, d.length() - 1);
  }

  private static ClassDesc fnClass(ClassDesc host, int index) {
    return ClassDesc.ofInternalName(internalName(host) + "$$Fn" + index);
  }

  // ---- pattern switches ----

  private static boolean isTypeSwitch(InvokeDynamicInstruction indy) {
    DirectMethodHandleDesc bsm = indy.bootstrapMethod();
    if (!bsm.owner().equals(CD_SWITCH_BOOTSTRAPS) || !bsm.methodName().equals("typeSwitch")) return false;
    MethodTypeDesc t = indy.typeSymbol();
    if (t.parameterCount() != 2 || !t.parameterType(0).isClassOrInterface() && !t.parameterType(0).isArray()
        || !t.parameterType(1).equals(ConstantDescs.CD_int) || !t.returnType().equals(ConstantDescs.CD_int)) {
      return false;
    }
    for (ConstantDesc label : indy.bootstrapArgs()) if (!(label instanceof ClassDesc)) return false;
    return true;
  }

  /**
   * {@code static int name(T target, int restart)}: -1 for null, else the index of the first
   * label from {@code restart} on that the target is an instance of, else the number of labels.
   */
  private static void typeSwitchMethod(ClassBuilder clb, Site s) {
    List<ConstantDesc> labels = s.indy.bootstrapArgs();
    clb.withMethodBody(s.method(), s.indy.typeSymbol(), ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC, cb -> {
      Label notNull = cb.newLabel();
      cb.aload(0).ifnonnull(notNull).iconst_m1().ireturn();
      cb.labelBinding(notNull);
      for (int i = 0; i < labels.size(); i++) {
        Label next = cb.newLabel();
        cb.iload(1).loadConstant(i).if_icmpgt(next);
        cb.aload(0).instanceOf((ClassDesc) labels.get(i)).ifeq(next);
        cb.loadConstant(i).ireturn();
        cb.labelBinding(next);
      }
      cb.loadConstant(labels.size()).ireturn();
    });
  }

  // ---- records ----

  /** A record's {@code equals} or {@code hashCode} ({@code ObjectMethods.bootstrap}); {@code toString} stays. */
  private static boolean isRecordMethod(InvokeDynamicInstruction indy) {
    DirectMethodHandleDesc bsm = indy.bootstrapMethod();
    if (!bsm.owner().equals(CD_OBJECT_METHODS) || !bsm.methodName().equals("bootstrap")) return false;
    String n = indy.name().stringValue();
    if (!n.equals("equals") && !n.equals("hashCode")) return false;
    List<ConstantDesc> a = indy.bootstrapArgs();
    if (a.size() < 2 || !(a.get(0) instanceof ClassDesc) || !(a.get(1) instanceof String)) return false;
    for (ConstantDesc g : a.subList(2, a.size())) {
      if (!(g instanceof DirectMethodHandleDesc d) || d.kind() != DirectMethodHandleDesc.Kind.GETTER) return false;
    }
    return true;
  }

  /**
   * What ObjectMethods makes: equals is {@code this == o}, or {@code o} is a {@code R} whose
   * components equal this one's ({@code ==} for integral types and booleans, {@code compare} for
   * floating point, {@code Objects.equals} for references); hashCode is {@code h = 31 * h + hash(c)}
   * over the components from 0, with the wrappers' {@code hashCode} and {@code Objects.hashCode}.
   */
  private static void recordMethod(ClassBuilder clb, Site s) {
    List<ConstantDesc> a = s.indy.bootstrapArgs();
    ClassDesc rec = (ClassDesc) a.get(0);
    List<DirectMethodHandleDesc> getters = new ArrayList<>();
    for (ConstantDesc g : a.subList(2, a.size())) getters.add((DirectMethodHandleDesc) g);
    ClassDesc objects = ClassDesc.of("java.util.Objects");
    clb.withMethodBody(s.method(), s.indy.typeSymbol(), ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC, cb -> {
      if (s.indy.name().stringValue().equals("hashCode")) {
        cb.iconst_0();
        for (DirectMethodHandleDesc g : getters) {
          ClassDesc t = ClassDesc.ofDescriptor(g.lookupDescriptor());
          cb.bipush(31).imul();
          cb.aload(0).getfield(g.owner(), g.methodName(), t);
          if (t.isPrimitive()) cb.invokestatic(box(t), "hashCode", MethodTypeDesc.of(ConstantDescs.CD_int, t));
          else cb.invokestatic(objects, "hashCode", MethodTypeDesc.of(ConstantDescs.CD_int, ConstantDescs.CD_Object));
          cb.iadd();
        }
        cb.ireturn();
        return;
      }
      Label notSame = cb.newLabel();
      Label isRec = cb.newLabel();
      Label no = cb.newLabel();
      cb.aload(0).aload(1).if_acmpne(notSame).iconst_1().ireturn();
      cb.labelBinding(notSame);
      cb.aload(1).instanceOf(rec).ifne(isRec).iconst_0().ireturn();
      cb.labelBinding(isRec);
      cb.aload(1).checkcast(rec).astore(2);
      for (DirectMethodHandleDesc g : getters) {
        ClassDesc t = ClassDesc.ofDescriptor(g.lookupDescriptor());
        cb.aload(0).getfield(g.owner(), g.methodName(), t);
        cb.aload(2).getfield(g.owner(), g.methodName(), t);
        switch (TypeKind.from(t)) {
          case LONG -> cb.lcmp().ifne(no);
          case FLOAT -> cb.invokestatic(ConstantDescs.CD_Float, "compare", MethodTypeDesc.of(ConstantDescs.CD_int, t, t)).ifne(no);
          case DOUBLE -> cb.invokestatic(ConstantDescs.CD_Double, "compare", MethodTypeDesc.of(ConstantDescs.CD_int, t, t)).ifne(no);
          case REFERENCE -> cb.invokestatic(objects, "equals", MethodTypeDesc.of(ConstantDescs.CD_boolean, ConstantDescs.CD_Object, ConstantDescs.CD_Object)).ifeq(no);
          default -> cb.if_icmpne(no);
        }
      }
      cb.iconst_1().ireturn();
      cb.labelBinding(no);
      cb.iconst_0().ireturn();
    });
  }

  // ---- lambdas ----

  private static boolean isLambda(InvokeDynamicInstruction indy) {
    DirectMethodHandleDesc bsm = indy.bootstrapMethod();
    if (!bsm.owner().equals(CD_LMF) || !bsm.methodName().equals("metafactory")) return false;
    List<ConstantDesc> a = indy.bootstrapArgs();
    return a.size() == 3 && a.get(0) instanceof MethodTypeDesc && a.get(1) instanceof DirectMethodHandleDesc
        && a.get(2) instanceof MethodTypeDesc && indy.typeSymbol().returnType().isClassOrInterface();
  }

  /** The implementation's full parameter list (the receiver first for instance methods) and result. */
  private static MethodTypeDesc implType(DirectMethodHandleDesc impl) {
    return impl.invocationType();
  }

  /**
   * A static method in the host that makes the implementation's call (any kind, any access: the
   * host could make it in the lambda's place); the generated class calls this instead.
   */
  private static void lambdaAccessor(ClassBuilder clb, Site s, boolean hostInterface) {
    DirectMethodHandleDesc impl = (DirectMethodHandleDesc) s.indy.bootstrapArgs().get(1);
    MethodTypeDesc t = implType(impl);
    int flags = (hostInterface ? ClassFile.ACC_PUBLIC : 0) | ClassFile.ACC_STATIC | ClassFile.ACC_SYNTHETIC;
    MethodTypeDesc own = MethodTypeDesc.ofDescriptor(impl.lookupDescriptor());
    clb.withMethodBody(s.method(), t, flags, cb -> {
      if (impl.kind() == DirectMethodHandleDesc.Kind.CONSTRUCTOR) {
        cb.new_(impl.owner()).dup();
      }
      loadLocals(cb, t.parameterList(), 0);
      switch (impl.kind()) {
        case STATIC, INTERFACE_STATIC -> cb.invokestatic(impl.owner(), impl.methodName(), own, impl.isOwnerInterface());
        case VIRTUAL -> cb.invokevirtual(impl.owner(), impl.methodName(), own);
        case INTERFACE_VIRTUAL -> cb.invokeinterface(impl.owner(), impl.methodName(), own);
        case SPECIAL, INTERFACE_SPECIAL -> cb.invokespecial(impl.owner(), impl.methodName(), own, impl.isOwnerInterface());
        case CONSTRUCTOR -> cb.invokespecial(impl.owner(), ConstantDescs.INIT_NAME, own);
        default -> throw new IllegalStateException("method handle kind " + impl.kind());
      }
      cb.return_(TypeKind.from(t.returnType()));
    });
  }

  /** The class {@code Host$$FnN}: the captured values in fields, the interface method calling the accessor. */
  private byte[] lambdaClass(ClassDesc host, boolean hostInterface, Site s) {
    InvokeDynamicInstruction indy = s.indy;
    ClassDesc self = fnClass(host, s.index);
    MethodTypeDesc factory = indy.typeSymbol();
    ClassDesc iface = factory.returnType();
    MethodTypeDesc sam = (MethodTypeDesc) indy.bootstrapArgs().get(0);
    DirectMethodHandleDesc impl = (DirectMethodHandleDesc) indy.bootstrapArgs().get(1);
    MethodTypeDesc inst = (MethodTypeDesc) indy.bootstrapArgs().get(2);
    MethodTypeDesc implT = implType(impl);
    List<ClassDesc> caps = factory.parameterList();
    MethodTypeDesc ctor = MethodTypeDesc.of(ConstantDescs.CD_void, caps.toArray(ClassDesc[]::new));
    return cf.build(self, clb -> {
      clb.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SYNTHETIC | ClassFile.ACC_SUPER);
      clb.withSuperclass(ConstantDescs.CD_Object);
      clb.withInterfaceSymbols(iface);
      for (int i = 0; i < caps.size(); i++) clb.withField("c" + i, caps.get(i), ClassFile.ACC_PRIVATE | ClassFile.ACC_FINAL);
      if (caps.isEmpty()) {
        clb.withField("INSTANCE", self, ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC | ClassFile.ACC_FINAL);
        clb.withMethodBody(ConstantDescs.CLASS_INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_STATIC, cb ->
            cb.new_(self).dup().invokespecial(self, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void)
                .putstatic(self, "INSTANCE", self).return_());
      }
      clb.withMethodBody(ConstantDescs.INIT_NAME, ctor, ClassFile.ACC_PRIVATE, cb -> {
        cb.aload(0).invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void);
        int slot = 1;
        for (int i = 0; i < caps.size(); i++) {
          TypeKind tk = TypeKind.from(caps.get(i));
          cb.aload(0).loadLocal(tk, slot).putfield(self, "c" + i, caps.get(i));
          slot += tk.slotSize();
        }
        cb.return_();
      });
      clb.withMethodBody("create", factory, ClassFile.ACC_STATIC, cb -> {
        if (caps.isEmpty()) {
          cb.getstatic(self, "INSTANCE", self).areturn();
          return;
        }
        cb.new_(self).dup();
        loadLocals(cb, caps, 0);
        cb.invokespecial(self, ConstantDescs.INIT_NAME, ctor).areturn();
      });
      clb.withMethodBody(indy.name().stringValue(), sam, ClassFile.ACC_PUBLIC | ClassFile.ACC_FINAL, cb -> {
        List<ClassDesc> implParams = implT.parameterList();
        int ip = 0;
        for (int i = 0; i < caps.size(); i++, ip++) {
          cb.aload(0).getfield(self, "c" + i, caps.get(i));
          convert(cb, caps.get(i), caps.get(i), implParams.get(ip));
        }
        int slot = 1;
        for (int j = 0; j < sam.parameterCount(); j++, ip++) {
          ClassDesc from = sam.parameterType(j);
          TypeKind tk = TypeKind.from(from);
          cb.loadLocal(tk, slot);
          slot += tk.slotSize();
          convert(cb, from, inst.parameterType(j), implParams.get(ip));
        }
        if (ip != implParams.size()) throw new IllegalStateException("arity mismatch in " + impl);
        cb.invokestatic(host, s.method(), implT, hostInterface);
        ClassDesc r = implT.returnType();
        ClassDesc want = sam.returnType();
        if (want.equals(ConstantDescs.CD_void)) {
          TypeKind rk = TypeKind.from(r);
          if (rk.slotSize() == 2) cb.pop2();
          else if (rk.slotSize() == 1) cb.pop();
          cb.return_();
        } else {
          if (r.equals(ConstantDescs.CD_void)) throw new IllegalStateException("void implementation for a value");
          convert(cb, r, inst.returnType(), want);
          cb.return_(TypeKind.from(want));
        }
      });
    });
  }

  /**
   * Converts the value on the stack from {@code from} to {@code to} as LambdaMetafactory would:
   * {@code hint} is the instantiated type (what a reference really is, for casts and unboxing).
   */
  private static void convert(CodeBuilder cb, ClassDesc from, ClassDesc hint, ClassDesc to) {
    if (from.equals(to)) return;
    boolean fp = from.isPrimitive();
    boolean tp = to.isPrimitive();
    if (fp && tp) {
      cb.conversion(TypeKind.from(from), TypeKind.from(to));
    } else if (fp) {
      ClassDesc box = box(from);
      cb.invokestatic(box, "valueOf", MethodTypeDesc.of(box, from));
      if (!isSupertypeOfBox(to, box)) cb.checkcast(to);
    } else if (tp) {
      ClassDesc box = hint.isPrimitive() ? box(to) : isBox(hint) ? hint : box(to);
      if (!from.equals(box)) cb.checkcast(box);
      ClassDesc prim = unbox(box);
      cb.invokevirtual(box, prim.displayName() + "Value", MethodTypeDesc.of(prim));
      if (!prim.equals(to)) cb.conversion(TypeKind.from(prim), TypeKind.from(to));
    } else {
      if (!to.equals(ConstantDescs.CD_Object)) cb.checkcast(to);
    }
  }

  private static final Map<String, ClassDesc> BOXES = Map.of(
      "Z", ConstantDescs.CD_Boolean, "B", ConstantDescs.CD_Byte, "S", ConstantDescs.CD_Short, "C", ConstantDescs.CD_Character,
      "I", ConstantDescs.CD_Integer, "J", ConstantDescs.CD_Long, "F", ConstantDescs.CD_Float, "D", ConstantDescs.CD_Double);

  private static ClassDesc box(ClassDesc prim) {
    ClassDesc b = BOXES.get(prim.descriptorString());
    if (b == null) throw new IllegalStateException("no box for " + prim);
    return b;
  }

  private static boolean isBox(ClassDesc c) { return BOXES.containsValue(c); }

  private static ClassDesc unbox(ClassDesc box) {
    for (var e : BOXES.entrySet()) if (e.getValue().equals(box)) return ClassDesc.ofDescriptor(e.getKey());
    throw new IllegalStateException("not a box: " + box);
  }

  private static boolean isSupertypeOfBox(ClassDesc to, ClassDesc box) {
    return to.equals(box) || to.equals(ConstantDescs.CD_Object) || to.equals(ConstantDescs.CD_Number) && !box.equals(ConstantDescs.CD_Boolean) && !box.equals(ConstantDescs.CD_Character)
        || to.equals(ClassDesc.of("java.lang.Comparable")) || to.equals(ClassDesc.of("java.io.Serializable"))
        || to.equals(ClassDesc.of("java.lang.constant.Constable"));
  }

}
