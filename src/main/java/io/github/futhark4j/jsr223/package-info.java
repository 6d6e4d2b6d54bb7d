/**
 * JSR-223 (javax.script) support: {@link io.github.futhark4j.jsr223.FutharkScriptEngineFactory},
 * registered under the names {@code futhark} and {@code Futhark}, and its engine. In: Futhark
 * source given to {@code eval}/{@code compile}, settings as context attributes or system properties
 * ({@code futhark4j.threads}, {@code futhark4j.backend}, {@code futhark4j.compiler}). Out: entry
 * points as {@link io.github.futhark4j.FutharkFunction}s bound by name, callable through
 * {@link javax.script.Invocable}. Compiles through the {@link io.github.futhark4j.Futhark} facade.
 */
package io.github.futhark4j.jsr223;
