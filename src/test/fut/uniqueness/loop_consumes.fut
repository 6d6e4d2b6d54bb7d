-- A loop whose unique parameter is initialised from a variable consumes that variable.
-- ==
-- error: but this was consumed
entry main (n: i64) : []i32 =
  let a = replicate n 0i32
  let b = loop a' = a for i < n do a' with [i] = i32.i64 i
  in map2 (+) a b
