-- Two [] parameters get distinct sizes, so map2 over them without a coercion is a compile-time size error.
-- ==
-- error: [Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)
entry main (xs: []i32) (ys: []i32) : []i32 = map2 (+) xs ys
