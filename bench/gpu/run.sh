#!/usr/bin/env bash
# The GPU check, run as is on the GPU machine (no JDK, no network) after bench/gpu/prepare.sh has
# filled bench/gpu/out/ on ours: probes the machine (nvidia-smi, the OpenCL ICD loader and vendor
# files, NVRTC), builds every library with gcc, and times each program's entry point with the
# driver on the opencl library (the device) and on the multicore library (the CPU's cores), the
# device's results checked against the CPU's. Prints one line per run; under 5 minutes.
# SCALE=k divides the problem sizes by 2^k (SCALE=4 for a CPU-only dry run with POCL).
set -uo pipefail
cd "$(dirname "$0")/out"
scale=${SCALE:-0}
echo "== probe"
date -u
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv 2>&1 | head -3 || true
nproc
ls /etc/OpenCL/vendors 2>&1 | head
ldconfig -p 2>/dev/null | grep -Ei 'libOpenCL|nvidia-opencl|nvrtc|libcuda\.so' | head
# NVIDIA's driver has an OpenCL library; where the image lacks the ICD file or the loader, use our
# own loader (prepare.sh copied it) and a vendor file of our own.
if ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 || ! ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so\.1'; then
  nv=$(ldconfig -p 2>/dev/null | grep -o '/[^ ]*libnvidia-opencl\.so\.1' | head -1)
  if [ -n "$nv" ]; then
    mkdir -p vendors && echo "$nv" > vendors/nvidia.icd && export OCL_ICD_VENDORS="$PWD/vendors"
    echo "using our vendor file for $nv"
  fi
  if ! ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so\.1' && [ -e libOpenCL.so.1 ]; then
    export FUTHARK4J_OPENCL_LIBRARY="$PWD/libOpenCL.so.1"
    echo "using our ICD loader $FUTHARK4J_OPENCL_LIBRARY"
  fi
fi
echo "== build"
cc -O2 -o driver driver.c -ldl -lm || exit 1
for c in *_opencl.c *_multicore.c; do
  gcc -O3 -march=native -fno-math-errno -fPIC -shared -Wl,-Bsymbolic -fopenmp "$c" -o "${c%.c}.so" -lm -lpthread -ldl \
    || { echo "gcc failed on $c"; exit 1; }
done
echo "== runs (opencl: the device, checked against multicore; multicore: all cores)"
run() { # NAME LOG2N RUNS OUT IN...
  local name=$1 n=$((1 << ($2 - scale))) runs=$3
  shift 3
  printf '%-13s opencl    ' "$name"
  timeout 120 ./driver "./${name}_opencl.so" main "$n" "$runs" "$@" -- "./${name}_multicore.so" || echo "failed ($?)"
  printf '%-13s multicore ' "$name"
  timeout 120 ./driver "./${name}_multicore.so" main "$n" "$runs" "$@" || echo "failed ($?)"
}
run saxpy 24 10 f32 f32 f32
run dot 24 10 f64 f64 f64
run sum 24 10 f64 f64
run scan 24 10 i64 i64
run histogram 24 10 i32 i32
run blackscholes 22 10 f64 f64 f64 f64
run escape 20 5 i32 f32 f32
run mandelbrot 22 3 i32 f32
run matmul 22 3 f32 f32 f32
# Sums of 2^16 terms that cancel, added in another order than the CPU's: compared within 2e-3.
CHECK_TOL=2e-3 run nbody 16 3 f32 f32 f32 f32
run pairs 16 3 f32 f32 f32
echo "== done"
date -u
