# The same numeric kernel from Python (GraalPy).
# Run: scripts/futhark4j python scripts/examples/kernel.py [N]
# array.array('d') is read in one bulk copy through its buffer; the result supports len(),
# indexing, iteration and list().
import array
import math
import polyglot
import sys

standardise = polyglot.eval(language='futhark', string='''
entry standardise (xs: []f64) : []f64 =
  let n = f64.i64 (length xs)
  let mean = f64.sum xs / n
  let sd = f64.sqrt (f64.sum (map (\\x -> (x - mean) * (x - mean)) xs) / n)
  in map (\\x -> (x - mean) / sd) xs
''')

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
xs = array.array('d', (math.sin(i) * 10 + 3 for i in range(n)))

r = standardise(xs)
mean = round(sum(r) / len(r), 6) + 0.0  # no "-0.000000" for a tiny negative rounding error
variance = sum(x * x for x in r) / len(r)
print(f"standardise: {len(r)} values ({r.type}), mean {mean:.6f}, variance {variance:.6f}")
print("first values:", ", ".join(f"{x:.4f}" for x in list(r)[:3]))
