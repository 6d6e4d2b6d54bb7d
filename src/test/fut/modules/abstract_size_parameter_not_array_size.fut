-- A type made abstract must use its size parameters as array sizes.
-- ==
-- error: cannot be made abstract because size parameter
module type padded = { type buf [n] }
module p : padded = { type buf [n] = [n + 8]u8 }
