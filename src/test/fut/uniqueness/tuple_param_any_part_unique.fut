-- In a tuple parameter pattern only the names of unique parts may be
-- consumed (though the argument is consumed as a whole).
-- ==
-- input { [1i32, 2i32] [10i32, 20i32] } output { [11i32, 20i32] }
def bump ((src, dst): ([]i32, *[]i32)) : *[]i32 =
  dst with [0] = dst[0] + src[0]
entry main (xs: *[]i32) (ys: *[]i32) : []i32 = bump (xs, ys)
