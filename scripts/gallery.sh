#!/bin/sh
# Renders Samples/world.chat in every built-in theme into docs/gallery/<theme>.png.
#
# Usage: scripts/gallery.sh [CHATRENDER]   (default: .build/release/chatrender)
# The theme names come from `chatrender themes`, so a new built-in theme needs no edit here.
set -eu

# A path given is relative to where the script was started; the default, to the repository.
binary=${1:-}
case $binary in
  "" | /*) ;;
  */*) binary=$(pwd)/$binary ;;
esac
cd "$(dirname "$0")/.."
binary=${binary:-$(pwd)/.build/release/chatrender}
if ! command -v "$binary" >/dev/null 2>&1; then
  echo "gallery.sh: no chatrender at '$binary'; build it first (swift build -c release)" >&2
  exit 2
fi

mkdir -p docs/gallery
names=$("$binary" themes)
if [ -z "$names" ]; then
  echo "gallery.sh: '$binary themes' listed no themes" >&2
  exit 1
fi
for name in $names; do
  # Times in the sample carry no zone; TZ keeps the picture the same on every machine anyway.
  TZ=UTC "$binary" render Samples/world.chat --theme "$name" -o "docs/gallery/$name.png"
done
echo "gallery.sh: rendered $(echo "$names" | wc -w) themes into docs/gallery/" >&2
