-- A polymorphic function over records with two type parameters, used at two instantiations.
-- ==
-- input { 3i32 2.5f64 } output { 2.5f64 3i32 true 3i32 }
def swap 'a 'b (r: {fst: a, snd: b}) : {fst: b, snd: a} = {fst = r.snd, snd = r.fst}
entry main (x: i32) (y: f64) : (f64, i32, bool, i32) =
  let r = swap {fst = x, snd = y}
  let q = swap {fst = x, snd = true}
  in (r.fst, r.snd, q.fst, q.snd)
