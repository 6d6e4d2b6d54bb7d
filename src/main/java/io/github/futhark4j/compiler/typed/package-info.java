/**
 * The checked program: output of {@code compiler.types} (the type checker), input of
 * {@code compiler.core} (lowering). This package is the contract between the front end and the
 * back end; it holds data only.
 *
 * <p>Invariants: every type is resolved ({@link io.github.futhark4j.compiler.typed.Type.Param} only
 * inside polymorphic definitions); names are unique {@link io.github.futhark4j.compiler.typed.VName}s;
 * sugar is removed (see {@link io.github.futhark4j.compiler.typed.TExp}); applications are
 * saturated; the program lists its definitions in dependency order and includes the prelude
 * definitions it uses.
 */
package io.github.futhark4j.compiler.typed;
