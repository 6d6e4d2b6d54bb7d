package io.github.futhark4j.polyglot.language;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.Option;
import com.oracle.truffle.api.TruffleFile;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;
import io.github.futhark4j.Futhark;
import io.github.futhark4j.FutharkCompileException;
import io.github.futhark4j.FutharkException;
import io.github.futhark4j.FutharkOptions;
import io.github.futhark4j.FutharkProgram;
import java.nio.file.Path;
import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;
import org.graalvm.options.OptionType;
import org.graalvm.options.OptionValues;

/**
 * The Truffle language {@code futhark}: evaluating Futhark source compiles it with
 * {@link Futhark#compile} (same cache, compilers and shared contexts as the ScriptEngine) and yields
 * the program's entry point as an executable object, or, when the program has several, an object
 * whose members are the entry points.
 *
 * <p>Registered through the DSL processor, which writes the provider and its service file into our
 * jar, so {@code Context.eval("futhark", src)}, JavaScript's {@code Polyglot.eval('futhark', src)}
 * and Python's {@code polyglot.eval(language='futhark', string=src)} work from a plain class path.
 * Compilation happens at parse time so that syntax and type errors surface as syntax errors with
 * their source location.
 */
@TruffleLanguage.Registration(
    id = FutharkLanguage.ID,
    name = "Futhark",
    version = io.github.futhark4j.toolchain.Version.FUTHARK4J,
    defaultMimeType = FutharkLanguage.MIME,
    characterMimeTypes = FutharkLanguage.MIME,
    contextPolicy = TruffleLanguage.ContextPolicy.SHARED,
    website = "https://futhark-lang.org")
@Option.Group(FutharkLanguage.ID)
public final class FutharkLanguage extends TruffleLanguage<FutharkContext> {
  public static final String ID = "futhark";
  public static final String MIME = "application/x-futhark";

  @Option(name = "compiler", help = "Compiler: builtin (default), external (an installed futhark) or auto.",
      category = OptionCategory.USER, stability = OptionStability.STABLE)
  static final OptionKey<String> COMPILER = new OptionKey<>("builtin", checked("compiler", v -> FutharkOptions.defaults().withCompiler(v)));

  @Option(name = "backend", help = "Backend: multicore (default), c or opencl; more backends with an external compiler.",
      category = OptionCategory.USER, stability = OptionStability.STABLE)
  static final OptionKey<String> BACKEND = new OptionKey<>("multicore", checked("backend", v -> FutharkOptions.defaults().withBackend(v)));

  @Option(name = "threads", help = "Threads of each Futhark context; 0 means all cores.",
      category = OptionCategory.USER, stability = OptionStability.STABLE)
  static final OptionKey<Integer> THREADS = new OptionKey<>(0, new OptionType<>("threads", FutharkLanguage::threads));

  @Option(name = "cache", help = "Compile cache directory; empty means the default.",
      category = OptionCategory.USER, stability = OptionStability.STABLE)
  static final OptionKey<String> CACHE = new OptionKey<>("");

  /**
   * A string option whose value {@code check} validates (through {@link FutharkOptions}), so that a
   * bad value fails when the context is built, with the reason, rather than at the first eval.
   */
  private static OptionType<String> checked(String name, java.util.function.Consumer<String> check) {
    return new OptionType<>(name, v -> {
      check.accept(v);
      return v;
    });
  }

  private static Integer threads(String v) {
    try {
      return FutharkOptions.checkThreads(Integer.parseInt(v.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("threads must be an integer, not \"" + v + "\"");
    }
  }

  /** Where programs come from; {@link Futhark#compile} unless replaced (see {@link #useCompiler}). */
  @FunctionalInterface
  public interface ProgramCompiler {
    /** Compiles {@code file} when it is not null (imports resolve next to it), else {@code source}. */
    FutharkProgram compile(String source, Path file, FutharkOptions options) throws FutharkCompileException;
  }

  private static final ProgramCompiler DEFAULT_COMPILER =
      (source, file, options) -> file != null ? Futhark.compile(file, options) : Futhark.compile(source, options);

  private static volatile ProgramCompiler compiler = DEFAULT_COMPILER;

  /**
   * Replaces how the language obtains programs, for every context of the process; {@code null}
   * restores {@link Futhark#compile}. Tests use it to run guests against programs that need no C
   * compiler; a host could use it to serve programs it built itself.
   */
  public static void useCompiler(ProgramCompiler replacement) {
    compiler = replacement == null ? DEFAULT_COMPILER : replacement;
  }

  @Option(name = "device", help = "Device of a backend with devices (opencl): the first whose name contains this, or #k; empty means the first.",
      category = OptionCategory.USER, stability = OptionStability.STABLE)
  static final OptionKey<String> DEVICE = new OptionKey<>("");

  @Option(name = "executable", help = "Path of the external futhark executable; empty means look it up.",
      category = OptionCategory.USER, stability = OptionStability.STABLE)
  static final OptionKey<String> EXECUTABLE = new OptionKey<>("");

  @Override
  protected OptionDescriptors getOptionDescriptors() {
    return new FutharkLanguageOptionDescriptors();
  }

  @Override
  protected FutharkContext createContext(Env env) {
    return new FutharkContext(env, optionsFrom(env.getOptions()));
  }

  static FutharkOptions optionsFrom(OptionValues values) {
    FutharkOptions o = FutharkOptions.defaults()
        .withCompiler(values.get(COMPILER))
        .withBackend(values.get(BACKEND))
        .withThreads(values.get(THREADS));
    String cache = values.get(CACHE);
    if (!cache.isEmpty()) o = o.withCacheDir(Path.of(cache));
    String device = values.get(DEVICE);
    if (!device.isEmpty()) o = o.withDevice(device);
    String executable = values.get(EXECUTABLE);
    return executable.isEmpty() ? o : o.withFuthark(Path.of(executable));
  }

  /**
   * Our objects are immutable and {@code FutharkFunction} is thread safe, so a context that only
   * has Futhark in it may be used from several threads at once (guest languages such as JS still
   * enforce their own single-threading).
   */
  @Override
  protected boolean isThreadAccessAllowed(Thread thread, boolean singleThreaded) {
    return true;
  }

  @Override
  protected boolean areOptionsCompatible(OptionValues first, OptionValues second) {
    return optionsFrom(first).equals(optionsFrom(second));
  }

  @Override
  protected CallTarget parse(ParsingRequest request) {
    Source source = request.getSource();
    Object program = compile(source, FutharkContext.get(null));
    return new ConstantRootNode(this, program).getCallTarget();
  }

  @TruffleBoundary
  private static Object compile(Source source, FutharkContext context) {
    PythonSupport.ensure();
    FutharkOptions options = context.options().withSourceName(sourceName(source));
    FutharkProgram program;
    try {
      Path file = fileOf(source, context);
      program = compiler.compile(source.getCharacters().toString(), file, options);
    } catch (FutharkCompileException e) {
      throw FutharkGuestException.compileError(e, source);
    } catch (FutharkException | IllegalArgumentException e) {
      throw FutharkGuestException.runtime(e.getMessage());
    }
    return program.entryPoints().size() == 1
        ? new EntryPointObject(program.entryPoints().values().iterator().next(), false)
        : new ProgramObject(program);
  }

  /**
   * The name messages give the source: its path when it has one; for anonymous source, the name the
   * calling guest language gives its own anonymous code: {@code <string>} when Python calls (as
   * Python's {@code exec} and {@code compile} do), else {@code <eval>} (GraalJS's name for
   * evaluated code, and the name the facade uses). Guests name anonymous sources "Unnamed"
   * (GraalJS, the Java host) or by their text (GraalPy); neither is a useful file name.
   */
  static String sourceName(Source source) {
    if (source.getPath() != null) return source.getPath();
    String name = source.getName();
    boolean anonymous = name == null || name.isEmpty() || "Unnamed".equals(name)
        || source.hasCharacters() && source.getCharacters().toString().equals(name);
    if (!anonymous) return name;
    return PythonSupport.calledFromPython() ? "<string>" : "<eval>";
  }

  /**
   * A source read from a file is compiled from that file, so that its imports resolve relative to
   * it; only when the guest has file access and the file still holds what was read.
   */
  private static Path fileOf(Source source, FutharkContext context) {
    String path = source.getPath();
    if (path == null || !context.env().isFileIOAllowed()) return null;
    try {
      TruffleFile f = context.env().getPublicTruffleFile(path);
      if (!f.isRegularFile()) return null;
      String onDisk = new String(f.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      return onDisk.contentEquals(source.getCharacters()) ? Path.of(f.getAbsoluteFile().getPath()) : null;
    } catch (Exception e) {
      return null;
    }
  }

  /** Evaluating a parsed program just hands out the object made at parse time. */
  private static final class ConstantRootNode extends RootNode {
    private final Object value;

    ConstantRootNode(FutharkLanguage language, Object value) {
      super(language);
      this.value = value;
    }

    @Override
    public Object execute(VirtualFrame frame) {
      return value;
    }
  }
}
