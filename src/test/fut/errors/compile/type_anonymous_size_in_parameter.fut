-- An anonymous size of a type abbreviation that only a function's parameter has can never be
-- known: the abbreviation is rejected.
-- ==
-- error: anonymous-nonconstructive
type^ pred = []i32 -> bool
