package io.github.futhark4j.toolchain;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@code import "path"} references of a Futhark source text without parsing it. This is
 * all the build key needs: every form of import ({@code import}, {@code open import},
 * {@code local open import}, {@code module M = import}) has the keyword directly followed by a
 * string literal. Line comments ({@code -- ...}), string literals and character literals are
 * skipped so that an import in a comment or a string does not count.
 */
final class ImportScanner {
  private ImportScanner() {}

  /** The import paths in order of appearance, as written (without {@code .fut}). */
  static List<String> imports(String text) {
    List<String> found = new ArrayList<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
        i = skipLine(text, i);
      } else if (c == '"') {
        i = skipString(text, i, '"');
      } else if (c == '\'') {
        i = skipString(text, i, '\'');
      } else if (isIdentStart(c)) {
        int start = i;
        while (i < n && isIdentPart(text.charAt(i))) i++;
        if (text.startsWith("import", start) && i - start == 6) {
          int j = skipSpaceAndComments(text, i);
          if (j < n && text.charAt(j) == '"') {
            int end = skipString(text, j, '"');
            // A string without its closing quote is a syntax error the compiler will report.
            if (end <= n && text.charAt(end - 1) == '"' && end - 1 > j) found.add(unescape(text.substring(j + 1, end - 1)));
            i = end;
          }
        }
      } else {
        i++;
      }
    }
    return found;
  }

  private static boolean isIdentStart(char c) {
    return Character.isLetter(c) || c == '_';
  }

  private static boolean isIdentPart(char c) {
    // Futhark identifiers may contain primes (x'), which must not start a character literal.
    return Character.isLetterOrDigit(c) || c == '_' || c == '\'';
  }

  private static int skipLine(String text, int i) {
    int nl = text.indexOf('\n', i);
    return nl < 0 ? text.length() : nl + 1;
  }

  /** Index just past the literal starting at {@code i}; a literal never spans lines. */
  private static int skipString(String text, int i, char quote) {
    int j = i + 1;
    while (j < text.length()) {
      char c = text.charAt(j);
      if (c == '\\') {
        j += 2;
      } else if (c == quote) {
        return j + 1;
      } else if (c == '\n') {
        return j;
      } else {
        j++;
      }
    }
    return text.length();
  }

  private static int skipSpaceAndComments(String text, int i) {
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
        i = skipLine(text, i);
      } else {
        break;
      }
    }
    return i;
  }

  private static String unescape(String s) {
    if (s.indexOf('\\') < 0) return s;
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '\\' && k + 1 < s.length()) {
        sb.append(s.charAt(++k));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
