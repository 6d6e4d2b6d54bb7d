/** Futhark4J: run Futhark programs from the JVM. Start at {@link io.github.futhark4j.Futhark}. */
package io.github.futhark4j;
