package io.github.futhark4j.cli;

/**
 * {@code opencl --library}: library code from the built-in compiler whose maps of scalar code run
 * as OpenCL kernels (the rest as multicore host code); also writes the kernels as {@code NAME.cl}.
 */
public final class OpenclCommand extends LibraryCommand {
  @Override
  protected String backend() { return "opencl"; }
}
