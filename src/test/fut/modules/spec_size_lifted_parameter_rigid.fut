-- A size-lifted abstract type in a parameter of a specified function stands for any size there,
-- so the module's function must accept any.
-- ==
-- error: Module type specifies
module type reader = { type~ t val first : t -> u8 }
module r : reader = { type~ t = []u8 def first (xs: [4]u8) = xs[0] }
