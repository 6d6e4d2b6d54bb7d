package io.github.futhark4j.cli;

/** {@code c --library}: sequential C library code from the built-in compiler. */
public final class CCommand extends LibraryCommand {
  @Override
  protected String backend() { return "c"; }
}
