/**
 * Test specifications in the {@code -- ==} comment blocks of Futhark programs, as {@code futhark test}
 * and {@code futhark bench} read them.
 *
 * <p>In: the text of a {@code .fut} file. Out: a {@link io.github.futhark4j.cli.spec.TestSpec} (tags,
 * and either an expected compile-time error or the run cases per entry point, with their inputs as
 * values, files or random types and their expected results), or a
 * {@link io.github.futhark4j.cli.spec.SpecException} naming the line and column of a malformed block.
 * Files named by {@code @} are not read here; see {@link io.github.futhark4j.cli.spec.Datasets}.
 */
package io.github.futhark4j.cli.spec;
