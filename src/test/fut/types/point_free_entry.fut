-- A point-free entry point defined by partially applying map.
-- ==
-- input { [1.4f32, 2.5f32, -0.6f32] }
-- output { [1.0f32, 2.0f32, -1.0f32] }
entry main = map f32.round
