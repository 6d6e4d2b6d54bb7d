-- Attributes on expressions and declarations do not change the meaning.
-- ==
-- input { [1i32, 2i32] }
-- output { [3i32, 6i32] }
#[inline]
def f (x: i32) = x * 3
entry main (xs: []i32) : []i32 =
  #[sequential] map (\x -> #[unsafe] f x) xs
