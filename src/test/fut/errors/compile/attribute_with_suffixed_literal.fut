-- An attribute is a name, an integer literal without a suffix, or a name applied to attributes:
-- a suffixed literal is a syntax error, as in the reference's grammar.
-- ==
-- error: Unexpected token

def main (x: i64) =
  loop (#[maxval(1337i64)] acc: i64) = x for i < 10 do acc + i
