-- Array literals must be regular.
-- ==
-- error: [Ss]ize|[Dd]imension|regular|1|2
entry main (x: i32) : [][]i32 = [[x, x], [x]]
