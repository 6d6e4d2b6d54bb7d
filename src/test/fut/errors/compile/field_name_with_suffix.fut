-- A numeric field name is a natural number as written: a literal with a type suffix is none.
-- ==
-- error: Unexpected token

def main (x: i32) = {0i64 = x}
