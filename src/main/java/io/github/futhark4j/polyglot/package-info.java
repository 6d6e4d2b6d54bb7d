/**
 * GraalVM polyglot integration: Futhark functions as first-class citizens of GraalJS and GraalPy.
 *
 * <p>Two routes, one set of marshalling rules ({@link io.github.futhark4j.polyglot.marshal}):
 * <ul>
 *   <li>The Truffle language {@code futhark} ({@link io.github.futhark4j.polyglot.language}):
 *       guests evaluate Futhark source themselves ({@code Polyglot.eval('futhark', src)},
 *       {@code polyglot.eval(language='futhark', string=src)}) and get entry points back.</li>
 *   <li>Host proxies ({@link io.github.futhark4j.polyglot.FutharkPolyglot}): a Java host puts
 *       {@link io.github.futhark4j.FutharkFunction}s into a context's bindings, or into GraalJS's
 *       JSR-223 engine bindings.</li>
 * </ul>
 * In: {@code FutharkProgram}/{@code FutharkFunction} from {@link io.github.futhark4j.Futhark} and
 * guest values. Out: guest-callable objects, guest numbers, arrays with zero-copy buffers, guest
 * exceptions. {@link io.github.futhark4j.polyglot.ScriptRunner} runs {@code .js}/{@code .py} files
 * with the language available. See {@code docs/polyglot.md}.
 */
package io.github.futhark4j.polyglot;
