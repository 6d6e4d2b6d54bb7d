-- An existential size in a parameter's type must be the size of an array the parameter holds,
-- as in a return type: ?[k].[]f32 names a size nothing has.
-- ==
-- error: Existential size "k" not used as array size
def total (xs: ?[k].[]f32) : f32 = f32.sum xs

entry main (xs: []f32) : f32 = total xs
