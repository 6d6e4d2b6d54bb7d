-- The prelude functions null (is the array empty) and sized (a size coercion by value).
-- ==
-- input { [1i32, 2i32] 2i64 }
-- output { false [1i32, 2i32] }
-- input { empty([0]i32) 0i64 }
-- output { true empty([0]i32) }
entry main (xs: []i32) (n: i64) : (bool, []i32) = (null xs, sized n xs)
