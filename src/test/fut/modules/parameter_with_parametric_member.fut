-- A parametric module whose parameter's module type has a parametric module member applies that
-- member in its body (known only by its module type there).
-- ==
-- input { 5i32 } output { 15i32 }
module type step = { val step : i32 -> i32 }
module type stepper = { module Twice: step -> step }
module twice_impl : stepper = {
  module Twice (S: step) : step = { def step (x: i32) = S.step (S.step x) }
}
module inc : step = { def step (x: i32) = x + 1 }
module use (T: stepper) = {
  module four = T.Twice (T.Twice inc)
  def run (x: i32) = four.step x + four.step 2
}
module u = use twice_impl
entry main (x: i32) = u.run x
