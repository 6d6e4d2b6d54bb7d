-- Histogram equalisation of a u8 image: hist over the flattened image, a scan for the CDF, a lookup table applied with nested maps.
-- ==
-- input { [[100u8, 107u8, 114u8, 121u8, 128u8, 135u8, 102u8], [113u8, 120u8, 127u8, 134u8, 101u8, 108u8, 115u8], [126u8, 133u8, 100u8, 107u8, 114u8, 121u8, 128u8], [139u8, 106u8, 113u8, 120u8, 127u8, 134u8, 101u8], [112u8, 119u8, 126u8, 133u8, 100u8, 107u8, 114u8], [125u8, 132u8, 139u8, 106u8, 113u8, 120u8, 127u8]] }
-- output { [[0u8, 52u8, 104u8, 150u8, 202u8, 241u8, 19u8], [85u8, 137u8, 189u8, 235u8, 13u8, 58u8, 111u8], [170u8, 222u8, 0u8, 52u8, 104u8, 150u8, 202u8], [255u8, 32u8, 85u8, 137u8, 189u8, 235u8, 13u8], [65u8, 117u8, 170u8, 222u8, 0u8, 52u8, 104u8], [156u8, 209u8, 255u8, 32u8, 85u8, 137u8, 189u8]] }
entry main [h][w] (img: [h][w]u8) : [h][w]u8 =
  let flat = flatten img
  let hst = hist (+) 0 256 (map i64.u8 flat) (map (const 1i64) flat)
  let cdf = scan (+) 0 hst
  let cmin = reduce i64.min i64.highest (map (\c -> if c == 0 then i64.highest else c) cdf)
  let total = h * w
  let lut = map (\c -> if total == cmin then 0u8 else u8.i64 ((c - cmin) * 255 / (total - cmin))) cdf
  in map (map (\p -> lut[i64.u8 p])) img
