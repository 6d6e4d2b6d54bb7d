/**
 * Turning source into a cached shared library: the compilers (built-in and external futhark), the C
 * compiler driver, build keys and the on-disk compile cache. Knows the compiler's entry points but not
 * the runtime.
 */
package io.github.futhark4j.toolchain;
