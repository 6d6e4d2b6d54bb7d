-- Composing filter with length is rejected because of the existential size.
-- ==
-- error: [Ee]xistential size would appear
entry main (xs: []i32) : i64 = (filter (> 0) >-> length) xs
