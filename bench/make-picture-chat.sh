#!/bin/sh
# Makes the picture bench input: a chat of 300 messages, 60 of them photos of 3 to 12
# megapixels (JPEG), in our JSON format with paths relative to the JSON file. With PHOTOS,
# that many photos among five times as many messages.
#
#   bench/make-picture-chat.sh OUT_DIR [PHOTOS]   → OUT_DIR/chat.json and OUT_DIR/photos/*.jpg
#
# Needs ImageMagick's `convert` (Debian: imagemagick). The photos are noisy gradients with
# hills, so that they compress about as badly as real photos (1–4 MB each). Deterministic:
# the same folder every run.
set -eu
out=${1:?usage: bench/make-picture-chat.sh OUT_DIR [PHOTOS]}
photos=${2:-60}

# A real ImageMagick, not a stand-in that only prints PNGs.
convert=""
for candidate in /usr/bin/convert "$(command -v convert || true)"; do
  if [ -x "$candidate" ] && "$candidate" -version 2>/dev/null | grep -q ImageMagick; then
    convert=$candidate
    break
  fi
done
[ -n "$convert" ] || { echo "make-picture-chat: needs ImageMagick (apt-get install imagemagick)" >&2; exit 1; }

mkdir -p "$out/photos"
masters=$(mktemp -d)
trap 'rm -rf "$masters"' EXIT

# Two 12-megapixel masters with grain; every photo is a crop of one, tinted differently.
# Made only when a photo is missing (they take a while).
make_masters() {
  [ -s "$masters/portrait.ppm" ] && return
  "$convert" -seed 7 -size 4000x3000 gradient:'#4a7fb5-#e8c27a' -fill '#3d5a40' \
    -draw "polygon 0,3000 0,2000 1200,1400 2300,2100 4000,1500 4000,3000" \
    -attenuate 0.35 +noise Gaussian "$masters/landscape.ppm"
  "$convert" -seed 8 -size 3000x4000 gradient:'#243b6b-#f0a35e' -fill '#2b2a33' \
    -draw "polygon 0,4000 0,2900 900,2500 1700,3000 3000,2400 3000,4000" \
    -attenuate 0.35 +noise Gaussian "$masters/portrait.ppm"
}

# Sizes from 3 to 12 megapixels; every third photo is portrait.
sizes="2000x1500 2592x1944 3000x2250 3264x2448 3648x2736 4000x3000"
index=0
while [ "$index" -lt "$photos" ]; do
  index=$((index + 1))
  size=$(echo $sizes | cut -d' ' -f$(((index - 1) % 6 + 1)))
  name=$(printf 'photo-%02d.jpg' "$index")
  [ -s "$out/photos/$name" ] && continue
  width=${size%x*}
  height=${size#*x}
  master=landscape
  if [ $((index % 3)) -eq 0 ]; then
    master=portrait
    width=${size#*x}
    height=${size%x*}
  fi
  hue=$((70 + (index * 37) % 60))
  make_masters
  "$convert" "$masters/$master.ppm" -crop "${width}x${height}+0+0" +repage \
    -modulate "100,100,$hue" -quality 85 "$out/photos/$name"
done

python3 - "$out" "$photos" <<'PYTHON'
import json, sys
out = sys.argv[1]
photos = int(sys.argv[2])
words = ("the trail was longer than we thought but the view at the top made up for it "
         "bring a jacket it gets cold after sunset and the hut closes at nine").split()
messages = []
photo = 0
for number in range(5 * photos):
    author = ("ana", "sam", "bo")[number % 3 if number % 7 else 1]
    minute = number * 3
    time = "2024-03-%02dT%02d:%02d:00Z" % (14 + minute // 1440, minute // 60 % 24, minute % 60)
    message = {"from": author, "time": time}
    if number % 5 == 2:
        photo += 1
        message["text"] = "" if photo % 2 else "photo %d from the ridge" % photo
        message["attachments"] = [
            {"kind": "image", "mime": "image/jpeg", "path": "photos/photo-%02d.jpg" % photo}]
    else:
        start = (number * 7) % len(words)
        length = 4 + (number * 5) % 18
        message["text"] = " ".join((words * 2)[start:start + length]).capitalize()
    messages.append(message)
chat = {
    "version": 1, "title": "Ridge trip photos", "me": "sam",
    "participants": [{"id": "ana", "name": "Ana"}, {"id": "sam", "name": "Sam"},
                     {"id": "bo", "name": "Bo"}],
    "messages": messages,
}
with open(out + "/chat.json", "w") as file:
    json.dump(chat, file, ensure_ascii=False, indent=1)
    file.write("\n")
print("make-picture-chat: %s/chat.json: %d messages, %d photos" % (out, len(messages), photo))
PYTHON
