-- Comments may contain any Unicode characters; strings encode them as UTF-8.
-- ==
-- input { 0i64 }
-- output { 5i64 [195u8, 169u8] }
def k : i64 = 0

-- Ünïcödé ∀x. λ → ☃
entry main (n: i64) : (i64, []u8) = (length "λ→" + n + k, "é") -- ∑
