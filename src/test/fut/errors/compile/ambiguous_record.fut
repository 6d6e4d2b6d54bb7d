-- Projecting a field from a parameter of unknown record type is ambiguous.
-- ==
-- error: [Aa]mbiguous|not known|[Ff]ull type
def f r = r.x
entry main (x: i32) : i32 = f {x = x}
