-- replicate (n + 1) has a size other than n, so it cannot be returned as [n]i32.
-- ==
-- error: [Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)|does not have (the )?expected type|declared return type
entry main (n: i64) : [n]i32 = replicate (n + 1) 0
