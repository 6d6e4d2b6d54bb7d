-- A loop parameter's size cannot become a size that the loop body itself makes (here by zipping
-- the parameter with a filtered array): no initial value could have it.
-- ==
-- error: is an existential size created inside the loop body
entry main (xs: []i32) : []i32 =
  loop acc = xs for _i < 2 do
    let pos = filter (> 0) acc
    let pairs = zip pos acc
    in map (\(a, b) -> a + b) pairs
