-- Documentation comments document declarations: inside an expression one is an error.
-- ==
-- error: Documentation comments \('-- \|'\) are only permitted when preceding declarations
def f (x: i32) =
  -- | Adds one.
  x + 1
