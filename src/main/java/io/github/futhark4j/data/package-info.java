/**
 * Futhark's value formats, independent of the compiler and the runtime.
 *
 * <p>In: text in Futhark's value syntax ({@code 1i32}, {@code [1.0, 2.0]}, {@code empty([0]i64)},
 * strings, {@code --} comments) or the binary data format (magic {@code 'b'}, version 2), mixed in one
 * stream ({@link io.github.futhark4j.data.ValueReader}); Java values as the runtime accepts and
 * returns them ({@link io.github.futhark4j.data.Value#fromJava}).
 *
 * <p>Out: {@link io.github.futhark4j.data.Value} (element type, shape, flat row-major data), the text
 * and binary writers ({@link io.github.futhark4j.data.ValueWriter}), the tolerant comparison used by
 * {@code futhark4j test} ({@link io.github.futhark4j.data.ValueComparator}), and seeded random values
 * for {@code random input} ({@link io.github.futhark4j.data.ValueGenerator}).
 */
package io.github.futhark4j.data;
