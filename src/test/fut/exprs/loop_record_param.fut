-- Loop parameters can be records.
-- ==
-- input { 20i32 }
-- output { 7i32 8i32 }
entry main (n: i32) : (i32, i32) =
  let r = loop r = {lo = 0, hi = 100} for _i < n do
            let mid = (r.lo + r.hi) / 2 in if mid * mid > 50 then r with hi = mid else r with lo = mid
  in (r.lo, r.hi)
