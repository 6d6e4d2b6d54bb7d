/**
 * IR-to-IR optimisation. In and out: {@code compiler.core} programs. {@link
 * io.github.futhark4j.compiler.opt.Optimiser#PASSES} lists the passes in order: simplification
 * (copy propagation, constant folding), dead code removal, producer-consumer fusion of maps into
 * maps, reductions and scans, and hoisting of loop-invariant code out of SOAC lambdas and loops.
 */
package io.github.futhark4j.compiler.opt;
