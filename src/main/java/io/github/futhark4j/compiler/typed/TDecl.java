package io.github.futhark4j.compiler.typed;

import io.github.futhark4j.compiler.source.Span;
import io.github.futhark4j.compiler.typed.Type;
import java.util.List;

/** A checked top-level value definition ({@code def}, {@code let} or {@code entry}). */
public record TDecl(VName name, FunDef fun, EntryPoint entry, Span span) {
  /** Whether this definition is an entry point of the program. */
  public boolean isEntry() { return entry != null; }

  /**
   * How an entry point appears at the C API.
   *
   * @param name    the entry point's name as written (the C function is {@link #cFunction()})
   * @param params  one per parameter, in order
   * @param results one per output: a top-level tuple in the return type gives several outputs
   */
  public record EntryPoint(String name, List<EntryType> params, List<EntryType> results) {
    /**
     * The C function implementing this entry point: {@code futhark_entry_<name>}, where a character
     * that may not occur in a C identifier (the apostrophe of {@code f'}) is written {@code _<code>_}
     * with its decimal code, so {@code f'} becomes {@code futhark_entry_f_39_}.
     */
    public String cFunction() {
      StringBuilder b = new StringBuilder("futhark_entry_");
      for (char c : name.toCharArray()) {
        if (c < 128 && (Character.isLetterOrDigit(c) || c == '_')) b.append(c);
        else b.append('_').append((int) c).append('_');
      }
      return b.toString();
    }
  }

  /**
   * A type as the C API names it.
   *
   * @param name   the manifest name: {@code i32}, {@code []f64}, {@code [][]u8}, or for an opaque type
   *               the type abbreviation the programmer wrote (else a name derived from the type)
   * @param type   the checked type
   * @param unique whether the value is consumed (inputs) or unique (outputs)
   */
  public record EntryType(String name, Type type, boolean unique) {}
}
