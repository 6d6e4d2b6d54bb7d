-- A trailing comma may end the elements of a tuple (of two or more), an array, a record, a tuple or
-- record type or pattern, and the indices of an index expression; a one-element tuple is still an
-- error (see errors/compile/one_element_tuple.fut).
-- ==
-- input { [3i32, 4i32] }
-- output { 7i32 4i32 3i32 2i32 }
type pair = (
  i32,
  i32,
)

type named = {
  a: i32,
  b: i32,
}

def swap ((x, y,): pair) : pair = (y, x,)

entry main (xs: [2]i32) : (i32, i32, i32, i32) =
  let ({a, b,}: named) = {a = xs[0,], b = xs[1],}
  let (p, q) = swap (b, a,)
  let arr = [p, q,]
  in (a + b, arr[1,], arr[0], length [1, 2,] |> i32.i64)
