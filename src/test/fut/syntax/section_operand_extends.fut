-- A left section's operand that ends in an expression extending as far right as it can (if, let,
-- loop, a lambda) or in a looser operator would take the operator as its own: a syntax error, as
-- in the reference's grammar, unless parenthesised.
-- ==
-- error: Unexpected token: '\)'

def f (c: bool) = (if c then 1 else 2 +) 3i32
