-- An if without then is a syntax error.
-- ==
-- error: then|[Ss]yntax|[Uu]nexpected|[Ee]xpected
entry main (x: i32) : i32 = if x > 0 x else 0
