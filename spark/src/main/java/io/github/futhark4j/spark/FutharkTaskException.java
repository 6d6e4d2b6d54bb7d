package io.github.futhark4j.spark;

import io.github.futhark4j.FutharkException;
import java.io.Serial;

/**
 * A Futhark call inside a Spark task failed: the Futhark program's own error (index out of
 * bounds, failed assertion: the message is Futhark's, with its source position), or a column value
 * that cannot become a Futhark argument (a null, a ragged array). The message says which entry
 * point, partition and rows; the cause is the original exception. It fails the task, which Spark
 * retries as usual ({@code spark.task.maxFailures}); the job's exception carries this message.
 */
public class FutharkTaskException extends FutharkException {
  @Serial private static final long serialVersionUID = 1L;

  public FutharkTaskException(String message, Throwable cause) { super(message, cause); }
}
