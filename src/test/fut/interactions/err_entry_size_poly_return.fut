-- An entry point's result may not have a size chosen by the caller (a size parameter used only there).
-- ==
-- error: size-polymorphic in their return type
entry main [n] (x: i32) : [0][n]i32 = []
