// Errors from Futhark are JavaScript exceptions: compile errors (with their location), bad
// arguments (naming the entry point and parameter), and run-time errors (Futhark's message).
// Run: scripts/futhark4j js scripts/examples/errors.js
function attempt(what, f) {
  try {
    f();
    console.log(`${what}: no error?`);
  } catch (e) {
    console.log(`${what}: caught: ${String(e.message).split('\n')[0]}`);
  }
}

const at = Polyglot.eval('futhark', 'entry at (xs: []i32) (i: i64) : i32 = xs[i]');

attempt('syntax error', () => Polyglot.eval('futhark', 'entry broken (x: i32) : i32 = (x +'));
attempt('wrong argument type', () => at('not an array', 0));
attempt('wrong element type', () => at(new Float64Array(3), 0));
attempt('index out of bounds', () => at(new Int32Array([1, 2, 3]), 3));
console.log(`in bounds: at([1, 2, 3], 1) = ${at(new Int32Array([1, 2, 3]), 1)}`);
