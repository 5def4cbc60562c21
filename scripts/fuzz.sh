#!/bin/sh
# Builds the libFuzzer targets (Fuzz/ compiled with the ChatRender sources, outside the
# SwiftPM build) and runs each for FUZZ_SECONDS.
#
#   scripts/fuzz.sh                run every target
#   scripts/fuzz.sh zip theme      run some
#   scripts/fuzz.sh --list         list the targets
#   FUZZ_PLATEAU=1 scripts/fuzz.sh   run each target in rounds of FUZZ_SECONDS until a round
#                                  adds under 0.5% more edges (at most FUZZ_MAX_ROUNDS, default 20)
#   FUZZ_RUNS=3000 scripts/fuzz.sh   what CI runs: from a fresh corpus of our own seeds, FUZZ_RUNS
#                                  inputs per target with a fixed random seed (FUZZ_SECONDS still
#                                  caps each), so a CI finding happens again on any machine
#
# Corpora grow in .fuzz/corpus/TARGET (seeded from Samples/, the test fixtures and, when
# present, ../shared/formats/samples); crashes, leaks and timeouts land in .fuzz/findings/
# TARGET. Both stay out of git. Exits 1 when any target found something.
set -eu
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
if ! command -v "$SWIFTC" >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
  SWIFTC=/opt/swift/usr/bin/swiftc
fi
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
WORK=.fuzz
BINARY=$WORK/chatrender-fuzz
SHARED_SAMPLES=${SHARED_SAMPLES:-../shared/formats/samples}

build() {
  mkdir -p "$WORK"
  newest=$(find Sources Fuzz \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) -newer "$BINARY" 2>/dev/null | head -1)
  if [ -x "$BINARY" ] && [ -z "$newest" ]; then return; fi
  echo "fuzz: building $BINARY" >&2
  # The picture shims are C: built with the toolchain's clang, instrumented alike, and given
  # the module map SwiftPM would make for them.
  clang=$(dirname "$(command -v "$SWIFTC")")/clang
  modules=$WORK/modules/CPictureShims
  mkdir -p "$modules"
  printf 'module CPictureShims {\n  header "%s/Sources/CPictureShims/include/picture_shims.h"\n  export *\n}\n' \
    "$(pwd)" >"$modules/module.modulemap"
  libraries="pangocairo pangoft2 fontconfig cairo zlib libjpeg libpng16 libwebp libwebpdemux libcmark-gfm sqlite3 libheif opusfile libxml-2.0 nettle harfbuzz-subset lcms2"
  "$clang" -c -O1 -fsanitize=fuzzer-no-link,address -I Sources/CPictureShims/include \
    $(pkg-config --cflags libjpeg libpng16) Sources/CPictureShims/picture_shims.c \
    -o "$WORK/picture_shims.o" 2>"$WORK/build.log" || { cat "$WORK/build.log" >&2; exit 1; }
  # The translations are compiled in by SwiftPM (PackageResources): take its generated source.
  "${SWIFT:-swift}" build --target ChatRender >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
  # This build's own copy: other scratch paths (the PublicAPI test's) may hold an older one.
  resources=$("${SWIFT:-swift}" build --show-bin-path)/ChatRender.build/DerivedSources/embedded_resources.swift
  [ -f "$resources" ] || { echo "fuzz: no embedded_resources.swift from swift build" >&2; exit 1; }
  # shellcheck disable=SC2046
  nice "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -wmo -module-name ChatRender -package-name chatrender \
    $(for module in Sources/C*/module.modulemap; do printf -- '-I %s ' "$(dirname "$module")"; done) \
    -I "$modules" \
    $(pkg-config --cflags-only-I $libraries | sed 's/-I/-Xcc -I/g') \
    $(pkg-config --libs $libraries) -lgif "$WORK/picture_shims.o" \
    $(find Sources/ChatRender Fuzz -name '*.swift' | sort) "$resources" -o "$BINARY" 2>"$WORK/build.log" \
    || { cat "$WORK/build.log" >&2; exit 1; }
}

targets() { CHATRENDER_FUZZ_TARGET=--list "$BINARY" 2>&1 | sed -n 's/.*one of: //p' | tr ' ' '\n'; }

# Seeds: every sample and fixture, whatever its format, and each export folder (Slack,
# ChatGPT) zipped, as the tree formats read trees. Made once per run (named by path), then
# copied into each target's corpus.
SEEDS=$WORK/seeds
make_seeds() {
  rm -rf "$SEEDS"
  mkdir -p "$SEEDS"
  shared=$SHARED_SAMPLES
  [ -z "${FUZZ_RUNS:-}" ] || shared=""
  for source in Samples Tests/ChatRenderTests/Fixtures/formats Tests/ChatRenderTests/Fixtures/audio Sources/ChatRender/Themes $shared; do
    [ -d "$source" ] || continue
    find "$source" -type f -size -1024k | while read -r file; do
      cp "$file" "$SEEDS/seed-$(printf '%s' "$file" | cksum | cut -d' ' -f1)"
    done
    command -v python3 >/dev/null 2>&1 || continue
    find "$source" -mindepth 1 -type d | while read -r folder; do
      python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as archive:
    for root, _, names in os.walk(sys.argv[1]):
        for name in names:
            path = os.path.join(root, name)
            archive.write(path, os.path.relpath(path, sys.argv[1]))' \
        "$folder" "$SEEDS/seed-zip-$(printf '%s' "$folder" | cksum | cut -d' ' -f1)"
    done
  done
}

seed() {
  mkdir -p "$1"
  [ -d "$SEEDS" ] || make_seeds
  cp -f "$SEEDS"/* "$1"/
}

# The last "cov: N" libFuzzer printed in a target's log (0 when none).
coverage() { sed -n 's/.* cov: \([0-9]*\) .*/\1/p' "$WORK/$1.log" | tail -1 | grep . || echo 0; }

# Rounds until one adds under 0.5% more edges (at least 3); one line per target in
# $WORK/plateau.txt.
run_until_plateau() {
  target=$1
  round=0
  before=-1
  total=0
  while [ "$round" -lt "${FUZZ_MAX_ROUNDS:-20}" ]; do
    round=$((round + 1))
    run "$target" || return 1
    after=$(coverage "$target")
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$WORK/$target.log" | tail -1)
    total=$((total + ${runs:-0}))
    growth=$((before / 200))
    [ "$growth" -ge 3 ] || growth=3
    [ "$after" -ge $((before + growth)) ] || break
    before=$after
  done
  printf '%s: %s rounds of %ss, %s runs, coverage %s edges, corpus %s files, 0 findings\n' \
    "$target" "$round" "$FUZZ_SECONDS" "$total" "$after" "$(ls "$WORK/corpus/$target" | wc -l)" \
    | tee -a "$WORK/plateau.txt" >&2
}

run() {
  target=$1
  corpus=$WORK/corpus/$target
  findings=$WORK/findings/$target
  repeatable=""
  if [ -n "${FUZZ_RUNS:-}" ]; then
    # A fixed seed over a fresh corpus of our own files: the same inputs on every machine.
    corpus=$WORK/repeatable-corpus/$target
    rm -rf "$corpus"
    repeatable="-runs=$FUZZ_RUNS -seed=1"
  fi
  mkdir -p "$findings"
  seed "$corpus"
  echo "fuzz: $target for ${FUZZ_RUNS:+$FUZZ_RUNS runs, at most }${FUZZ_SECONDS}s" >&2
  status=0
  # shellcheck disable=SC2086
  CHATRENDER_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:symbolize=1 "$BINARY" "$corpus" \
    -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=3072 -max_len=262144 $repeatable \
    -artifact_prefix="$findings/" -print_final_stats=1 \
    >"$WORK/$target.log" 2>&1 </dev/null || status=$?
  grep -E '^#[0-9]+ +DONE|stat::number_of_executed_units|cov:' "$WORK/$target.log" | tail -1 >&2 || true
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $target FOUND A PROBLEM (see $WORK/$target.log and $findings/)" >&2
    grep -m3 -E 'ERROR|Fatal error|==ERROR|SUMMARY' "$WORK/$target.log" >&2 || true
    return 1
  fi
}

build
if [ "${1:-}" = "--list" ]; then targets; exit 0; fi
rm -rf "$SEEDS"
[ $# -gt 0 ] || set -- $(targets)
failed=""
runner=run
[ -z "${FUZZ_PLATEAU:-}" ] || runner=run_until_plateau
for target in "$@"; do "$runner" "$target" || failed="$failed $target"; done
[ -z "$failed" ] && exit 0
# Again at the end, where a CI log's tail shows it.
for target in $failed; do
  echo "fuzz: $target FOUND A PROBLEM:" >&2
  grep -m5 -E 'ERROR|Fatal error|SUMMARY|Test unit written|Base64' "$WORK/$target.log" >&2 || true
done
exit 1
