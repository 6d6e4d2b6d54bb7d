-- #[unsafe] removes the assertions and bounds checks of the expression it marks; elsewhere they stay.
-- ==
-- input { 3i32 } output { 1i32 }

-- ==
-- entry: checked
-- input { 3i32 } error: Assertion is false: \(x % 2 == 0\)
def half (x: i32) = assert (x % 2 == 0) (x / 2)
entry main (x: i32) : i32 = #[unsafe] assert (x % 2 == 0) (x / 2)
entry checked (x: i32) : i32 = half x
