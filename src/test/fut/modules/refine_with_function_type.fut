-- A refinement is not checked against the abstract type's liftedness (the reference's refineEnv):
-- refining a non-lifted type with a function type gives a module type that a module with a lifted
-- definition matches.
-- ==
-- input { 4i32 } output { 9i32 }
module type has_op = { type op val apply : op -> i32 -> i32 val make : i32 -> op }
module type int_op = has_op with op = i32 -> i32
module adder : int_op = {
  type^ op = i32 -> i32
  def apply (f: op) (x: i32) = f x
  def make (k: i32) : op = \x -> x + k
}
entry main (x: i32) = adder.apply (adder.make 5) x
