-- A function returning an array whose size is unknown until it runs (existential size in the result).
-- ==
-- input { [1i32, -2i32, 3i32] }
-- output { [1i32, 3i32, 2i32] }
def positives (xs: []i32) : ?[k].[k]i32 = filter (> 0) xs
entry main (xs: []i32) : []i32 = positives xs ++ positives (map (\x -> -x) xs)
