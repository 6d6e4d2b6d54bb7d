-- A definition's name cannot be qualified, not even between backquotes.
-- ==
-- error: Cannot use a qualified name in binding position
def x `M.f` y : i32 = x + y
