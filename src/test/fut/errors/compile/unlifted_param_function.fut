-- A non-lifted type parameter cannot be instantiated with a function.
-- ==
-- error: [Ff]unctional|[Ff]unction type|lifted|[Hh]igher-order
def pick 't (b: bool) (x: t) (y: t) : t = if b then x else y
entry main (b: bool) (x: i32) : i32 = (pick b (+ 1) (* 2)) x
