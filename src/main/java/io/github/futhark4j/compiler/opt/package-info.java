/**
 * IR-to-IR optimisation. In and out: {@code compiler.core} programs. {@link
 * io.github.futhark4j.compiler.opt.Optimiser#PASSES} lists the passes in order: simplification
 * (copy propagation, constant folding), dead code removal, indexing by a map's position turned
 * into inputs of the map ({@link io.github.futhark4j.compiler.opt.IotaIndex}), producer-consumer
 * fusion of maps into maps, reductions, scans and histograms, hoisting of loop-invariant code out
 * of SOAC lambdas and loops, bounds-check elimination ({@link io.github.futhark4j.compiler.opt.Bounds}),
 * and last the schedule ({@link io.github.futhark4j.compiler.opt.Schedule}), which marks
 * each statement that runs other than in the ordinary way with its {@code core.Plan} (virtual
 * arrays, interchange, lanes, direct rows) for code generation to obey.
 */
package io.github.futhark4j.compiler.opt;
