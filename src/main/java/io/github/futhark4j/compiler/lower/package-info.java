/**
 * Lowering. In: the checked tree ({@code compiler.typed}). Out: the first-order IR
 * ({@code compiler.core}), one function per entry point.
 *
 * <p>Every application is specialised by inlining, which monomorphises polymorphic definitions
 * and removes higher-order functions; records become several values (arrays of records become
 * records of arrays), sums become a tag plus every constructor's payload, {@code match} becomes
 * a chain of conditionals, and the run-time checks the language requires (array sizes, size
 * coercions, assertions) are inserted with the source span they report.
 */
package io.github.futhark4j.compiler.lower;
