-- The empty tuple () is a value and a type.
-- ==
-- input { 1i32 }
-- output { 43i32 }
def f () : i32 = 42
def g (x: i32) : () = ()
entry main (x: i32) : i32 = let () = g x in f () + x
