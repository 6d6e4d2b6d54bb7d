-- id returns its argument; const ignores its second argument.
-- ==
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32] [7i32, 7i32] }
entry main (xs: []i32) : ([]i32, []i32) = (map id xs, map (const 7) xs)
