-- Inverse permutation by scatter, composition by gather, and the cycle count by following each cycle in a while loop.
-- ==
-- input { [3i64, 0i64, 4i64, 1i64, 5i64, 2i64] }
-- output { [1i64, 3i64, 5i64, 0i64, 2i64, 4i64] [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] 2i64 }
-- input { [0i64, 1i64, 2i64] }
-- output { [0i64, 1i64, 2i64] [0i64, 1i64, 2i64] 3i64 }
entry main [n] (p: [n]i64) : ([n]i64, [n]i64, i64) =
  let inv = scatter (replicate n 0) p (iota n)
  let comp = map (\i -> p[inv[i]]) (iota n)
  let is_min_of_cycle i =
    let (_, j, ok) = loop (k, j, ok) = (0, p[i], true) while ok && j != i && k < n do
                       (k + 1, p[j], ok && j > i)
    in ok
  let cycles = tabulate n is_min_of_cycle |> map i64.bool |> i64.sum
  in (inv, comp, cycles)
