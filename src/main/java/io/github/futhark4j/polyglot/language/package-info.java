/**
 * The Truffle language {@code futhark}, registered through the DSL processor (the generated
 * {@code FutharkLanguageProvider} and its service file are in our jar).
 *
 * <p>In: Futhark source from any guest or from {@code Context.eval}, plus the {@code futhark.*}
 * context options (compiler, backend, threads, cache). Out: interop objects — an executable entry
 * point or a program whose members are entry points, arrays with array and buffer elements,
 * tuples, native handles, and {@link io.github.futhark4j.polyglot.language.FutharkGuestException}
 * for compile errors (as parse errors with a location) and run-time failures.
 */
package io.github.futhark4j.polyglot.language;
