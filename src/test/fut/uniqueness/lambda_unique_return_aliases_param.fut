-- A lambda declared to return a unique array may not return its non-unique
-- parameter.
-- ==
-- error: Unique-typed return value is aliased to "row", which is not consumable
entry main (xss: [][]i32) : [][]i32 =
  map (\(row: []i32) : *[]i32 -> row) xss
