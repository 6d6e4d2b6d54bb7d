-- Attributes on loops, maps, reductions, declarations and patterns do not change results.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [2i32, 3i32, 4i32] 6i32 10i32 }
#[inline]
def inc (x: i32) = x + 1
#[noinline]
def total (xs: []i32) = #[sequential] reduce (+) 0 xs
entry main (xs: []i32) : ([]i32, i32, i32) =
  let ys = #[incremental_flattening(only_inner)] map inc xs
  let s = #[unroll] loop acc = 0 for i < 4 do acc + i + 1
  in (ys, total xs, s)
