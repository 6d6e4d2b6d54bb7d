-- A let, a local function definition or a match case whose value has a size computed inside it
-- (here by filter) may be passed to a polymorphic function: the size is computed before the
-- application, as for an argument that is itself an application. (Found by the fuzzer.)
-- ==
-- input { true 2.5f32 } output { [2.5f32, 2.5f32] [25u32, 25u32] 2i64 [2.5f32, 2.5f32] }
-- input { false 2.5f32 } output { empty([0]f32) empty([0]u32) 0i64 empty([0]f32) }
entry main (p: bool) (x: f32) : ([]f32, []u32, i64, []f32) =
  let a = copy (let y = 2 in filter (\_ -> p) (replicate y x))
  let b = id (let f (_: f32) : u32 = 25u32 in map f (filter (\_ -> p) (replicate 2 x)))
  let c = length (let z = filter (\_ -> p) (replicate 2 x) in z)
  let d = copy (match p case _ -> filter (\_ -> p) (replicate 2 x))
  in (a, b, c, d)
