-- open f32 brings the f32 functions into scope unqualified; the arithmetic operators stay overloaded.
-- ==
-- input { 9f32 3i32 }
-- output { 4f32 9f32 4i32 }
-- input { 1f32 0i32 }
-- output { 2f32 2f32 1i32 }
open f32
entry main (x: f32) (k: i32) : (f32, f32, i32) = (sqrt x + abs (-1), max x 2, k + 1)
