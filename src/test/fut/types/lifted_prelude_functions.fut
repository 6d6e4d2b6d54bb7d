-- id, const and flip have lifted type parameters, so they accept functions; so does a user '^ parameter.
-- ==
-- input { 5i32 }
-- output { 26i32 }
def ap '^a 'b (f: a) (g: a -> b) : b = g f
entry main (x: i32) : i32 =
  (id (+ 1)) x + const (* 2) 1 x + flip (\a (b: i32) -> a - b) 1 x + ap (+ 1) (\f -> f x)
