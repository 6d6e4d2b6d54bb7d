-- A loop may consume an accumulator that starts as a zip of arrays it
-- may not consume.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [0i64, 1i64, 2i64] [1i64, 2i64, 3i64] }
entry main [n] (xs: [n]i64) : ([n]i64, [n]i64) =
  let acc = loop acc = zip xs xs for i < n do acc with [i] = (i, xs[i])
  in unzip acc
