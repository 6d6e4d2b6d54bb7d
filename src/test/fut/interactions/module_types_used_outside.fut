-- Types declared in a plain module and in a parametric module, used outside them (also in an entry signature).
-- ==
-- input { 4i32 2.5f64 } output { 16i32 8i32 6.25f64 }
module m = {
  type t = i32
  type u = (t, t)
  def mk (x: t) : u = (x, x)
}
module stats (N: numeric) = {
  type t = N.t
  type pair = (t, t)
  def sq (x: t) : t = N.(x * x)
  def both (x: t) : pair = (x, sq x)
}
module si = stats i32
module sf = stats f64
entry main (x: si.t) (y: sf.t) : (si.t, m.t, f64) =
  let p : m.u = m.mk x
  let q : si.pair = si.both x
  let r : sf.pair = sf.both y
  in (q.1, p.0 + p.1, r.1)
