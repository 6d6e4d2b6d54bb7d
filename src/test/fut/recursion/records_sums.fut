-- Records, tuples and sums as parameters and results of recursive functions: they are several
-- values (a sum is a tag and every constructor's payload) passed to and returned from each call.
-- ==
-- input { 48i64 18i64 [3i64, -4i64, 5i64, 0i64] 5i64 }
-- output { 6i64 -1i64 3i64 4i64 true 2i64 5i64 }
-- input { 7i64 0i64 empty([0]i64) 1i64 }
-- output { 7i64 1i64 0i64 2i64 true -1i64 0i64 }
-- input { 1i64 1i64 [9i64] 101i64 }
-- output { 1i64 0i64 1i64 0i64 false 0i64 9i64 }

type point = {x: i64, y: i64}

-- The extended Euclidean algorithm on a record: gcd with its Bezout coefficients.
def egcd (p: point) : {g: i64, s: i64, t: i64} =
  if p.y == 0 then {g = p.x, s = 1, t = 0}
  else let r = egcd {x = p.y, y = p.x % p.y}
       in {g = r.g, s = r.t, t = r.s - (p.x / p.y) * r.t}

type found = #missing | #at i64 i64

-- The first index whose element is 5 or more, with the element: a sum as the result.
def find (i: i64) (xs: []i64) : found =
  if i >= length xs then #missing
  else if xs[i] >= 5 then #at i xs[i]
  else find (i + 1) xs

-- A sum as a parameter: counts the steps of a small state machine.
type state = #go i64 | #stop

def run (s: state, steps: i64) : (i64, bool) =
  match s
  case #stop -> (steps, true)
  case #go n -> if n > 100 then (steps, false) else run (if n <= 0 then #stop else #go (n - 2), steps + 1)

entry main (a: i64) (b: i64) (xs: []i64) (k: i64) : (i64, i64, i64, i64, bool, i64, i64) =
  let r = egcd {x = a, y = b}
  let (steps, stopped) = run (#go k, 0)
  let (fi, fv) = match find 0 xs
                 case #missing -> (-1, 0)
                 case #at i v -> (i, v)
  in (r.g, r.s, r.t, steps, stopped, fi, fv)
