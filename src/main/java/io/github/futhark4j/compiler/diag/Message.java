package io.github.futhark4j.compiler.diag;

import io.github.futhark4j.compiler.source.Span;

/**
 * A message not yet placed at a span: a code and its text. Unification fails deep inside the
 * checker, where the expression being checked is not known; the caller places the failure (usually
 * as the detail under a larger message, see {@link TypeErrors#cannotUnify}). Made only by the
 * factories of {@link TypeMessages}. {@link #text} is null where the failure has nothing to add to
 * the two types shown around it.
 */
public final class Message {
  private final DiagCode code;
  private final String text;
  private final boolean secondPass;
  private final boolean standalone;

  Message(DiagCode code, String text) {
    this(code, text, code == DiagCode.E0220 || code == DiagCode.E0221 || code == DiagCode.E0227);
  }

  Message(DiagCode code, String text, boolean secondPass) {
    this(code, text, secondPass, false);
  }

  Message(DiagCode code, String text, boolean secondPass, boolean standalone) {
    this.code = code;
    this.text = text;
    this.secondPass = secondPass;
    this.standalone = standalone;
  }

  /**
   * Whether the reference reports this failure by itself, not under what was being matched (its
   * solver's occurs check of types): the mismatch that found it is then this message alone.
   */
  public boolean standalone() { return standalone; }

  public DiagCode code() { return code; }

  /** The sentence(s), or null. */
  public String text() { return text; }

  /** This message alone as an error at {@code span}. */
  public Diagnostic at(Span span) { return Diagnostics.error(code, span, text); }

  /**
   * Whether the reference finds this failure in its second pass, which knows sizes and uniqueness
   * (E0220 sizes differ, E0221 causality, E0227 scope violations, a consuming function against an
   * observing type), not in its first, which checks types without them: the two word some
   * mismatches differently, and the first shows types without sizes.
   */
  public boolean secondPass() { return secondPass; }

  /** The detail under a larger message: a blank line and the text, or nothing. */
  static String detail(Message m) {
    return m.text != null ? "\n\n" + m.text : "";
  }

  @Override
  public String toString() { return code + ": " + text; }
}
