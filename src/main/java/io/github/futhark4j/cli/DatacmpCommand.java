package io.github.futhark4j.cli;

import io.github.futhark4j.cli.spec.Datasets;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueComparator;
import java.nio.file.Path;
import java.util.List;

/** {@code datacmp}: compare the values in two data files, like {@code futhark datacmp}. */
public final class DatacmpCommand implements Command {
  @Override
  public String name() { return "datacmp"; }

  @Override
  public String summary() { return "compare the values of two data files"; }

  @Override
  public String help() {
    return """
        Usage: futhark4j datacmp FILE_A FILE_B

        Reads the values of both files (text or binary, mixed; .gz files are decompressed) and
        compares them with futhark test's rules, FILE_A as the expected values (types and shapes
        exactly, floats within its tolerance, NaN equals NaN). Prints every value that differs.

        Exit codes: 0 the files hold the same values; 1 they differ; 2 bad usage or a malformed file.
        """;
  }

  @Override
  public int run(List<String> argv, Cli cli) throws Exception {
    Args a = new Args().parse(argv);
    if (a.positional().size() != 2) throw new UsageException("expected two files");
    List<Value> first = read(a.positional().get(0));
    List<Value> second = read(a.positional().get(1));
    List<ValueComparator.Mismatch> ms = ValueComparator.compare(second, first);
    for (ValueComparator.Mismatch m : ms) cli.out().println(m.message());
    return ms.isEmpty() ? 0 : 1;
  }

  private static List<Value> read(String file) throws UsageException, ExitException {
    try {
      return Datasets.readFile(Programs.program(file));
    } catch (Datasets.DatasetException e) {
      throw new ExitException(2, e.getMessage());
    }
  }
}
