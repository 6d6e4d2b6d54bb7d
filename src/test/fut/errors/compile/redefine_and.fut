-- The short-circuiting && operator may not be redefined.
-- ==
-- error: may not be redefined
def (&&) (a: bool) (b: bool) = a
entry main (x: bool) : bool = x && x
