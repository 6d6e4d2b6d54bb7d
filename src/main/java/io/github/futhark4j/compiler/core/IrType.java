package io.github.futhark4j.compiler.core;

import io.github.futhark4j.compiler.typed.PrimType;

/**
 * A type in the first-order IR: a primitive scalar or a regular array of primitives of some rank.
 * Records and tuples are gone (flattened into several values) and shapes are run-time values
 * read with {@link Exp.Shape}.
 */
public sealed interface IrType {
  PrimType elem();

  int rank();

  record Scalar(PrimType elem) implements IrType {
    public int rank() { return 0; }

    @Override public String toString() { return elem.futName(); }
  }

  record Arr(PrimType elem, int rank) implements IrType {
    public Arr {
      if (rank < 1) throw new IllegalArgumentException("array rank " + rank);
    }

    @Override public String toString() { return "[]".repeat(rank) + elem.futName(); }
  }

  static IrType of(PrimType t, int rank) {
    return rank == 0 ? new Scalar(t) : new Arr(t, rank);
  }

  /** The type of one row (rank - 1). */
  default IrType row() {
    if (rank() == 0) throw new IllegalStateException("row of scalar " + this);
    return of(elem(), rank() - 1);
  }

  /** This type with one more outer dimension. */
  default IrType arrayOf() { return of(elem(), rank() + 1); }

  default boolean isArray() { return rank() > 0; }
}
