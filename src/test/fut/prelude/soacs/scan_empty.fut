-- scan and reduce on empty arrays.
-- ==
-- input { empty([0]f32) }
-- output { empty([0]f32) 0.0f32 }
entry main (xs: []f32) : ([]f32, f32) = (scan (+) 0 xs, reduce (+) 0 xs)
