-- An if without then is a syntax error.
-- ==
-- error: then|else|[Uu]nexpected|[Pp]arse
entry main (x: i32) : i32 = if x > 0 x else 0
