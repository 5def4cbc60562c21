#!/usr/bin/env python3
"""Reference pictures: the gallery drawn again and compared with docs/gallery/.

    scripts/golden.py [CHATRENDER]          render the gallery into .build/golden/ with
                                            scripts/gallery.sh and compare every picture
    scripts/golden.py --compare MADE REF    compare two PNGs

A picture passes when it has the reference's size and at most 0.1% of its pixels differ by
more than 8 levels in a channel. The fonts are pinned, so the pictures come out the same bytes
on any machine with Debian's packages; the margin lets a font or pixman update move a few
edges, and no changed colour (even of a time's text) or moved shape. Exit
status 0 when all pass, 1 when one differs or is missing, 2 on a usage error. After a change
of look, `make gallery` records the references and the commit shows a reviewer what changed.
"""
import os
import struct
import subprocess
import sys
import zlib

CHANNEL_LEVELS = 8
DIFFERING_SHARE = 0.001
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCES = os.path.join(ROOT, "docs", "gallery")


class PNGError(Exception):
    pass


def read_png(path):
    """(width, height, channels, rows) of an 8-bit, non-interlaced grey, RGB or RGBA PNG."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise PNGError("%s: not a PNG" % path)
    position, header, compressed = 8, None, []
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            break
        position += 12 + length
    if header is None:
        raise PNGError("%s: no IHDR chunk" % path)
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise PNGError("%s: only 8-bit, non-interlaced grey, RGB or RGBA PNGs are compared" % path)
    raw = zlib.decompress(b"".join(compressed))
    return width, height, channels, unfilter(raw, width * channels, height, channels)


def unfilter(raw, stride, height, step):
    """The rows of a PNG's image data with each row's filter undone."""
    rows, previous = [], bytearray(stride)
    for index in range(height):
        start = index * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(step, stride):
                row[i] = (row[i] + row[i - step]) & 0xFF
        elif kind == 2:
            row = bytearray((a + b) & 0xFF for a, b in zip(row, previous))
        elif kind == 3:
            for i in range(stride):
                left = row[i - step] if i >= step else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                left = row[i - step] if i >= step else 0
                upper_left = previous[i - step] if i >= step else 0
                row[i] = (row[i] + paeth(left, previous[i], upper_left)) & 0xFF
        elif kind != 0:
            raise PNGError("unknown PNG filter %d" % kind)
        rows.append(row)
        previous = row
    return rows


def paeth(left, up, upper_left):
    estimate = left + up - upper_left
    distances = abs(estimate - left), abs(estimate - up), abs(estimate - upper_left)
    if distances[0] <= distances[1] and distances[0] <= distances[2]:
        return left
    return up if distances[1] <= distances[2] else upper_left


def difference(made, reference):
    """None when the two PNGs agree within the tolerance, else why they do not."""
    with open(made, "rb") as one, open(reference, "rb") as two:
        if one.read() == two.read():
            return None
    width, height, channels, rows = read_png(made)
    ref_width, ref_height, ref_channels, ref_rows = read_png(reference)
    if (width, height) != (ref_width, ref_height):
        return "%d×%d px, the reference is %d×%d" % (width, height, ref_width, ref_height)
    if channels != ref_channels:
        return "%d channels, the reference has %d" % (channels, ref_channels)
    differing = 0
    for row, ref_row in zip(rows, ref_rows):
        if row == ref_row:
            continue
        for x in range(0, len(row), channels):
            if any(abs(row[x + c] - ref_row[x + c]) > CHANNEL_LEVELS for c in range(channels)):
                differing += 1
    share = differing / float(width * height)
    if share <= DIFFERING_SHARE:
        return None
    return "%.2f%% of the pixels differ (at most %.1f%% may)" % (share * 100, DIFFERING_SHARE * 100)


def pictures(folder):
    found = set()
    for directory, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".png"):
                found.add(os.path.relpath(os.path.join(directory, name), folder))
    return found


def check_gallery(binary):
    made_folder = os.path.join(ROOT, ".build", "golden")
    subprocess.run(["rm", "-rf", made_folder], check=True)
    subprocess.run([os.path.join(ROOT, "scripts", "gallery.sh"), binary, made_folder], check=True)
    made, references = pictures(made_folder), pictures(REFERENCES)
    failures = []
    for name in sorted(made | references):
        if name not in references:
            failures.append("%s: no reference (record it with `make gallery`)" % name)
        elif name not in made:
            failures.append("%s: no longer drawn by scripts/gallery.sh" % name)
        else:
            problem = difference(os.path.join(made_folder, name), os.path.join(REFERENCES, name))
            if problem:
                failures.append("%s: %s" % (name, problem))
    for failure in failures:
        print("golden: docs/gallery/" + failure, file=sys.stderr)
    if failures:
        print("golden: %d of %d pictures differ; the pictures made are in %s; after a change of "
              "look meant to be seen, `make gallery` records them" % (len(failures), len(made | references), made_folder),
              file=sys.stderr)
        return 1
    print("golden: %d pictures match docs/gallery/" % len(made))
    return 0


def main(arguments):
    if arguments[:1] == ["--compare"] and len(arguments) == 3:
        try:
            problem = difference(arguments[1], arguments[2])
        except (OSError, PNGError, zlib.error) as error:
            print("golden: %s" % error, file=sys.stderr)
            return 2
        if problem:
            print("golden: %s: %s" % (arguments[1], problem), file=sys.stderr)
            return 1
        return 0
    if len(arguments) > 1 or arguments[:1] == ["--compare"]:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    binary = os.path.abspath(arguments[0]) if arguments else os.path.join(ROOT, ".build", "release", "chatrender")
    return check_gallery(binary)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
