-- Test data in every form of futhark-data's value syntax: strings as rows of u8 (also empty ones),
-- empty(...) values as array elements, trailing commas, explicit '+' signs, '_' between digits,
-- hexadecimal and binary integers, special floats, escapes in strings, and comments and line
-- breaks inside values.
-- ==
-- entry: row_sums
-- input { ["ab", "cd", "ef",] } output { [195u8, 199u8, 203u8] }
-- input { ["", ""] } output { [0u8, 0u8] }
-- input { [empty([0]u8), "", empty([0]u8),] } output { [0u8, 0u8, 0u8] }
-- input { [[1, -- a comment inside a value
--          2], "\t\n"] }
-- output { [3u8, 19u8] }

entry row_sums (rows: [][]u8) : []u8 = map (\r -> reduce (+) 0 r) rows

-- ==
-- entry: ints
-- input { +1_000 0x7f_ffi16 -0b1_0i8 0xffu8 255i8 } output { 1000 32767i16 -2i8 255u8 -1i8 }

entry ints (a: i32) (b: i16) (c: i8) (d: u8) (e: i8) : (i32, i16, i8, u8, i8) = (a, b, c, d, e)

-- ==
-- entry: floats
-- input { [f16.nan, -f16.inf, 2f16, +0.5f16,] 1_0.2_5e-1f32 -f64.inf 1e3 }
-- output { [f16.nan, -f16.inf, 2f16, 0.5f16] 1.025f32 -f64.inf 1000.0 }

entry floats (h: []f16) (x: f32) (y: f64) (z: f64) : ([]f16, f32, f64, f64) = (h, x, y, z)

-- ==
-- entry: escapes
-- input { "a\tb\x41\66\NUL\^A\o101é" } output { [97u8, 9u8, 98u8, 65u8, 66u8, 0u8, 1u8, 65u8, 195u8, 169u8] }

entry escapes (s: []u8) : []u8 = s

-- ==
-- entry: shape3
-- input { [[empty([0]bool)], [empty([0]bool)],] } output { 2i64 1i64 0i64 }
-- input { empty([0x3][0b10][0]bool) } output { 3i64 2i64 0i64 }

entry shape3 [a][b][c] (xs: [a][b][c]bool) : (i64, i64, i64) = (a, b, c)
