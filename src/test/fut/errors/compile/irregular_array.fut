-- Array literals must be regular.
-- ==
-- error: [Ss]izes? .*(do not match|differ)|[Dd]imensions? .*(do not match|differ)|irregular array
entry main (x: i32) : [][]i32 = [[x, x], [x]]
