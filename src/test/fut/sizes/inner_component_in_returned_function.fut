-- A size named by a tuple parameter's component goes out of scope with the function: a returned
-- function whose parameter has that size could never be applied, so the definition cannot be
-- generalised (as the reference: "Unknown size ... arising from "x" going out of scope").
-- ==
-- error: Cannot generalise type of "make_check"
def make_check (x: i64, _: i64) =
  let check (flags: [x]bool) = and flags
  in check
entry main (n: i64) : bool = make_check (n, 0) (replicate n true)
