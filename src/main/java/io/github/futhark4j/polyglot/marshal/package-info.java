/**
 * Guest value conversion shared by both polyglot routes, with no Truffle dependency.
 *
 * <p>In: a guest value seen through {@link io.github.futhark4j.polyglot.marshal.GuestData} and the
 * manifest type of the parameter. Out: the Java value {@code FutharkFunction.call} accepts
 * (boxed scalar, primitive array of the right rank, or a native handle passed through), or an
 * {@link io.github.futhark4j.polyglot.marshal.ArgumentException} naming entry point, parameter and
 * element. Results go the other way as {@link io.github.futhark4j.polyglot.marshal.ArrayData}: flat
 * native-order bytes that guests index and view as buffers.
 */
package io.github.futhark4j.polyglot.marshal;
