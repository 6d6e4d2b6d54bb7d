-- A pipe's function parameter does not consume: a consuming function may not
-- be applied with |>.
-- ==
-- error: Cannot apply "\|>".*incompatible regarding consuming their arguments
def reset (xs: *[]i32) : *[]i32 = xs with [0] = 0
entry main (xs: *[]i32) : []i32 = xs |> reset
