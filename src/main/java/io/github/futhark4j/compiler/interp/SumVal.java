package io.github.futhark4j.compiler.interp;

/** A value of a sum type: a constructor and its payload. */
final class SumVal {
  final String constructor;
  final Object[] payload;

  SumVal(String constructor, Object[] payload) {
    this.constructor = constructor;
    this.payload = payload;
  }
}
