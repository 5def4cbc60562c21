#!/bin/sh
# Renders Samples/world.chat in every built-in theme into docs/gallery/<theme>.png, and each
# family's sample in its own look, light and dark, into docs/gallery/families/<family>[-dark].png.
# The pictures are also the references `make golden` compares with (scripts/golden.py), so
# they are drawn with the tests' pinned fonts, locale and zone, the same on every machine.
#
# Usage: scripts/gallery.sh [CHATRENDER [FOLDER]]
#   (defaults: .build/release/chatrender, docs/gallery)
# The theme names come from `chatrender themes`, so a new built-in theme needs no edit here.
set -eu

# A path given is relative to where the script was started; the default, to the repository.
binary=${1:-}
case $binary in
  "" | /*) ;;
  */*) binary=$(pwd)/$binary ;;
esac
folder=${2:-}
case $folder in
  "" | /*) ;;
  *) folder=$(pwd)/$folder ;;
esac
cd "$(dirname "$0")/.."
folder=${folder:-docs/gallery}
FONTCONFIG_FILE=$(pwd)/Tests/ChatRenderTests/Fixtures/fonts/fonts.conf
LC_ALL=C.UTF-8
# Times in the samples carry no zone; TZ keeps the pictures the same on every machine anyway.
TZ=UTC
export FONTCONFIG_FILE LC_ALL TZ
binary=${binary:-$(pwd)/.build/release/chatrender}
if ! command -v "$binary" >/dev/null 2>&1; then
  echo "gallery.sh: no chatrender at '$binary'; build it first (swift build -c release)" >&2
  exit 2
fi

mkdir -p "$folder"
names=$("$binary" themes)
if [ -z "$names" ]; then
  echo "gallery.sh: '$binary themes' listed no themes" >&2
  exit 1
fi
for name in $names; do
  "$binary" render Samples/world.chat --theme "$name" -o "$folder/$name.png" -q
done
echo "gallery.sh: rendered $(echo "$names" | wc -w) themes into $folder/" >&2

# One family a line: its name, its sample, the flags that choose the chat (no --theme: the
# look follows the export; instagram has no export format of its own yet, so it borrows
# Messenger's sample and names its theme). A +
# in a sample's path stands for a space. A family without a dark theme gets no dark picture.
mkdir -p "$folder/families"
count=0
while read -r family sample flags; do
  sample=$(printf '%s' "$sample" | tr '+' ' ')
  tones="light"
  if echo "$names" | grep -qx "$family-dark"; then tones="light dark"; fi
  for tone in $tones; do
    suffix=""
    dark=""
    if [ "$tone" = dark ]; then suffix="-dark" dark="--dark"; fi
    # shellcheck disable=SC2086 # $flags and $dark are words to split
    "$binary" render "Samples/$sample" $flags $dark --last 9 -o "$folder/families/$family$suffix.png" -q
  done
  count=$((count + 1))
done <<'FAMILIES'
whatsapp WhatsApp_Chat_-_Ana_Costa.zip
telegram telegram-export
imessage imessage/chat.db --chat=#1
kakaotalk kakaotalk-jeju-trip.txt
line line-kyoto-weekend.txt
messenger messenger-export --chat=Ana
instagram messenger-export --chat=Ana --theme instagram
signal signal-chat
discord dce-workshop.html
slack ../Tests/ChatRenderTests/Fixtures/formats/slack-export --chat=general
chatgpt chatgpt-dinner-bill.json
claude claude-porto-plan.json
googlechat google-chat-takeout
element matrix-rust-meetup.json
skype skype-family.json
teams teams-standup.json
x x-archive --chat=#2
snapchat snapchat-mydata --chat=#1
linkedin linkedin-messages.csv --chat=#1
hangouts hangouts-book-club.json
googlevoice google-voice
threema threema-hike/messages-Lena+Vogt.txt
viber viber-cinema.csv
FAMILIES
echo "gallery.sh: rendered $count families, light and dark, into $folder/families/" >&2
