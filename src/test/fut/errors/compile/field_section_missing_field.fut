-- Tuple fields count from 0: (.2) of a pair asks for a field the pair does not have, found when
-- the section's argument type is fixed (the reference's message, without the "Cannot apply").
-- ==
-- error: Cannot unify record type with fields
def second [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 =
  zip flags xs |> unzip |> (.2)
