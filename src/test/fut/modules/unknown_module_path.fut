-- A name through a module path that does not exist is unknown as written, whole.
-- ==
-- error: Unknown name "M\.N\.a"

module M = { def a = 1i32 }

def main (x: i32) = M.N.a + x
