#!/bin/sh
# Builds chatrender_VERSION_ARCH.deb from a staged install (make install DESTDIR=STAGE
# PREFIX=/usr): writes DEBIAN/control, the copyright and changelog Debian asks for, then
# dpkg-deb. Usage: packaging/build-deb.sh STAGE VERSION OUTPUT_FOLDER
set -eu
stage=$1
version=$2
output=$3
arch=$(dpkg --print-architecture)
# The maintainer as dch finds it: DEBFULLNAME and DEBEMAIL, else the git author (git's
# user.name and user.email, else the author of the commit built).
if [ -n "${DEBFULLNAME:-}" ] && [ -n "${DEBEMAIL:-}" ]; then
  maintainer="$DEBFULLNAME <$DEBEMAIL>"
elif name=$(git config user.name 2>/dev/null) && email=$(git config user.email 2>/dev/null) \
    && [ -n "$name" ] && [ -n "$email" ]; then
  maintainer="$name <$email>"
elif author=$(git log -1 --format='%an <%ae>' 2>/dev/null) && [ "$author" != " <>" ] && [ -n "$author" ]; then
  maintainer=$author
else
  echo "build-deb: who maintains the package? Set DEBFULLNAME and DEBEMAIL (as for dch), or git's user.name and user.email" >&2
  exit 1
fi
homepage=""
[ -z "${HOMEPAGE:-}" ] || homepage="Homepage: $HOMEPAGE
"
doc="$stage/usr/share/doc/chatrender"
mkdir -p "$doc" "$stage/DEBIAN"
cp packaging/copyright "$doc/copyright"
# Debian wants a dated changelog (changelog.gz: the package is native); SOURCE_DATE_EPOCH
# keeps the package reproducible.
date=$(date -u -R -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")
printf 'chatrender (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- %s  %s\n' \
  "$version" "$version" "$maintainer" "$date" | gzip -9n > "$doc/changelog.gz"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
# The runtime libraries the binary links, with the versions its symbols need, as Debian's
# own packages compute them (dpkg-shlibdeps reads a debian/control, so it runs in a scratch
# folder).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/debian"
printf 'Source: chatrender\n\nPackage: chatrender\nArchitecture: any\n' > "$scratch/debian/control"
binary=$(cd "$stage" && pwd)/usr/bin/chatrender
depends=$(cd "$scratch" && dpkg-shlibdeps -O -e"$binary" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# Checksums of every installed file, as dpkg records them.
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: chatrender
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji
Section: graphics
Priority: optional
${homepage}Description: turn chat exports into pictures of the conversation
 chatrender reads chat exports (WhatsApp, Telegram, Discord, Slack, ChatGPT,
 SMS backups, IRC logs and more) and draws them as messenger-style bubbles
 in PNG, PDF or SVG, with themes.
CONTROL
mkdir -p "$output"
deb="$output/chatrender_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
