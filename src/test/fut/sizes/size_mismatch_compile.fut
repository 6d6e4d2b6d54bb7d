-- zip on arrays with distinct size parameters is a compile-time size error.
-- ==
-- error: [Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)
entry main [n][m] (xs: [n]i32) (ys: [m]i32) : [](i32, i32) = zip xs ys
