#!/bin/sh
# Builds chatrender-VERSION-linux-ARCH.tar.gz from a staged install (make install
# DESTDIR=STAGE PREFIX=): adds install.sh and the list of runtime libraries with the Debian
# packages that hold them, then a reproducible tarball.
# Usage: packaging/build-dist.sh STAGE VERSION OUTPUT_FOLDER
set -eu
stage=$1
version=$2
output=$3
name=chatrender-$version-linux-$(uname -m)
install -m755 packaging/install.sh "$stage/install.sh"
install -m644 LICENSE "$stage/LICENSE"
# 'soname package' for every shared library the binary links, so install.sh can name them.
ldd "$stage/bin/chatrender" | sed -n 's/^[[:space:]]*\([^[:space:]]*\) => \([^[:space:]]*\).*/\1 \2/p' |
  while read -r soname path; do
    package=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n 1 | cut -d: -f1)
    [ -n "$package" ] || package=$(dpkg -S "$path" 2>/dev/null | head -n 1 | cut -d: -f1)
    [ -n "$package" ] && echo "$soname $package"
  done | sort -u > "$stage/runtime-packages.txt"
[ -s "$stage/runtime-packages.txt" ] || { echo "build-dist: found no runtime packages" >&2; exit 1; }
if grep -E 'libswift|libFoundation|libdispatch' "$stage/runtime-packages.txt"; then
  echo "build-dist: the binary needs the Swift toolchain's libraries" >&2
  exit 1
fi
mkdir -p "$output"
parent=$(dirname "$stage")
rm -rf "${parent:?}/$name"
mv "$stage" "$parent/$name"
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner -C "$parent" -czf "$output/$name.tar.gz" "$name"
echo "$output/$name.tar.gz"
