-- A loop parameter whose size changes (work shrinks through filter) while the body also passes it
-- to functions whose size parameters unify with its size (indices, scatter's index array).
entry main [n] (xs: [n]i64) : ([n]i64, i64) =
  let marks = replicate n 0
  let (marks, work, rounds) =
    loop (marks, work, rounds) = (marks, copy xs, 0)
    while length work > 0 do
      let pos = map (\i -> i % n) (indices work)
      let marks = scatter marks pos (map (+ 1) work)
      let work = filter (> 1) (map (\x -> x / 2) work)
      in (marks, work, rounds + 1)
  in (marks, rounds)
-- ==
-- input { [8i64, 3i64, 1i64] } output { [3i64, 4i64, 2i64] 3i64 }
