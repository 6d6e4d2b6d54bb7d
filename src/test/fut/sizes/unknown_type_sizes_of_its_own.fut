-- A parameter written without a type takes the structure of what it is used as, with sizes of
-- its own (the reference infers types before sizes): coercing it to sizes bound by later
-- parameters, or using it as the initial value of a loop whose body gives sizes bound inside the
-- body, is fine.
-- ==
-- entry: coerced
-- input { [[1,2,3],[4,5,6]] 2i64 3i64 } output { [[1,2,3],[4,5,6]] }

-- ==
-- entry: looped
-- input { [7,8,9] 4i64 } output { [0,1,2] }

def as_matrix x (a: i64) (b: i64) = x :> [a][b]i32

def grow x (k: i64) =
  loop acc = x for i < k do
    let n = i64.min i 3
    in (iota n :> [n]i64) |> map i32.i64

entry coerced (xs: [][]i32) (a: i64) (b: i64) = as_matrix xs a b

entry looped (xs: []i32) (k: i64) = grow xs k
