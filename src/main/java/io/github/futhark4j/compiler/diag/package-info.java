/**
 * Diagnostics: user errors with codes and spans, and their renderers. Depends only on
 * {@code compiler.source}. Internal invariant failures are {@link java.lang.IllegalStateException}
 * naming the pass, never a {@link io.github.futhark4j.compiler.diag.Diagnostic}.
 */
package io.github.futhark4j.compiler.diag;
