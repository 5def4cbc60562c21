#!/bin/sh
# Prints how many public declarations and types the library has outside @_spi(Pages), from
# the symbol graph of the debug build (`make public-api` builds it first).
set -eu
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
maps=""
for map in Sources/C*/module.modulemap .build/debug/CPictureShims.build/module.modulemap; do
  maps="$maps -Xcc -fmodule-map-file=$map"
done
includes=""
for flag in $(pkg-config --cflags-only-I pangocairo zlib libjpeg libpng16 libwebp libcmark-gfm opusfile libxml-2.0); do
  includes="$includes -Xcc $flag"
done
# shellcheck disable=SC2086
swift symbolgraph-extract -module-name ChatRender -target "$(uname -m)-unknown-linux-gnu" \
  -I .build/debug/Modules $maps $includes -minimum-access-level public -skip-synthesized-members \
  -output-dir "$graphs" >/dev/null
python3 - "$graphs" <<'PY'
import glob, json, sys
symbols = [s for f in glob.glob(sys.argv[1] + "/*.json") for s in json.load(open(f))["symbols"]]
kinds = ("swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias")
types = sorted(".".join(s["pathComponents"]) for s in symbols if s["kind"]["identifier"] in kinds)
print(f"public declarations: {len(symbols)}, public types: {len(types)}")
print("types: " + " ".join(types))
PY
