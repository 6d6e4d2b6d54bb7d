-- An entry point's result may not be of a lifted abstract type, even one standing for a
-- non-functional type: it might be a function.
-- ==
-- error: Entry point functions may not be higher-order
module wrap : { type^ w val make : i32 -> w } = { type^ w = i32 def make (x: i32) = x }
entry make (x: i32) : wrap.w = wrap.make x
