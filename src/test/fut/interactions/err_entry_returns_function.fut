-- An entry point may not return a function, even one built by partial application.
-- ==
-- error: [Hh]igher-order
def add (x: i32) (y: i32) = x + y
entry main (x: i32) : i32 -> i32 = add x
