-- A fully lifted type parameter ('^a) lets a polymorphic function accept functions.
-- ==
-- input { 2i32 }
-- output { 5i32 }
def pass '^a (x: a) : a = x
entry main (x: i32) : i32 = (pass (+ 1)) x + pass x
