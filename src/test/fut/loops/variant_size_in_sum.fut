-- A loop parameter of a sum type whose payload array changes size (as the reference accepts): the
-- constructor application's type, known only by its constructors, takes the parameter's type with
-- fresh sizes before the sizes are compared; in a tuple, with an ascribed type abbreviation, and
-- with an invariant size.
type opt 'a = #some a | #none

entry grow (n: i64) : i64 =
  let r = loop acc = (#a (replicate 1 0i32) : #a ([]i32) | #b) for i < n do
    match acc
    case #a xs -> #a (xs ++ [i32.i64 i])
    case #b -> #b
  in match r
     case #a xs -> length xs
     case #b -> 0

entry double (n: i64) : i64 =
  let (r, _) = loop (acc, j) = (#a [0i32] : #a ([]i32) | #b, 0i64) for _i < n do
    match acc
    case #a xs -> (#a (xs ++ xs), j + 1)
    case #b -> (#b, j)
  in match r
     case #a xs -> length xs
     case #b -> 0

entry ascribed (n: i64) : i32 =
  let r = loop acc : opt ([]i32) = #some [0i32] for i < n do
    match acc
    case #some xs -> #some (xs ++ [i32.i64 i])
    case #none -> #none
  in match r
     case #some xs -> i32.sum xs
     case #none -> -1

entry invariant (n: i64) (m: i64) : i64 =
  let (r, k) = loop (acc, k) = (#a (replicate m 0i32) : #a ([m]i32) | #b, 0) for _i < n do
    match acc
    case #a xs -> (#a (map (+ 1) xs), k + xs[0])
    case #b -> (#b, k)
  in match r
     case #a xs -> length xs + i64.i32 k
     case #b -> 0

-- ==
-- entry: grow
-- input { 5i64 } output { 6i64 }
-- input { 0i64 } output { 1i64 }

-- ==
-- entry: double
-- input { 3i64 } output { 8i64 }

-- ==
-- entry: ascribed
-- input { 4i64 } output { 6i32 }

-- ==
-- entry: invariant
-- input { 3i64 4i64 } output { 7i64 }
