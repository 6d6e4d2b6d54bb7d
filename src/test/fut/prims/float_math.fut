-- Float functions from the numeric modules.
-- ==
-- input { 2.0 }
-- output { 1.4142135623730951 7.38905609893065 0.6931471805599453 0.9092974268256817 2.0 3.0 -2.0 }
entry main (x: f64) : (f64, f64, f64, f64, f64, f64, f64) =
  (f64.sqrt x, f64.exp x, f64.log x, f64.sin x, f64.floor 2.5, f64.ceil 2.5, f64.round (-2.5))
