/**
 * The type checker. In: the parsed tree ({@code compiler.syntax}). Out: the checked tree
 * ({@code compiler.typed}, whose {@link io.github.futhark4j.compiler.typed.Type},
 * {@link io.github.futhark4j.compiler.typed.PrimType} and {@link io.github.futhark4j.compiler.typed.Size}
 * the back end shares) or diagnostics.
 *
 * <p>{@link io.github.futhark4j.compiler.types.Checker} is the entry point and wires the parts
 * together around one mutable {@link io.github.futhark4j.compiler.types.TcState}:
 *
 * <ul>
 *   <li>{@code Modules}: files, structures, module types, parametric modules and matching;
 *       {@code Env}: what module-level names stand for; {@code Ctx}: what is in scope at a point;
 *   <li>{@code Defs}: definitions, generalisation, entry points, intrinsics; {@code Recursion}:
 *       the rules of recursive functions;
 *   <li>{@code Terms}: expressions (inference, then builders of the checked tree once the
 *       definition is fully inferred); {@code Pats}: patterns; {@code TypeConv}: type expressions;
 *   <li>{@code Ty}: the checker's types with inference variables; {@code SE}: size expressions;
 *       {@code Unify}: unification and the rendering of types in messages; {@code Zonk}: resolved
 *       types to checked ones;
 *   <li>checks on a definition after inference: {@code Consumption} (uniqueness and aliasing),
 *       {@code Causality} (sizes known before use), {@code Exhaustiveness} (of {@code match});
 *       {@code Holes}: typed holes {@code ???};
 *   <li>{@code Prelude}: the prelude's Futhark source, parsed once per JVM and checked on demand;
 *       {@code TypedPrinter}: the checked tree as text, for tests and golden files.
 * </ul>
 */
package io.github.futhark4j.compiler.types;
