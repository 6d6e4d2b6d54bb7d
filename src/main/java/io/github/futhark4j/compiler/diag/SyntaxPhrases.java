package io.github.futhark4j.compiler.diag;

/**
 * The parser's words for what it expected and where (E0101, {@link Diagnostics#unexpected}):
 * {@code Unexpected token: 'x'. Expected WHAT WHERE.} The parser picks a phrase for each place in
 * the grammar; the wording is kept here, with the other messages, so that it stays in one voice.
 */
public final class SyntaxPhrases {
  private SyntaxPhrases() {}

  // ---- what was expected ---------------------------------------------------------------------

  public static final String AN_EXPRESSION = "an expression";
  public static final String AN_OPERATOR = "an operator";
  public static final String ARROW = "'->'";
  public static final String A_CONSTRUCTOR = "a constructor";
  public static final String A_DECLARATION = "a declaration";
  public static final String A_FIELD_NAME = "a field name";
  public static final String A_NAME = "a name";
  public static final String A_PARAMETER = "a parameter";
  public static final String A_PATTERN = "a pattern";
  public static final String AN_ATTRIBUTE = "an attribute";
  public static final String A_SPECIFICATION_VAL_TYPE_MODULE_OR_INCLUDE = "a specification (val, type, module or include)";
  public static final String A_STRING_LITERAL = "a string literal";
  public static final String A_TYPE = "a type";
  public static final String CASE_KEYWORD = "\"case\"";
  public static final String COLON = "':'";
  public static final String DOT = "'.'";
  public static final String FOR_OR_WHILE_KEYWORD = "\"for\" or \"while\"";
  public static final String IN_KEYWORD = "\"in\"";
  public static final String LBRACKET = "'['";
  public static final String LPAREN = "'('";
  public static final String RANGE_OPERATOR = "'..', '..<' or '..>'";
  public static final String RBRACE = "'}'";
  public static final String RBRACKET = "']'";
  public static final String RPAREN = "')'";

  public static final String END_OF_INPUT = "end of input";

  /** A keyword, quoted as the parser expects it: {@code "then"}. */
  public static String keyword(String kw) { return "\"" + kw + "\""; }

  /** An operator, quoted as the parser expects it: {@code '='}. */
  public static String operator(String op) { return "'" + op + "'"; }

  // ---- where ---------------------------------------------------------------------------------

  public static final String AFTER_AN_ARRAY_DIMENSION = "after an array dimension";
  public static final String AFTER_AN_EXISTENTIAL_SIZE = "after an existential size";
  public static final String AFTER_AN_OPERATOR_SECTION = "after an operator section";
  /** Where a left section's operator would continue its operand ({@code (if c then a else b +)}). */
  public static final String AS_THE_OPERATOR_S_RIGHT_OPERAND = "as the operator's right operand (parenthesise the left operand of a section that ends in an open expression or a looser operator)";
  public static final String AFTER_ARRAY_ELEMENTS = "after array elements";
  public static final String AFTER_A_FIELD_NAME_IN_A_RECORD_TYPE = "after a field name in a record type";
  public static final String AFTER_A_LET_BINDING = "after a 'let' binding";
  public static final String AFTER_A_MODULE_TYPE_PARAMETER = "after a module type parameter";
  public static final String AFTER_A_NAMED_PARAMETER_TYPE = "after a named parameter type";
  public static final String AFTER_A_PARENTHESISED_EXPRESSION = "after a parenthesised expression";
  public static final String AFTER_A_PARENTHESISED_MODULE_EXPRESSION = "after a parenthesised module expression";
  public static final String AFTER_A_PARENTHESISED_MODULE_TYPE = "after a parenthesised module type";
  public static final String AFTER_A_PARENTHESISED_PATTERN = "after a parenthesised pattern";
  public static final String AFTER_A_PARENTHESISED_TYPE = "after a parenthesised type";
  public static final String AFTER_BACKSLASH = "after '\\'";
  public static final String AFTER_DOT = "after '.'";
  public static final String AFTER_EXISTENTIAL_SIZES = "after existential sizes";
  public static final String AFTER_IMPORT = "after \"import\"";
  public static final String AFTER_MODULE = "after \"module\"";
  public static final String AFTER_MODULE_IN_A_MODULE_TYPE = "after \"module\" in a module type";
  public static final String AFTER_MODULE_TYPE = "after \"module type\"";
  public static final String AFTER_QUESTION_IN_AN_EXISTENTIAL_SIZE = "after '?' in an existential size";
  public static final String AFTER_THE_CONDITION_OF_IF = "after the condition of 'if'";
  public static final String AFTER_THE_FIELDS_OF_A_RECORD = "after the fields of a record";
  public static final String AFTER_THE_FIELDS_OF_A_RECORD_PATTERN = "after the fields of a record pattern";
  public static final String AFTER_THE_FIELDS_OF_A_RECORD_TYPE = "after the fields of a record type";
  public static final String AFTER_THE_LOOP_FORM = "after the loop form";
  public static final String AFTER_THE_LOOP_PARAMETER = "after the loop parameter";
  public static final String AFTER_THE_NAME_OF_A_MODULE_PARAMETER = "after the name of a module parameter";
  public static final String AFTER_THE_NAME_OF_A_MODULE_SPECIFICATION = "after the name of a module specification";
  public static final String AFTER_THE_NAME_OF_A_VALUE_SPECIFICATION = "after the name of a value specification";
  public static final String AFTER_THE_PARAMETERS_OF_A_LAMBDA = "after the parameters of a lambda";
  public static final String AFTER_THE_PARAMETER_OF_AN_ANONYMOUS_PARAMETRIC_MODULE = "after the parameter of an anonymous parametric module";
  public static final String AFTER_THE_PARAMETER_OF_A_PARAMETRIC_MODULE_TYPE = "after the parameter of a parametric module type";
  public static final String AFTER_THE_PATTERN_OF_A_CASE = "after the pattern of a case";
  public static final String AFTER_THE_PATTERN_OF_FOR_IN = "after the pattern of 'for ... in'";
  public static final String AFTER_THE_PATTERN_OF_LET = "after the pattern of 'let'";
  public static final String AFTER_THE_SCRUTINEE_OF_MATCH = "after the scrutinee of 'match'";
  public static final String AFTER_THE_THEN_BRANCH_OF_IF = "after the 'then' branch of 'if'";
  public static final String AFTER_TUPLE_ELEMENTS = "after tuple elements";
  public static final String AFTER_TYPE = "after \"type\"";
  public static final String AFTER_VAL = "after \"val\"";
  public static final String AFTER_WITH = "after \"with\"";
  public static final String AFTER_WITH_IN_A_MODULE_TYPE = "after \"with\" in a module type";
  public static final String AS_A_MODULE = "as a module";
  public static final String AS_A_MODULE_TYPE = "as a module type";
  public static final String AS_A_TYPE = "as a type";
  public static final String AS_A_TYPE_PARAMETER = "as a type parameter";
  public static final String AS_THE_NAME_OF_A_MODULE_PARAMETER = "as the name of a module parameter";
  public static final String IN_AN_EXISTENTIAL_SIZE = "in an existential size";
  public static final String IN_AN_INDEX = "in an index";
  public static final String IN_AN_INDEX_SECTION = "in an index section";
  public static final String IN_AN_INFIX_DEFINITION = "in an infix definition";
  public static final String IN_A_MODULE_TYPE = "in a module type";
  public static final String IN_A_MODULE_TYPE_REFINEMENT = "in a module type refinement";
  public static final String IN_A_RANGE = "in a range";
  public static final String IN_A_RECORD = "in a record";
  public static final String IN_A_RECORD_PATTERN = "in a record pattern";
  public static final String IN_A_RECORD_TYPE = "in a record type";
  public static final String IN_A_SECTION = "in a section";
  public static final String IN_A_SUM_TYPE = "in a sum type";
  public static final String IN_A_WITH_UPDATE = "in a 'with' update";
  public static final String TO_CLOSE_AN_ATTRIBUTE = "to close an attribute";
  public static final String TO_CLOSE_A_MODULE = "to close a module";
  public static final String TO_CLOSE_A_MODULE_PARAMETER = "to close a module parameter";
  public static final String TO_CLOSE_A_MODULE_TYPE = "to close a module type";
  public static final String TO_START_AN_ARRAY_DIMENSION = "to start an array dimension";
  public static final String TO_START_A_MODULE_PARAMETER = "to start a module parameter";

  public static final String AFTER_THE_EXPRESSION = "after the expression";
  public static final String AFTER_THE_FIELD_PATH_OF_A_WITH_UPDATE = "after the field path of a 'with' update";
  public static final String AFTER_THE_INDICES_OF_A_WITH_UPDATE = "after the indices of a 'with' update";
  public static final String AFTER_AN_INDEX_SECTION = "after an index section";
  public static final String AFTER_A_PROJECTION_SECTION = "after a projection section";

  /** After a keyword that starts a declaration: {@code after "def"}. */
  public static String afterKeyword(String kw) { return "after \"" + kw + "\""; }

  public static String afterNameOfModuleType(String name) { return "after the name of module type " + name; }

  public static String afterNameOfModule(String name) { return "after the name of module " + name; }

  public static String afterNameAndParametersOfType(String name) { return "after the name and parameters of type " + name; }

  public static String afterParametersOf(String name) { return "after the parameters of " + name; }

  public static String afterParametersOfLocalFunction(String name) { return "after the parameters of local function " + name; }

  /** After {@code M.(e}: {@code module} as written. */
  public static String afterLocallyOpened(String module) { return "after a locally opened expression " + module + ".(...)"; }

  /** After the indices of an indexing, {@code context} saying which ({@link #IN_AN_INDEX} ...). */
  public static String afterIndices(String context) { return "after the indices " + context; }

  public static String inLetIndexUpdate(String name) { return "in 'let " + name + "[...]'"; }

  public static String afterLetIndexUpdate(String name) { return "after 'let " + name + "[...]'"; }

  public static String afterLetFieldUpdate(String name) { return "after 'let " + name + ".field'"; }
}
