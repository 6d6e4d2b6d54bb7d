-- Reductions of a 3-D array along each axis (reduce with nested map2 operators) and a full axis reversal by transposes and map transpose.
-- ==
-- input { [[[-50i32, -49i32, -48i32, -47i32], [-40i32, -39i32, -38i32, -37i32], [-30i32, -29i32, -28i32, -27i32]], [[50i32, 51i32, 52i32, 53i32], [60i32, 61i32, 62i32, 63i32], [70i32, 71i32, 72i32, 73i32]]] }
-- output { [[0i32, 2i32, 4i32, 6i32], [20i32, 22i32, 24i32, 26i32], [40i32, 42i32, 44i32, 46i32]] [[-120i32, -117i32, -114i32, -111i32], [180i32, 183i32, 186i32, 189i32]] [[-194i32, -154i32, -114i32], [206i32, 246i32, 286i32]] [[[-50i32, 50i32], [-40i32, 60i32], [-30i32, 70i32]], [[-49i32, 51i32], [-39i32, 61i32], [-29i32, 71i32]], [[-48i32, 52i32], [-38i32, 62i32], [-28i32, 72i32]], [[-47i32, 53i32], [-37i32, 63i32], [-27i32, 73i32]]] 26i32 }
entry main [a][b][c] (x: [a][b][c]i32) : ([b][c]i32, [a][c]i32, [a][b]i32, [c][b][a]i32, i32) =
  let s0 = reduce (map2 (map2 (+))) (replicate b (replicate c 0)) x
  let s1 = map (reduce (map2 (+)) (replicate c 0)) x
  let s2 = map (map i32.sum) x
  let t = map transpose (transpose (map transpose x))
  let corner = t[c - 1, b - 1, 0] + x[a - 1, 0, c - 1]
  in (s0, s1, s2, t, corner)
