package io.github.futhark4j.bench;

/** What limits a kernel, which decides the kind of target it has. */
public enum Category {
  /** Limited by memory bandwidth: the target is to be close to C. */
  BANDWIDTH("bandwidth"),
  /** Limited by arithmetic: the target allows some distance to C but asks for a speed-up over streams. */
  COMPUTE("compute"),
  /** Data-dependent, irregular work; reported without a target. */
  IRREGULAR("irregular");

  private final String label;

  Category(String label) {
    this.label = label;
  }

  public String label() { return label; }
}
