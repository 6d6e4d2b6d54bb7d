-- Field sections (.x), nested (.a.b), and index sections (.[i]) in map.
-- ==
-- input { [1i32, 2i32] } output { [1i32, 2i32] [2i32, 3i32] [2i32, 4i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32) =
  let rs = map (\x -> {x, n = {b = x + 1}}) xs
  let ps = map (\x -> [x, x * 2]) xs
  in (map (.x) rs, map (.n.b) rs, map (.[1]) ps)
