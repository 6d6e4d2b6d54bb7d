-- In a type abbreviation, an anonymous size in the result of a function type is existential: each
-- call returns an array of a new unknown size, which cannot be zipped with one of a known size.
-- ==
-- error: Sizes "n" and "d.*" do not match
type^ grower = ?[n].([n]i32, i32 -> []i32)

def make (n: i64) : grower = (replicate n 0, \x -> replicate n x)

entry main (n: i64) : [n](i32, i32) =
  let (zs, f) = make n
  in zip zs (f 1) :> [n](i32, i32)
