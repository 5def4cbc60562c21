#!/bin/sh
# Installs chatrender from this unpacked release: the binary (Swift's runtime linked in, so
# no toolchain is needed), the man page, shell completions and themes, under PREFIX.
# Usage: ./install.sh [PREFIX]   (default /usr/local as root, else ~/.local)
# Then names the Debian/Ubuntu packages of any runtime library this machine lacks.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -gt 0 ]; then
  prefix=$1
elif [ "$(id -u)" -eq 0 ]; then
  prefix=/usr/local
else
  prefix=$HOME/.local
fi
install -Dm755 "$here/bin/chatrender" "$prefix/bin/chatrender"
(cd "$here/share" && find . -type f) | while read -r file; do
  install -Dm644 "$here/share/$file" "$prefix/share/$file"
done
echo "chatrender: installed in $prefix/bin/chatrender"

# Each library the binary needs that the loader cannot find, and the package that has it
# (runtime-packages.txt: 'soname package', written when the release was built).
missing=$(ldd "$prefix/bin/chatrender" 2>/dev/null | sed -n 's/^[[:space:]]*\([^[:space:]]*\) => not found.*/\1/p')
if [ -n "$missing" ]; then
  packages=""
  for library in $missing; do
    package=$(sed -n "s/^$library \(.*\)/\1/p" "$here/runtime-packages.txt" | head -n 1)
    packages="$packages ${package:-?$library}"
  done
  echo "chatrender: these libraries are missing: $(echo $missing)" >&2
  echo "chatrender: install them with: sudo apt-get install$packages" >&2
  exit 1
fi
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "chatrender: add $prefix/bin to your PATH" ;;
esac
echo "chatrender: try it: chatrender YOUR-EXPORT.zip -o chat.pdf"
