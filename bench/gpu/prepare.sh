#!/usr/bin/env bash
# Prepares the GPU check on a machine with a JDK (ours): the C libraries of every program of
# bench/gpu/programs, as the built-in compiler's opencl backend and its multicore backend generate
# them (C only: the GPU machine compiles them with its own gcc), the driver's source, and the OpenCL
# ICD loader of this machine (libOpenCL.so.1, for a GPU machine whose image lacks one), all in
# bench/gpu/out/. Then bench/gpu/run.sh runs there as is (see docs/performance.md, "On a GPU").
set -euo pipefail
cd "$(dirname "$0")/../.."
out=bench/gpu/out
rm -rf "$out"
mkdir -p "$out"
for p in bench/gpu/programs/*.fut; do
  name=$(basename "$p" .fut)
  scripts/futhark4j opencl --library -o "$out/${name}_opencl" "$p"
  scripts/futhark4j multicore --library -o "$out/${name}_multicore" "$p"
done
cp bench/gpu/driver.c "$out/"
for lib in /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 /usr/lib64/libOpenCL.so.1; do
  if [ -e "$lib" ]; then cp -L "$lib" "$out/libOpenCL.so.1"; break; fi
done
ls "$out"
