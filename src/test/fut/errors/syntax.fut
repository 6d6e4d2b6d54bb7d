-- A missing closing parenthesis is a syntax error.
-- ==
-- error: Expected '\)'|[Uu]nexpected end
entry main (x: i32) : i32 = (x + 1
