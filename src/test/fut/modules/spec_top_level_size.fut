-- A specified value whose type, with a size-lifted abstract type replaced by the module's
-- definition, would have a size of its own at the outermost level.
-- ==
-- error: Type substitution in "none" results in a top-level size
module type opt = { type~ t val none : t }
module o : opt = { type~ t = []u8 def none : t = [] }
