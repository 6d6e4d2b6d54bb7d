-- A tokenizer over u8 with a sum-type state (#idle | #number i64 | #word i32) carried through a for-in loop, matched at every byte.
-- ==
-- input { [97u8, 98u8, 99u8, 32u8, 49u8, 50u8, 32u8, 100u8, 101u8, 51u8, 102u8, 32u8, 32u8, 52u8, 53u8, 54u8, 55u8, 56u8, 44u8, 120u8, 57u8, 32u8, 108u8, 111u8, 110u8, 103u8, 101u8, 115u8, 116u8, 119u8, 111u8, 114u8, 100u8, 32u8, 48u8, 32u8, 55u8] }
-- output { 45709i64 6i32 5i32 11i32 }
type state = #idle | #number i64 | #word i32
type acc = {sum: i64, nums: i32, words: i32, longest: i32}

def flush (a: acc) (s: state) : acc =
  match s
  case #idle -> a
  case #number v -> a with sum = a.sum + v with nums = a.nums + 1
  case #word l -> a with words = a.words + 1 with longest = i32.max a.longest l

def is_digit (c: u8) = c >= '0' && c <= '9'
def is_alpha (c: u8) = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')

entry main [n] (s: [n]u8) : (i64, i32, i32, i32) =
  let (a, st) =
    loop (a, st) = ({sum = 0, nums = 0, words = 0, longest = 0}, #idle : state) for c in s do
      if is_digit c then
        match st
        case #number v -> (a, #number (v * 10 + i64.u8 (c - '0')))
        case _ -> (flush a st, #number (i64.u8 (c - '0')))
      else if is_alpha c then
        match st
        case #word l -> (a, #word (l + 1))
        case _ -> (flush a st, #word 1)
      else (flush a st, #idle)
  let a = flush a st
  in (a.sum, a.nums, a.words, a.longest)
