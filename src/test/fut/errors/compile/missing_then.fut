-- An if without then is a syntax error.
-- ==
-- error: [Ee]xpected "?then|[Uu]nexpected|[Pp]arse error
entry main (x: i32) : i32 = if x > 0 x else 0
