-- Sizes naming a let-bound array become unknown outside the let, the same unknown wherever the
-- expression occurs, also inside other sizes: ([c[0]]t, [n - c[0]]t) is ([d]t, [n - d]t) outside,
-- so it matches ?[k].([k]t, [n - k]t).
def split_at_count [n] 't (xs: [n]t) (k: i64) : ?[m].([m]t, [n - m]t) =
  let c = [i64.min k n]
  in (xs[0:c[0]], xs[c[0]:n])

entry main (xs: []i32) (k: i64) : ([]i32, []i32) = split_at_count xs k
-- ==
-- input { [1, 2, 3, 4] 1i64 } output { [1] [2, 3, 4] }
-- input { [1, 2, 3, 4] 9i64 } output { [1, 2, 3, 4] empty([0]i32) }
