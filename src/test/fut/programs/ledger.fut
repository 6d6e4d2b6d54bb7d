-- A bank ledger: 100000 generated transactions as a sum type (#deposit | #withdraw | #transfer) applied in order by a loop with a match and in-place balance updates; rejected transactions counted.
-- ==
-- input { 100000i64 50i64 }
-- output { [6944i64, 319i64, 303i64, 267i64, 28456i64, 579i64, 5812i64, 10979i64, 4522i64, 21979i64, 228i64, 349i64, 4304i64, 9508i64, 79i64, 70i64, 379i64, 242i64, 2904i64, 230i64, 13904i64, 19229i64, 24304i64, 465i64, 259i64, 7229i64, 12472i64, 17629i64, 323i64, 309i64, 384i64, 5829i64, 393i64, 345i64, 111i64, 83i64, 414i64, 3992i64, 9388i64, 14792i64, 20432i64, 342i64, 117i64, 2592i64, 8320i64, 13767i64, 264i64, 191i64, 118i64, 1655i64] 1894i64 }
-- input { 0i64 2i64 }
-- output { [1000i64, 1000i64] 0i64 }
type tx = #deposit i64 i64 | #withdraw i64 i64 | #transfer i64 i64 i64

def gen (na: i64) (i: i64) : tx =
  let a = (i * 17) % na
  let b = (i * 29 + 3) % na
  let amt = (i * 13) % 200 + 1
  in if i % 3 == 0 then #deposit a amt
     else if i % 3 == 1 then #withdraw a amt
     else #transfer a b amt

entry main (nt: i64) (na: i64) : ([na]i64, i64) =
  let txs = map (gen na) (iota nt)
  in loop (bal, rejected) = (replicate na 1000i64, 0i64) for t in txs do
       match t
       case #deposit a amt -> (bal with [a] = bal[a] + amt, rejected)
       case #withdraw a amt ->
         if bal[a] >= amt then (bal with [a] = bal[a] - amt, rejected) else (bal, rejected + 1)
       case #transfer a b amt ->
         if a != b && bal[a] >= amt
         then let bal[a] = bal[a] - amt
              let bal[b] = bal[b] + amt
              in (bal, rejected)
         else (bal, rejected + 1)
