-- An entry point's result may not have a size chosen by the caller: a size parameter that no
-- parameter determines is rejected (as in the reference: "size-polymorphic in their return type").
-- ==
-- error: size-polymorphic in their return type
entry main [n] (x: i32) : [0][n]i32 = []
