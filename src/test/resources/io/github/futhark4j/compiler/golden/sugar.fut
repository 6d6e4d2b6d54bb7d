def (a: i32) +^ (b: i32) : i32 = a * 10 + b
entry pipes (xs: []f64) : f64 = xs |> map (\x -> x * 2) |> reduce (+) 0
entry sections (xs: []i32) : []i32 = map (2 -) (map (+^ 1) (map (`i32.max` 0) xs))
entry compose (xs: []i32) : []i32 = map ((+1) >-> (*2)) xs
entry fields (ps: [](i32, f32)) : []f32 = map (.1) ps
entry strings : []u8 = "ok"
entry ranges (n: i64) : []i64 = 0..<n
