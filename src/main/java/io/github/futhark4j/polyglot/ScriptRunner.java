package io.github.futhark4j.polyglot;

import io.github.futhark4j.polyglot.language.FutharkLanguage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.io.IOAccess;

/**
 * Runs a JavaScript or Python file in a context where the {@code futhark} language is available:
 * {@code ScriptRunner js FILE.js [ARG...]} or {@code ScriptRunner python FILE.py [ARG...]}, with
 * optional {@code --backend B}, {@code --device D}, {@code --compiler C}, {@code --threads N}, {@code --cache DIR}
 * before the language (they become the {@code futhark.*} options of the context). The launcher
 * wires it as {@code futhark4j js FILE.js} and {@code futhark4j python FILE.py}.
 *
 * <p>The script may use {@code Polyglot.eval('futhark', src)} / {@code Polyglot.evalFile} (JS) or
 * {@code polyglot.eval(language='futhark', string=src)} / {@code path=...} (Python), read files,
 * and view result buffers. Script arguments are JavaScript's {@code arguments} and Python's
 * {@code sys.argv[1:]}. An uncaught guest exception prints its message and guest stack and exits
 * with status 1.
 */
public final class ScriptRunner {
  private ScriptRunner() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs and returns the exit status: 0 on success, 1 on a script error, 2 on bad usage. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Map<String, String> options = new TreeMap<>();
    int i = 0;
    while (i < args.length && args[i].startsWith("--")) {
      String name = args[i].substring(2);
      if (!List.of("backend", "compiler", "threads", "cache", "device").contains(name) || i + 1 >= args.length) {
        err.println("futhark4j: unknown or incomplete option " + args[i]);
        return usage(err);
      }
      options.put(FutharkLanguage.ID + "." + name, args[i + 1]);
      i += 2;
    }
    if (args.length - i < 2) return usage(err);
    String language = switch (args[i]) {
      case "js", "javascript" -> "js";
      case "python", "py" -> "python";
      default -> null;
    };
    if (language == null) return usage(err);
    Path file = Path.of(args[i + 1]);
    if (!Files.isRegularFile(file)) {
      err.println("futhark4j: no such file: " + file);
      return 2;
    }
    List<String> scriptArgs = new ArrayList<>(List.of(args).subList(i + 2, args.length));
    return execute(language, file, scriptArgs, options, out, err);
  }

  private static int usage(PrintStream err) {
    err.println("usage: futhark4j [--backend B] [--device D] [--compiler C] [--threads N] [--cache DIR] (js|python) FILE [ARG...]");
    return 2;
  }

  /**
   * The context a script runs in; also what {@code docs/polyglot.md} recommends to hosts: the guest
   * {@code language} and {@code futhark}, polyglot access, host access to buffers, and the
   * language's options (such as {@code futhark.Backend}).
   */
  public static Context.Builder contextBuilder(String language, Map<String, String> futharkOptions) {
    return Context.newBuilder(language, FutharkLanguage.ID)
        .allowPolyglotAccess(PolyglotAccess.ALL)
        .allowIO(IOAccess.ALL)
        .allowHostAccess(HostAccess.newBuilder(HostAccess.EXPLICIT).allowBufferAccess(true).build())
        .option("engine.WarnInterpreterOnly", "false")
        .options(futharkOptions);
  }

  private static int execute(String language, Path file, List<String> scriptArgs, Map<String, String> options,
      PrintStream out, PrintStream err) {
    List<String> argv = new ArrayList<>();
    argv.add(file.toString());
    argv.addAll(scriptArgs);
    Context.Builder builder = contextBuilder(language, options).out(out).err(err)
        .arguments(language, (language.equals("python") ? argv : scriptArgs).toArray(String[]::new));
    try (Context context = builder.build()) {
      Source source = Source.newBuilder(language, file.toFile()).build();
      try {
        context.eval(source);
        return 0;
      } catch (PolyglotException e) {
        // Reported while the context is open: its guest stack is gone once it is closed.
        if (e.isExit()) return e.getExitStatus();
        report(e, err);
        return 1;
      }
    } catch (IOException e) {
      err.println("futhark4j: cannot read " + file + ": " + e.getMessage());
      return 2;
    } catch (IllegalArgumentException e) {
      // Bad option values (e.g. --threads x) are refused by the context builder.
      err.println("futhark4j: " + e.getMessage());
      return 2;
    }
  }

  private static void report(PolyglotException e, PrintStream err) {
    err.println((e.isSyntaxError() ? "syntax error: " : "error: ") + e.getMessage());
    for (PolyglotException.StackFrame f : e.getPolyglotStackTrace()) {
      if (f.isGuestFrame()) err.println("  at " + f);
    }
    if (e.isInternalError()) e.printStackTrace(err);
  }
}
