/**
 * Futhark entry points as Apache Spark operations. {@link io.github.futhark4j.spark.SparkFuthark}
 * compiles a program once on the driver and broadcasts the built library; executors load it once
 * per JVM without compiling. {@link io.github.futhark4j.spark.BatchMap} applies an entry point to
 * batches of rows (columns in, new columns or a new Dataset out),
 * {@link io.github.futhark4j.spark.FutharkUdf} makes a scalar entry point a per-row UDF, and
 * {@link io.github.futhark4j.spark.Aggregation} reduces a Dataset with a Futhark reduction per
 * partition and a Futhark combine function on the driver. See docs/spark.md.
 */
package io.github.futhark4j.spark;
