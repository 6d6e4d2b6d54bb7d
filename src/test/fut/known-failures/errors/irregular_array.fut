-- Array literals must be regular.
-- ==
-- error: [Ss]izes? .*(do not match|differ)|[Dd]imension|regular
entry main (x: i32) : [][]i32 = [[x, x], [x]]
