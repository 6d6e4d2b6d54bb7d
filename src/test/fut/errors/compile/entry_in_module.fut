-- Entry points may not be declared inside modules.
-- ==
-- error: [Ee]ntry points may not be declared inside modules
module m = {
  entry f (x: i32) : i32 = x
}
entry main (x: i32) : i32 = m.f x
