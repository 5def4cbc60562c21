#!/bin/sh
# `make bench`: ChatRender against the floor (floor.c: Pango text + cairo output alone) on
# the same synthetic chats, in one run, on this machine. Writes bench/RESULTS.md.
#   RUNS=N  timed runs per case (default 5; the 100,000-message and picture cases use 3)
# The picture case needs ImageMagick (apt-get install imagemagick) and pdfimages (poppler-utils).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
BIN=${BIN:-$HERE/../.build/release/chatrender}
RUNS=${RUNS:-5}
OUT=out
DATA=data
mkdir -p "$OUT" "$DATA"
rm -f "$OUT/timings.jsonl" "$OUT"/pictures-*.txt

echo "== build the floor"
cc -O2 floor.c $(pkg-config --cflags --libs pangocairo) -o "$OUT/floor"

echo "== generate chats (seed 1)"
for n in 10 300 1000 10000 100000; do
  [ -f "$DATA/$n/chat.json" ] || python3 gen.py --messages "$n" --seed 1 --out "$DATA/$n" >/dev/null
done
if [ ! -d "$DATA/small" ]; then
  mkdir -p "$DATA/small"
  for seed in $(seq 1 40); do
    python3 gen.py --messages 60 --seed "$seed" --out "$DATA/tmp" >/dev/null
    mv "$DATA/tmp/chat.json" "$DATA/small/chat-$seed.json"
  done
  rm -rf "$DATA/tmp"
fi

# Same text font as the floor and the browser page: DejaVu Sans, CJK from Noto.
FONT="--font=DejaVu Sans, Noto Sans CJK SC"
T="python3 timeit.py --json $OUT/timings.jsonl"
floor() { echo "$OUT/floor $DATA/$1/chat.json $OUT/floor-$1.$2"; }

echo "== PNG, 300 messages, 1x"
$T -n "$RUNS" --label png-300 --vs "$(floor 300 png)" -- \
  "$BIN" render "$DATA/300/chat.json" -o "$OUT/ours-300.png" --me me "$FONT" -q
echo "== PDF"
for n in 1000 10000; do
  $T -n "$RUNS" --label "pdf-$n" --vs "$(floor $n pdf)" -- \
    "$BIN" render "$DATA/$n/chat.json" -o "$OUT/ours-$n.pdf" --me me "$FONT" -q
done
echo "== PDF of 10,000 messages on one core (taskset: no second thread for either)"
$T -n "$RUNS" --label pdf-10000-one-core --vs "taskset -c 0 $(floor 10000 pdf)" -- \
  taskset -c 0 "$BIN" render "$DATA/10000/chat.json" -o "$OUT/ours-10000-one-core.pdf" --me me "$FONT" -q
echo "== the same, like for like: the floor's geometry (a phone column), then only bubbles and text"
# themes/: floor-geometry.json lays out at the floor's column and scale with everything drawn;
# floor-content.json also leaves out what the floor does not draw (times, names, day labels,
# arrows). Both keep the running header, the footer and the outline.
for variant in floor-geometry floor-content; do
  $T -n "$RUNS" --label "pdf-10000-one-core-$variant" --vs "taskset -c 0 $(floor 10000 pdf)" -- \
    taskset -c 0 "$BIN" render "$DATA/10000/chat.json" -o "$OUT/ours-10000-$variant.pdf" --me me \
    -t "themes/$variant.json" -q
done
echo "== our own PDF writer (--pdf-engine own) against the floor and against cairo's (issue 39)"
for n in 10000 100000; do
  runs=$RUNS
  [ "$n" -lt 100000 ] || runs=3
  $T -n "$runs" --label "pdf-own-$n" --vs "$(floor $n pdf)" -- \
    "$BIN" render "$DATA/$n/chat.json" -o "$OUT/own-$n.pdf" --me me "$FONT" -q --pdf-engine own
  $T -n "$runs" --label "pdf-own-vs-cairo-$n" \
    --vs "$BIN render $DATA/$n/chat.json -o $OUT/cairo-$n.pdf --me me -q '$FONT' --pdf-engine cairo" -- \
    "$BIN" render "$DATA/$n/chat.json" -o "$OUT/own-$n.pdf" --me me "$FONT" -q --pdf-engine own
done
$T -n "$RUNS" --label pdf-own-10000-one-core --vs "taskset -c 0 $(floor 10000 pdf)" -- \
  taskset -c 0 "$BIN" render "$DATA/10000/chat.json" -o "$OUT/own-10000-one-core.pdf" --me me "$FONT" -q \
  --pdf-engine own
$T -n 3 --label scale-own-100000-vs-10000 \
  --vs "$BIN render $DATA/10000/chat.json -o $OUT/scale-own-10000.pdf --me me -q '$FONT' --pdf-engine own" -- \
  "$BIN" render "$DATA/100000/chat.json" -o "$OUT/scale-own-100000.pdf" --me me -q "$FONT" --pdf-engine own
echo "== an emoji-rich PDF: 1,000 messages, 300 different emoji (each an image of its own)"
[ -f "$DATA/emoji-1000/chat.json" ] ||
  python3 gen.py --messages 1000 --seed 1 --distinct-emoji 300 --out "$DATA/emoji-1000" >/dev/null
$T -n "$RUNS" --label pdf-emoji-1000 --vs "$(floor emoji-1000 pdf)" -- \
  "$BIN" render "$DATA/emoji-1000/chat.json" -o "$OUT/ours-emoji-1000.pdf" --me me "$FONT" -q
$T -n 3 --label pdf-100000 --vs "$(floor 100000 pdf)" -- \
  "$BIN" render "$DATA/100000/chat.json" -o "$OUT/ours-100000.pdf" --me me "$FONT" -q
echo "== linear cost: 100,000 against 10,000 messages"
$T -n 3 --label scale-100000-vs-10000 \
  --vs "$BIN render $DATA/10000/chat.json -o $OUT/scale-10000.pdf --me me -q '$FONT'" -- \
  "$BIN" render "$DATA/100000/chat.json" -o "$OUT/scale-100000.pdf" --me me -q "$FONT"
echo "== linear cost in one message: one message of 100,000 lines against one of 10,000"
for n in 10000 100000; do
  [ -f "$DATA/one-message-$n.json" ] || python3 -c 'import json, sys; n = int(sys.argv[1]); json.dump({"version": 1, "participants": [{"id": "a", "name": "A"}, {"id": "me", "name": "Me"}], "messages": [{"from": "a", "time": "2024-01-01T10:00:00Z", "text": "\n".join("line %d of one long message" % i for i in range(n))}]}, open(sys.argv[2], "w"))' "$n" "$DATA/one-message-$n.json"
done
$T -n 3 --label one-message-100000-vs-10000-lines \
  --vs "$BIN render $DATA/one-message-10000.json -o $OUT/one-message-10000.pdf -q '$FONT'" -- \
  "$BIN" render "$DATA/one-message-100000.json" -o "$OUT/one-message-100000.pdf" -q "$FONT"
echo "== 40 small chats: --jobs 2 against --jobs 1"
rm -rf "$OUT/jobs1" "$OUT/jobs2"
$T -n "$RUNS" --label jobs-2-vs-1 \
  --vs "$BIN render $DATA/small -o $OUT/jobs1 --me me -q -j 1" -- \
  "$BIN" render "$DATA/small" -o "$OUT/jobs2" --me me -q -j 2
echo "== the machine's own ceiling: two processes of 20 chats each against --jobs 1"
mkdir -p "$OUT/half-a" "$OUT/half-b"
i=0
for f in "$DATA"/small/*.json; do
  i=$((i + 1))
  if [ $((i % 2)) = 0 ]; then ln -sf "$PWD/$f" "$OUT/half-a/"; else ln -sf "$PWD/$f" "$OUT/half-b/"; fi
done
$T -n "$RUNS" --label two-processes-vs-1 \
  --vs "$BIN render $DATA/small -o $OUT/jobs1 --me me -q -j 1" -- \
  sh -c "$BIN render $OUT/half-a -o $OUT/two-a --me me -q -j 1 & $BIN render $OUT/half-b -o $OUT/two-b --me me -q -j 1; wait"
echo "== start-up: 10 messages to PNG"
$T -n 10 --label startup-10 --vs "$(floor 10 png)" -- \
  "$BIN" render "$DATA/10/chat.json" -o "$OUT/ours-10.png" --me me "$FONT" -q

echo "== pictures: 60 photos of 3-12 megapixels in 300 messages; 100 in 500; 1,000 in 5,000"
# The photos are made by ImageMagick; without it the picture case is left out. The 60-photo
# chat's photos are the first 60 of the 100 (the same files), made once.
if sh make-picture-chat.sh "$DATA/pictures-100" 100 >/dev/null; then
  mkdir -p "$DATA/pictures-60/photos"
  for photo in $(seq -f 'photo-%02g.jpg' 1 60); do
    ln -f "$DATA/pictures-100/photos/$photo" "$DATA/pictures-60/photos/$photo"
  done
  sh make-picture-chat.sh "$DATA/pictures-60" 60 >/dev/null
  # 1,000 photos in 5,000 messages: peak memory must not grow with the number of photos.
  sh make-picture-chat.sh "$DATA/pictures-1000" 1000 >/dev/null
  for photos in 60 100 1000; do
    for kind in png pdf; do
      $T -n 3 --label "pictures-$photos-$kind" -- \
        "$BIN" render "$DATA/pictures-$photos/chat.json" -o "$OUT/pictures-$photos.$kind" "$FONT" -q
    done
    # What the PDF holds: its size, the photos' own bytes, and its pictures by encoding.
    {
      echo "pdf=$(stat -c %s "$OUT/pictures-$photos.pdf")"
      echo "photos=$(cat "$DATA/pictures-$photos"/photos/*.jpg | wc -c)"
      echo "count=$photos"
      echo "jpeg=$(pdfimages -list "$OUT/pictures-$photos.pdf" | awk '$3 == "image" && $9 == "jpeg"' | wc -l)"
      echo "images=$(pdfimages -list "$OUT/pictures-$photos.pdf" | awk '$3 == "image"' | wc -l)"
    } > "$OUT/pictures-$photos.txt"
  done
else
  echo "run.sh: the picture case needs ImageMagick's convert (Debian: apt-get install imagemagick); left out" >&2
fi

echo "== PNG size against cairo's encoder (same picture)"
cc -O2 cairo_png_size.c $(pkg-config --cflags --libs cairo) -o "$OUT/cairo_png_size"
"$OUT/cairo_png_size" "$OUT/ours-300.png" "$OUT/cairo-300.png" > "$OUT/png-size.txt"
python3 report.py "$OUT" > RESULTS.md
echo "== chatrender serve: warm requests against a process each"
python3 serve.py "$BIN" >> RESULTS.md
cat RESULTS.md
