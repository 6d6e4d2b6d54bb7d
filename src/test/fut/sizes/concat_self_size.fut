-- xs ++ xs does not have the size of xs, so it cannot be returned as [n]i32.
-- ==
-- error: [Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)|does not have (the )?expected type|declared return type
def twice_len [n] (xs: [n]i32) : [n]i32 = xs ++ xs
entry main (xs: []i32) : []i32 = twice_len xs
