-- Array literals, indexing and length.
-- ==
-- input { 2i64 }
-- output { 30i32 4i64 }
entry main (i: i64) : (i32, i64) =
  let a = [10, 20, 30, 40]
  in (a[i], length a)
