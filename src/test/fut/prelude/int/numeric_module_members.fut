-- Members of the numeric modules that today's prelude has: not, >>> (also as an operator section),
-- recip. (sign/unsign, to_i32, pow and sqrt of integers exist in the reference's implementation of
-- the modules but not in their module types, so programs cannot name them.)
-- ==
-- input { 5i64 -8i32 3u8 2.0f32 }
-- output { -6i64 2147483644u32 252u8 0.5f32 -1i32 }
entry main (x: i64) (y: i32) (z: u8) (f: f32) =
  (i64.not x, u32.i32 y u32.>>> 1, u8.not z, f32.recip f, i32.u8 255 |> i8.i32 |> i32.i8)

-- ==
-- entry: generic
-- input { [1u8, 128u8] } output { [254u8, 127u8] [0i32, 0i32] }
module bits (I: integral) = {
  def flip (xs: []I.t) : []I.t = map I.not xs
  def top (xs: []I.t) : []i32 = map (\x -> I.get_bit (I.num_bits - 1) (x I.>>> I.i32 8)) xs
}
module b8 = bits u8
entry generic (xs: []u8) : ([]u8, []i32) = (b8.flip xs, b8.top xs)
