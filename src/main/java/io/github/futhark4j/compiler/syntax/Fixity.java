package io.github.futhark4j.compiler.syntax;

import io.github.futhark4j.compiler.syntax.Token.Kind;
import java.util.List;

/**
 * Precedence and associativity of infix operators. A user-defined operator binds like the longest
 * built-in operator that is a prefix of it ({@code >>=} like {@code >>}); backtick operators bind
 * loosest. Levels increase with binding strength.
 */
public record Fixity(int level, boolean rightAssoc) {
  private static final List<String[]> TABLE = List.of(
      new String[] {"|>"},
      new String[] {"<|"},
      new String[] {"||"},
      new String[] {"&&"},
      new String[] {"<=", ">=", ">", "<", "==", "!=", "!", "="},
      new String[] {"&", "^", "|"},
      new String[] {"<<", ">>"},
      new String[] {"+", "-"},
      new String[] {"*", "/", "%", "//", "%%"},
      new String[] {"**"});

  /** The fixity of an operator token (OPERATOR or BACKTICK). */
  public static Fixity of(Token t) {
    if (t.kind() == Kind.BACKTICK) return new Fixity(0, false);
    return of(t.text());
  }

  public static Fixity of(String op) {
    int bestLen = -1;
    int bestLevel = 8;
    for (int lvl = 0; lvl < TABLE.size(); lvl++) {
      for (String b : TABLE.get(lvl)) {
        if (op.startsWith(b) && b.length() > bestLen) {
          bestLen = b.length();
          bestLevel = lvl;
        }
      }
    }
    return new Fixity(bestLevel + 1, bestLevel == 1);
  }
}
