package io.github.futhark4j.cli;

/** {@code multicore --library}: OpenMP C library code from the built-in compiler. */
public final class MulticoreCommand extends LibraryCommand {
  @Override
  protected String backend() { return "multicore"; }
}
