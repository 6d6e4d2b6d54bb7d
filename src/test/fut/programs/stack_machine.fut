-- An interpreter for a small stack machine: instructions as a sum type decoded from codes, a while loop with in-place stack updates and a match, run inside a map over inputs.
-- ==
-- input { [0i32, 5i32, 4i32, 7i32, 5i32, 6i32, 3i32, 5i32, 0i32, 2i32, 8i32, 9i32] [1i32, 0i32, 0i32, 11i32, 0i32, 0i32, 0i32, 0i32, 1i32, 0i32, 2i32, 0i32] [0i32, 1i32, 5i32, 10i32, 12i32, 13i32] }
-- output { [1i32, 1i32, 120i32, 3628800i32, 479001600i32, 1932053504i32] [5i32, 14i32, 50i32, 95i32, 113i32, 122i32] }
type instr = #push i32 | #arith u8 | #dup | #swap | #over | #jz i64 | #jmp i64 | #pop | #nop

def decode (op: i32) (arg: i32) : instr =
  match op
  case 0 -> #push arg
  case 1 -> #arith 0
  case 2 -> #arith 1
  case 3 -> #arith 2
  case 4 -> #dup
  case 5 -> #swap
  case 6 -> #over
  case 7 -> #jz (i64.i32 arg)
  case 8 -> #jmp (i64.i32 arg)
  case 9 -> #pop
  case _ -> #nop

def run [n] (prog: [n]instr) (x: i32) : (i32, i32) =
  let stack = replicate 64 0i32 with [0] = x
  let (stack, sp, _, steps) =
    loop (stack, sp, pc, steps) = (stack, 1i64, 0i64, 0i32) while pc < n && steps < 10000 do
      let pc' = pc + 1
      let steps' = steps + 1
      in match prog[pc]
         case #push c -> (stack with [sp] = c, sp + 1, pc', steps')
         case #arith k ->
           let b = stack[sp - 1]
           let a = stack[sp - 2]
           let r = if k == 0 then a + b else if k == 1 then a - b else a * b
           in (stack with [sp - 2] = r, sp - 1, pc', steps')
         case #dup -> (stack with [sp] = stack[sp - 1], sp + 1, pc', steps')
         case #swap ->
           let a = stack[sp - 2]
           let b = stack[sp - 1]
           let stack[sp - 2] = b
           let stack[sp - 1] = a
           in (stack, sp, pc', steps')
         case #over -> (stack with [sp] = stack[sp - 2], sp + 1, pc', steps')
         case #jz t -> (stack, sp - 1, if stack[sp - 1] == 0 then t else pc', steps')
         case #jmp t -> (stack, sp, t, steps')
         case #pop -> (stack, sp - 1, pc', steps')
         case #nop -> (stack, sp, pc', steps')
  in (if sp > 0 then stack[sp - 1] else 0, steps)

entry main [n][m] (ops: [n]i32) (args: [n]i32) (xs: [m]i32) : ([m]i32, [m]i32) =
  let prog = map2 decode ops args
  in unzip (map (run prog) xs)
