#!/bin/sh
# Builds the PNG encoder benchmark with optimisation (swiftc -O, a few files, no package
# release build) and runs it. Arguments go to the benchmark, e.g.
#   Benchmarks/PNGEncoder/run.sh --runs 7 --filters up --compressions zlib:1:rle,libdeflate:1
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/png-bench"
mkdir -p "$out"
cflags=""
for flag in $(pkg-config --cflags pangocairo libdeflate zlib); do cflags="$cflags -Xcc $flag"; done
# shellcheck disable=SC2086
swiftc -O -wmo -module-name PNGBench -o "$out/png-bench" \
  -I "$root/Sources/CCairo" -I "$root/Sources/CPango" -I "$root/Sources/CZlib" \
  -I "$root/Benchmarks/PNGEncoder/CDeflate" $cflags \
  "$root"/Sources/ChatRender/Output/PNG*.swift "$root"/Sources/ChatRender/Output/Deflate*.swift \
  "$root"/Sources/ChatRender/Output/ScanlineDeflater.swift \
  "$root"/Benchmarks/PNGEncoder/*.swift \
  $(pkg-config --libs pangocairo libdeflate zlib)
exec "$out/png-bench" "$@"
