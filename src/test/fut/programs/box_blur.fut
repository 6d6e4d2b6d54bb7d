-- A 3x3 box blur on a u8 image with clamped borders, summing in u32.
-- ==
-- input { [[0u8, 91u8, 182u8, 17u8, 108u8, 199u8], [37u8, 135u8, 233u8, 75u8, 173u8, 15u8], [74u8, 179u8, 28u8, 133u8, 238u8, 87u8], [111u8, 223u8, 79u8, 191u8, 47u8, 159u8], [148u8, 11u8, 130u8, 249u8, 112u8, 231u8]] }
-- output { [[43u8, 105u8, 113u8, 121u8, 101u8, 135u8], [69u8, 106u8, 119u8, 131u8, 116u8, 124u8], [109u8, 122u8, 141u8, 133u8, 124u8, 108u8], [119u8, 109u8, 135u8, 134u8, 160u8, 150u8], [117u8, 110u8, 141u8, 144u8, 175u8, 168u8]] }
entry main [h][w] (img: [h][w]u8) : [h][w]u8 =
  tabulate_2d h w (\i j ->
    let s = loop s = 0u32 for di < 3 do
              loop s for dj < 3 do
                let y = i64.max 0 (i64.min (h - 1) (i + di - 1))
                let x = i64.max 0 (i64.min (w - 1) (j + dj - 1))
                in s + u32.u8 img[y, x]
    in u8.u32 (s / 9))
