package io.github.futhark4j.compiler.typed;

import io.github.futhark4j.compiler.typed.Type;
import java.util.List;

/**
 * A function's parameters and body, shared by top-level and local definitions.
 *
 * @param typeParams type parameters by name (referenced as {@link Type.Param}); instantiated at
 *                   each use through {@link TExp.Var#typeArgs()}
 * @param sizeParams size parameters {@code [n]}: {@code i64} variables bound, at each call, from
 *                   the shapes of the arguments in which they occur
 * @param params     one pattern per curried parameter
 * @param returnType the declared or inferred return type
 */
public record FunDef(List<String> typeParams, List<VName> sizeParams, List<TPat> params, Type returnType, TExp body) {}
