-- LSD radix sort of u32, one bit per pass: a stable split with two scans and a scatter.
-- ==
-- entry: main
-- input { [170u32, 45u32, 75u32, 90u32, 802u32, 24u32, 2u32, 66u32, 4294967295u32, 0u32, 2147483648u32, 7u32] }
-- output { [0u32, 2u32, 7u32, 24u32, 45u32, 66u32, 75u32, 90u32, 170u32, 802u32, 2147483648u32, 4294967295u32] }
-- input { empty([0]u32) }
-- output { empty([0]u32) }

-- ==
-- entry: big
-- input { 20000i64 }
-- output { true 0u32 2147184279u32 4294706394u32 }
def radix_pass [n] (b: i32) (xs: [n]u32) : [n]u32 =
  let bits = map (\x -> i64.u32 ((x >> u32.i32 b) & 1)) xs
  let zeros = map (\x -> 1 - x) bits
  let nz = i64.sum zeros
  let pos0 = scan (+) 0 zeros
  let pos1 = scan (+) 0 bits
  let idx = map3 (\b p0 p1 -> if b == 0 then p0 - 1 else nz + p1 - 1) bits pos0 pos1
  in scatter (copy xs) idx xs

def radix_sort [n] (xs: [n]u32) : [n]u32 =
  loop xs for b < 32 do radix_pass b xs

entry main [n] (xs: [n]u32) : [n]u32 = radix_sort xs

entry big (n: i64) : (bool, u32, u32, u32) =
  let xs = map (\i -> (u32.i64 i * 2654435761u32) ^ (u32.i64 i >> 3)) (iota n)
  let s = radix_sort xs
  let ok = and (map (\i -> s[i] <= s[i + 1]) (iota (n - 1)))
  in (ok, s[0], s[n / 2], s[n - 1])
