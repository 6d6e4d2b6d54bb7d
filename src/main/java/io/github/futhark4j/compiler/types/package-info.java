/**
 * Types and the type checker. In: the parsed tree ({@code compiler.syntax}). Out: the checked tree
 * ({@code compiler.typed}) or diagnostics.
 *
 * <p>{@link io.github.futhark4j.compiler.typed.Type}, {@link io.github.futhark4j.compiler.typed.PrimType}
 * and {@link io.github.futhark4j.compiler.typed.Size} are the checked types shared with the back
 * end. Everything else here is the checker: {@code Ty} (types with inference variables),
 * {@code Unifier}, {@code CheckerBase} (scopes, type expressions, patterns, consumption),
 * {@code BindingChecker} (let, local functions, lambdas, loops, match), {@code SizeChecks} (the size
 * rules of "Size types": rigid, flexible, unknown and existential sizes, instantiation per use),
 * {@code ExpChecker} (the other expressions, operators and application) and {@link io.github.futhark4j.compiler.types.Checker}
 * (declarations, prelude on demand, entry points, selection of the definitions the program uses).
 * Rules with their own small helpers: {@code LocalPoly} (generalising local functions),
 * {@code FunctionalChecks} (functions stored in data), {@code UniquenessChecks} (uniqueness at
 * function boundaries), {@code AmbiguousSums} and {@code Holes} (typed holes {@code ???}).
 * Checking is two-phase per top-level definition: inference first, then building the checked tree
 * once every inference variable is resolved (see {@code ExpChecker}). The prelude is Futhark source
 * ({@link io.github.futhark4j.compiler.types.Prelude}) whose definitions are checked when first used.
 */
package io.github.futhark4j.compiler.types;
