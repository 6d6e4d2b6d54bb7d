-- Property-based tests with candidates generated automatically: arrays of every rank, scalars,
-- tuples and records, with the default size (50) and with size(N). Every property holds for all
-- candidates, so the file passes whatever the seed.
-- ==
-- property: reverse_involution scan_last_is_sum add_mul_commute rotate_keeps_sum

#[prop]
entry reverse_involution (xs: []i32) : bool =
  and (map2 (==) (reverse (reverse xs)) xs)

#[prop]
entry scan_last_is_sum (xs: []i64) : bool =
  let n = length xs
  in n == 0 || (scan (+) 0 xs)[n - 1] == i64.sum xs

#[prop]
entry add_mul_commute (p: (i16, u8, bool)) : bool =
  let (x, y, b) = p
  let y' = i16.u8 y
  in x + y' == y' + x && x * y' == y' * x && (b || !b)

#[prop]
entry rotate_keeps_sum (r: {xs: []u32, k: i64}) : bool =
  u32.sum (rotate (r.k % 1000) r.xs) == u32.sum r.xs

-- A later block may hold more properties; size(N) fixes every dimension of the candidates.

-- ==
-- property: floats_in_range exact_size

#[prop(size(7))]
entry floats_in_range (m: [][]f32) : bool =
  all (all (\x -> x >= -1 && x <= 1)) m

#[prop(size(7))]
entry exact_size (c: {a: [][]u16, b: []f64}) : bool =
  length c.a == 7 && all (\row -> length row == 7) c.a
  && length c.b == 7 && all (\x -> x >= 0 && x <= 1) c.b
