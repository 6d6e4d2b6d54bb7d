package io.github.futhark4j.cli;

import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.BinaryFormat;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueFormatException;
import io.github.futhark4j.data.ValueGenerator;
import io.github.futhark4j.data.ValueReader;
import io.github.futhark4j.data.ValueWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code dataset}: generate random values or convert values between text and binary, like {@code futhark dataset}. */
public final class DatasetCommand implements Command {
  private static final Pattern BOUNDS = Pattern.compile("--([a-z0-9]+)-bounds=(.*):(.*)");

  private enum Format { TEXT, BINARY, TYPE }

  @Override
  public String name() { return "dataset"; }

  @Override
  public String summary() { return "generate random values, or convert values between text and binary"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j dataset [options]

        With -g: writes random values of the given types on standard output. Without: reads values
        (text or binary, mixed) from standard input and writes them in the chosen format. Options
        apply to the -g options after them, as with futhark dataset.

        Options:
          -g, --generate TYPE      a random value of TYPE, e.g. i32 or [10][2]f32; a literal value
                                   (e.g. 10i64) is written as it is
          -b, --binary             write the binary data format
              --text               write Futhark's text syntax (default)
          -t, --type               write the types of the values instead of the values
          -s SEED                  seed for the random numbers (default 0)
              --T-bounds=MIN:MAX   inclusive bounds for random values of type T, e.g. --i64-bounds=0:9

        Exit codes: 0 ok; 2 bad usage, an unknown type or malformed input.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Format format = Format.TEXT;
    ValueGenerator gen = new ValueGenerator(0);
    List<Value> generated = new ArrayList<>();
    boolean generating = false;
    for (int i = 0; i < argv.size(); i++) {
      String a = argv.get(i);
      Matcher m = BOUNDS.matcher(a);
      String value = null;
      if (a.startsWith("--generate=")) {
        value = a.substring("--generate=".length());
        a = "-g";
      } else if ((a.equals("-g") || a.equals("--generate") || a.equals("-s")) && i + 1 < argv.size()) {
        value = argv.get(++i);
      } else if (a.startsWith("-s") && a.length() > 2) {
        value = a.substring(2);
        a = "-s";
      }
      switch (a) {
        case "-b", "--binary" -> format = Format.BINARY;
        case "--text" -> format = Format.TEXT;
        case "-t", "--type" -> format = Format.TYPE;
        case "-s" -> {
          if (value == null) throw new UsageException("-s needs a seed");
          try {
            gen = new ValueGenerator(Long.parseLong(value));
          } catch (NumberFormatException e) {
            throw new UsageException("the seed must be an integer, got '" + value + "'");
          }
        }
        case "-g", "--generate" -> {
          if (value == null) throw new UsageException(a + " needs a type");
          generating = true;
          generated.add(generate(gen, value));
          write(generated.getLast(), format, cli);
        }
        default -> {
          if (!m.matches()) throw new UsageException("unknown option " + a);
          ScalarType t = ScalarType.parse(m.group(1));
          if (t == null || t == ScalarType.BOOL) throw new UsageException("no bounds for type '" + m.group(1) + "'");
          try {
            gen.setBounds(t, m.group(2), m.group(3));
          } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
          }
        }
      }
    }
    if (!generating) {
      ValueReader r = ValueReader.of(cli.in(), "stdin");
      try {
        for (Value v; (v = r.next()) != null; ) write(v, format, cli);
      } catch (ValueFormatException e) {
        throw new ExitException(2, e.getMessage());
      }
    }
    cli.out().flush();
    return 0;
  }

  private static Value generate(ValueGenerator gen, String spec) throws UsageException {
    try {
      return gen.generate(ValueGenerator.ShapedType.parse(spec));
    } catch (IllegalArgumentException typeProblem) {
      try {
        return ValueReader.parse(spec);
      } catch (ValueFormatException notAValue) {
        throw new UsageException("not a type or a value: '" + spec + "' (as a type: " + typeProblem.getMessage()
            + "; as a value: " + notAValue.getMessage() + ")");
      }
    }
  }

  private static void write(Value v, Format f, Cli cli) throws java.io.IOException {
    switch (f) {
      case BINARY -> BinaryFormat.write(v, cli.out());
      case TEXT -> cli.out().println(ValueWriter.text(v));
      case TYPE -> cli.out().println(v.shapedTypeName());
    }
  }
}
