-- A local function without type parameters is not generalised (today's Futhark): using it at
-- two types is a type error.
-- ==
-- error: Cannot apply "id" to "true"
entry main (x: i32) : (i32, bool) =
  let id v = v
  in (id x, id true)
