-- A documentation comment must be followed by what it documents, not by the end of a module type.
-- ==
-- error: Unexpected token: '}'
module type mt = {
  type t
  -- | Nothing follows.
}
