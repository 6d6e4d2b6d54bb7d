-- Sum of f64: a bandwidth-bound reduction (2^25 elements, 256 MiB).
-- ==
-- entry: sum sum_reduce sum_record
-- input { [1.0f64, 2.5f64, -0.5f64, 4.0f64] }
-- output { 7.0f64 }
-- input { empty([0]f64) }
-- output { 0.0f64 }
-- random input { [33554432]f64 }

entry sum (xs: []f64) : f64 = f64.sum xs

-- The same sum in other spellings (Kernel#spellings): the prelude's reduce with an operator
-- section, and a record field.

entry sum_reduce (xs: []f64) : f64 = reduce (+) 0 xs

entry sum_record (xs: []f64) : f64 =
  let r = {data = xs, zero = 0f64}
  in reduce (\a b -> a + b) r.zero r.data
