-- A parametric type abbreviation for a record, instantiated at two types.
-- ==
-- input { 1i32 1.5f32 }
-- output { 2i32 3.0f32 }
type pair 't = {fst: t, snd: t}
def swap 't (p: pair t) : pair t = {fst = p.snd, snd = p.fst}
entry main (a: i32) (b: f32) : (i32, f32) =
  let p = swap {fst = a, snd = a + 1}
  let q = swap {fst = b, snd = b * 2}
  in (p.fst, q.fst)
