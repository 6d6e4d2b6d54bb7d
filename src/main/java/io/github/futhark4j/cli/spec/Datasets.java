package io.github.futhark4j.cli.spec;

import io.github.futhark4j.cli.spec.TestSpec.Fixed;
import io.github.futhark4j.cli.spec.TestSpec.InFile;
import io.github.futhark4j.cli.spec.TestSpec.Literal;
import io.github.futhark4j.cli.spec.TestSpec.Random;
import io.github.futhark4j.cli.spec.TestSpec.RandomOf;
import io.github.futhark4j.cli.spec.TestSpec.Script;
import io.github.futhark4j.cli.spec.TestSpec.Values;
import io.github.futhark4j.ScalarType;
import io.github.futhark4j.data.Value;
import io.github.futhark4j.data.ValueFormatException;
import io.github.futhark4j.data.ValueGenerator;
import io.github.futhark4j.data.ValueReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** Turns the {@link Values} of a test case into actual values: reads files, generates random data. */
public final class Datasets {
  private Datasets() {}

  /** Thrown when a dataset cannot be produced: a missing or malformed file, or a script input. */
  public static final class DatasetException extends Exception {
    public DatasetException(String message, Throwable cause) { super(message, cause); }
  }

  /**
   * The values of a dataset.
   *
   * @param programDir directory of the {@code .fut} file; {@code @} paths are relative to it
   * @param seed       seed for random inputs (the same seed gives the same data)
   */
  public static List<Value> load(Values values, Path programDir, long seed) throws DatasetException {
    return load(values, programDir, seed, List.of());
  }

  /**
   * The values of a dataset, reading unsuffixed literals with the given element types as hints (see
   * {@link ValueReader#next(ScalarType)}), so that {@code input { [1, 2] }} fits a {@code []f64} parameter.
   *
   * @param hints expected element types by position (entries may be null); empty for none
   */
  public static List<Value> load(Values values, Path programDir, long seed, List<ScalarType> hints) throws DatasetException {
    return switch (values) {
      case Literal l when l.text() == null || hints.isEmpty() -> l.values();
      case Literal l -> {
        TestSpec.Text t = l.text();
        byte[] bytes = t.text().getBytes(StandardCharsets.UTF_8);
        try {
          yield new ValueReader(bytes, 0, bytes.length, t.inputName(), t.line(), t.column()).readAll(hints);
        } catch (ValueFormatException e) {
          throw new DatasetException(e.getMessage(), e);
        }
      }
      case InFile f -> readFile(programDir.resolve(f.path()), hints);
      case Random r -> {
        ValueGenerator g = new ValueGenerator(seed);
        List<Value> out = new ArrayList<>();
        for (TestSpec.Gen gen : r.gens()) {
          out.add(switch (gen) {
            case RandomOf t -> g.generate(t.type());
            case Fixed x -> x.value();
          });
        }
        yield out;
      }
      case Script s -> throw new DatasetException("script inputs (FutharkScript) are not supported: " + s.text(), null);
    };
  }

  /** Reads all values of a data file: text or binary (mixed), gzipped when the name ends in {@code .gz}. */
  public static List<Value> readFile(Path file) throws DatasetException {
    return readFile(file, List.of());
  }

  /** {@link #readFile(Path)} with element type hints as in {@link #load(Values, Path, long, List)}. */
  public static List<Value> readFile(Path file, List<ScalarType> hints) throws DatasetException {
    try (InputStream in = open(file)) {
      return ValueReader.of(in, file.toString()).readAll(hints);
    } catch (NoSuchFileException e) {
      throw new DatasetException("data file not found: " + file, e);
    } catch (IOException e) {
      throw new DatasetException("cannot read data file " + file + ": " + e.getMessage(), e);
    } catch (ValueFormatException e) {
      throw new DatasetException(e.getMessage(), e);
    }
  }

  private static InputStream open(Path file) throws IOException {
    InputStream in = Files.newInputStream(file);
    return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in) : in;
  }
}
