-- Reverse mode through iota: the size's adjoint is the sum of the elements' adjoints, as in the
-- reference (so the vjp of i64.sum (iota n) is n; of the sum of 3 * i + k over i < k, 3k from the elements
-- and k from k itself). Compiled only: the interpreters (the reference's and ours) give iota's size no
-- adjoint.
-- ==
-- entry: sum_iota
-- compiled input { 5i64 } output { 5i64 }
-- compiled input { 0i64 } output { 0i64 }

-- ==
-- entry: weighted
-- compiled input { 4i64 } output { 16i64 }
-- compiled input { 1i64 } output { 4i64 }
entry sum_iota (n: i64) : i64 = vjp (\k -> i64.sum (iota k)) n 1
entry weighted (n: i64) : i64 = vjp (\k -> i64.sum (map (\i -> i * 3 + k) (iota k))) n 1
