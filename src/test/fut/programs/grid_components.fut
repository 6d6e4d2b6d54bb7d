-- Connected components of a boolean grid by min-label propagation: a while loop until no label changes, on cells as a sum type (#wall | #open i64).
-- ==
-- input { [[true, true, false, false, true], [true, false, false, false, true], [false, false, true, true, true], [true, false, false, false, false], [true, true, false, true, true]] }
-- output { [[0i64, 0i64, -1i64, -1i64, 4i64], [0i64, -1i64, -1i64, -1i64, 4i64], [-1i64, -1i64, 4i64, 4i64, 4i64], [15i64, -1i64, -1i64, -1i64, -1i64], [15i64, 15i64, -1i64, 23i64, 23i64]] 5i32 4i64 }
type cell = #wall | #open i64

def label (c: cell) : i64 = match c case #wall -> -1 case #open l -> l

entry main [h][w] (g: [h][w]bool) : ([h][w]i64, i32, i64) =
  let cells = tabulate_2d h w (\i j -> if g[i, j] then #open (i * w + j) else #wall)
  let (cells, _, rounds) =
    loop (cells, changed, rounds) = (cells, true, 0i32) while changed do
      let step i j =
        match cells[i, j]
        case #wall -> #wall
        case #open l ->
          let nb = [(i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]
          let best = loop best = l for (y, x) in nb do
                       if y >= 0 && y < h && x >= 0 && x < w
                       then match cells[y, x]
                            case #open m -> i64.min best m
                            case #wall -> best
                       else best
          in #open best
      let cells' = tabulate_2d h w step
      let changed = or (map2 (\ra rb -> or (map2 (\a b -> label a != label b) ra rb)) cells cells')
      in (cells', changed, rounds + 1)
  let labels = map (map label) cells
  let flat = flatten labels
  let roots = map2 (\i l -> if l == i then 1i64 else 0) (indices flat) flat |> i64.sum
  in (labels, rounds, roots)
