-- Functions cannot call themselves: a definition is not in scope in its own body.
-- ==
-- error: [Uu]nknown name|not in scope|[Rr]ecursi
def fact (n: i32) : i32 = if n == 0 then 1 else n * fact (n - 1)
entry main (n: i32) : i32 = fact n
