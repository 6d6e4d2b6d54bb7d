-- A curried lambda bound by let, partially applied, and used inside a loop.
-- ==
-- input { 4i32 } output { 26i32 }
-- input { 0i32 } output { 0i32 }
entry main (n: i32) : i32 =
  let add = \(a: i32) (b: i32) -> a + b
  let add5 = add 5
  in loop acc = 0 for i < n do add5 (acc + i)
