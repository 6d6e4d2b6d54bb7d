-- A state machine: match on a sum-typed loop parameter.
-- ==
-- input { 5i32 }
-- output { -8i32 }
-- input { 6i32 }
-- output { 16i32 }
type st = #even i32 | #odd i32
entry main (n: i32) : i32 =
  let s = loop (s: st) = #even 0 for i < n do
            match s
            case #even k -> #odd (k + i)
            case #odd k -> #even (k * 2)
  in match s case #even k -> k case #odd k -> -k
