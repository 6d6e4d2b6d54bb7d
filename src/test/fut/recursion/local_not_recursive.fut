-- A local function is not in scope of its own body.
-- ==
-- error: Unknown name "go"
entry main (n: i64) : i64 =
  let go (k: i64) : i64 = if k == 0 then 0 else 1 + go (k - 1)
  in go n
