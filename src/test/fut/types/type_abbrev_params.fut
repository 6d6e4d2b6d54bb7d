-- Type abbreviations with size and type parameters.
-- ==
-- input { 3i64 }
-- output { [1i32, 1i32, 1i32] [0i32, 1i32, 2i32] }
type two_vecs [n] 't = ([n]t, [n]t)
type ivecs [n] = two_vecs [n] i32
def mk (n: i64) : ivecs [n] = (replicate n 1, map i32.i64 (iota n))
entry main (n: i64) : ([]i32, []i32) = mk n
