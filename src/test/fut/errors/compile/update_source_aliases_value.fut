-- An in-place update whose new value aliases the array being updated (E0311).
-- ==
-- error: in-place update
entry main (xs: *[][2]i32) : [][2]i32 =
  xs with [0] = xs[1]
