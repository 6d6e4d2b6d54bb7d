-- A unique record type abbreviation makes every array in it unique, also
-- in nested records, so all the names of a pattern matching it may be consumed.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [7i32, 2i32, 3i32] [8i32, 0i32] }
type pair = {lo: [2]i32}
type~ state = {data: []i32, extra: pair}
def poke ({data, extra}: *state) : *state =
  let data[0] = 7
  let extra.lo[0] = 8
  in {data, extra}
entry main (xs: *[]i32) : ([]i32, [2]i32) =
  let s = poke {data = xs, extra = {lo = [0, 0]}}
  in (s.data, s.extra.lo)
