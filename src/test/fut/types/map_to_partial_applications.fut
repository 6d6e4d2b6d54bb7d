-- map (+) xs would build an array of functions; the element type parameter of map is not lifted, so this is rejected.
-- ==
-- error: [Ff]unctional|[Ff]unction type|lifted|[Hh]igher-order
entry main (xs: []i32) : i32 = let fs = map (+) xs in length fs |> i32.i64
