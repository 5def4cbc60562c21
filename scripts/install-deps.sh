#!/bin/sh
# Installs the Debian packages given as arguments that are missing; explains what to do
# where it cannot (not Debian, not root and no sudo).
set -eu
missing=""
for package in "$@"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  case "$status" in
    *"install ok installed"*) ;;
    *) missing="$missing $package" ;;
  esac
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "chatrender: these Debian packages are missing:$missing" >&2
  echo "chatrender: this is not a Debian system: install the equivalent packages (cairo, pango, libpng, Noto and DejaVu fonts, poppler-utils) and run again" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "chatrender: these Debian packages are missing:$missing" >&2
  echo "chatrender: run as root, or: sudo apt-get install$missing" >&2
  exit 1
fi
echo "chatrender: installing$missing" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
