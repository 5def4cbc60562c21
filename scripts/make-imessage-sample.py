#!/usr/bin/env python3
"""Makes Samples/imessage/: a small Messages database (chat.db, the schema of macOS 14) with a
group chat and a one-to-one chat, and the HEIC photo it sends under Attachments/; and
Tests/ChatRenderTests/Fixtures/formats/typedstream/, attributedBody blobs on their own (a test
reads them, the fuzzer starts from them).

Everything is made here: the rows, the attributedBody blobs (typedstream, as NSArchiver
writes an NSAttributedString: docs/FORMATS.md, "iMessage and SMS"), and the photo (a PNG
drawn below, turned into HEIC by heif-enc from Debian's libheif-examples).

    scripts/make-imessage-sample.py        # rewrites Samples/imessage/
"""
import os
import shutil
import sqlite3
import struct
import subprocess
import tempfile
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Samples", "imessage")
APPLE_EPOCH = 978307200
START = 1717232400  # 2024-06-01T09:00:00Z


def nanoseconds(minutes):
    return (START + minutes * 60 - APPLE_EPOCH) * 1_000_000_000


class TypedStream:
    """Writes a typedstream: shared strings and the object/class table are numbered from 0
    and referred to as 0x92 + n; an object is numbered before its class chain."""

    def __init__(self):
        self.data = bytearray(b"\x04\x0bstreamtyped\x81\xe8\x03")
        self.strings = {}
        self.classes = {}
        self.objects = 0

    def integer(self, value):
        if -110 <= value <= 127:
            self.data += struct.pack("<b", value)
        elif -32768 <= value <= 32767:
            self.data += b"\x81" + struct.pack("<h", value)
        else:
            self.data += b"\x82" + struct.pack("<i", value)

    def shared(self, text):
        raw = text.encode()
        if raw in self.strings:
            self.integer(self.strings[raw] - 110)
            return
        self.data += b"\x84"
        self.integer(len(raw))
        self.data += raw
        self.strings[raw] = len(self.strings)

    def begin(self, names):
        self.data += b"\x84"
        self.objects += 1
        for name in names:
            if name in self.classes:
                self.integer(self.classes[name] - 110)
                return
            self.data += b"\x84"
            self.shared(name)
            self.integer(1 if name == "NSString" else 0)
            self.classes[name] = self.objects
            self.objects += 1
        self.data += b"\x85"

    def end(self):
        self.data += b"\x86"

    def string(self, text):
        self.begin(["NSString", "NSObject"])
        self.shared("+")
        raw = text.encode()
        self.integer(len(raw))
        self.data += raw
        self.end()

    def dictionary(self, attributes):
        self.begin(["NSDictionary", "NSObject"])
        self.shared("i")
        self.integer(len(attributes))
        for key, value in attributes:
            self.shared("@")
            self.string(key)
            self.shared("@")
            if key == "__kIMLinkAttributeName":
                self.begin(["NSURL", "NSObject"])
                self.shared("c")
                self.data += b"\x00"
                self.shared("@")
                self.string(value)
                self.end()
            elif isinstance(value, int):
                self.begin(["NSNumber", "NSValue", "NSObject"])
                self.shared("i")
                self.integer(value)
                self.end()
            else:
                self.string(value)
        self.end()


def attributed_body(text, runs=None):
    """An NSAttributedString; runs are (length in UTF-16 units, [(key, value)])."""
    length = len(text.encode("utf-16-le")) // 2
    runs = runs or [(length, [])]
    stream = TypedStream()
    stream.shared("@")
    stream.begin(["NSAttributedString", "NSObject"])
    stream.shared("@")
    stream.string(text)
    numbers = {}
    for run_length, attributes in runs:
        attributes = [("__kIMMessagePartAttributeName", 0)] + attributes
        key = repr(attributes)
        new = key not in numbers
        numbers.setdefault(key, len(numbers) + 1)
        stream.shared("iI")
        stream.integer(numbers[key])
        stream.integer(run_length)
        if new:
            stream.shared("@")
            stream.dictionary(attributes)
    stream.end()
    return bytes(stream.data)


def unsent_summary_info():
    """A binary plist {"rp": [0], "ec": {}}, as Messages writes on an unsent message."""
    objects = [bytes([0xD2, 1, 2, 3, 5]), b"\x52rp", b"\x52ec", bytes([0xA1, 4]), bytes([0x10, 0]), bytes([0xD0])]
    data = bytearray(b"bplist00")
    offsets = []
    for item in objects:
        offsets.append(len(data))
        data += item
    table = len(data)
    data += bytes(offsets)
    data += bytes([0, 0, 0, 0, 0, 0, 1, 1]) + struct.pack(">QQQ", len(objects), 0, table)
    return bytes(data)


def png(width, height, pixel):
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def trail_photo(x, y, width=480, height=360):
    """A drawn view from a trail: sky, sun, two ridges and a meadow."""
    sky = (int(120 + 100 * y / height), int(170 + 60 * y / height), 235)
    if (x - 360) ** 2 + (y - 80) ** 2 < 34 ** 2:
        return (255, 214, 102)
    far = 190 - 50 * abs(((x / 90.0) % 2) - 1)
    near = 250 - 70 * abs(((x / 140.0 + 0.3) % 2) - 1)
    if y > 300 + 8 * ((x // 40) % 2):
        return (86, 160, 70)
    if y > near:
        return (60, 110, 80)
    if y > far:
        return (110, 130, 160) if y > far + 18 else (236, 240, 245)
    return sky


def make_photo(target):
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "trail.png")
        with open(source, "wb") as file:
            file.write(png(480, 360, trail_photo))
        subprocess.run(["heif-enc", "-q", "60", "-o", target, source], check=True, stdout=subprocess.DEVNULL)


SCHEMA = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "imessage-schema.sql")).read()


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    photo_folder = os.path.join(ROOT, "Attachments", "5e", "14", "8C1E2F0A-7B2D-4C55-9E7B-0D3A1B2C4D5E")
    os.makedirs(photo_folder)
    make_photo(os.path.join(photo_folder, "IMG_2041.HEIC"))
    database = sqlite3.connect(os.path.join(ROOT, "chat.db"))
    database.executescript(SCHEMA)
    handles = {}
    for id_, service in [("+15551234567", "iMessage"), ("bo@example.com", "iMessage"), ("+15559876543", "iMessage"),
                         ("+15551234567", "SMS")]:
        handles[(id_, service)] = database.execute(
            "INSERT INTO handle (id, service, country) VALUES (?, ?, 'us')", (id_, service)).lastrowid
    ana, bo, chen = handles[("+15551234567", "iMessage")], handles[("bo@example.com", "iMessage")], handles[("+15559876543", "iMessage")]

    def chat(identifier, name, service, group, members):
        row = database.execute(
            "INSERT INTO chat (guid, style, chat_identifier, service_name, display_name) VALUES (?, ?, ?, ?, ?)",
            (f"{service};{'+' if group else '-'};{identifier}", 43 if group else 45, identifier, service, name)).lastrowid
        for member in members:
            database.execute("INSERT INTO chat_handle_join (chat_id, handle_id) VALUES (?, ?)", (row, member))
        return row

    def message(chat_id, guid, minute, text=None, handle=0, me=False, service="iMessage", **columns):
        values = dict(guid=guid, text=text, handle_id=handle, is_from_me=1 if me else 0, date=nanoseconds(minute),
                      service=service, **columns)
        names = ", ".join(values)
        row = database.execute(f"INSERT INTO message ({names}) VALUES ({', '.join('?' * len(values))})",
                               list(values.values())).lastrowid
        database.execute("INSERT INTO chat_message_join (chat_id, message_id, message_date) VALUES (?, ?, ?)",
                         (chat_id, row, nanoseconds(minute)))
        return row

    group = chat("chat771204", "Hiking Sunday 🥾", "iMessage", True, [ana, bo, chen])
    message(group, "N-1", 0, handle=ana, item_type=2, group_title="Hiking Sunday 🥾")
    message(group, "N-2", 1, handle=ana, item_type=1, other_handle=chen)
    message(group, "M-1", 2, "Who's up for the ridge trail on Sunday? ⛰️", handle=ana)
    # Since macOS 13 the text is often only in attributedBody.
    text = "Me! The forecast says sun: weather.example.com/sunday"
    message(group, "M-2", 3, None, me=True, attributedBody=attributed_body(
        text, [(len("Me! The forecast says sun: "), []),
               (len("weather.example.com/sunday"), [("__kIMLinkAttributeName", "https://weather.example.com/sunday")])]))
    message(group, "T-1", 4, "Loved “Who's up for the ridge trail on Sunday? ⛰️”", handle=bo,
            associated_message_guid="p:0/M-1", associated_message_type=2000)
    message(group, "T-2", 4, "Liked “Who's up for the ridge trail on Sunday? ⛰️”", me=True,
            associated_message_guid="p:0/M-1", associated_message_type=2001)
    message(group, "M-3", 5, "Count me in 🙌 日本の山みたい", handle=chen, thread_originator_guid="M-1")
    message(group, "M-4", 6, "Meet at the north car park at 8:00", handle=ana, date_edited=nanoseconds(7))
    message(group, "T-3", 7, "Emphasized “Meet at the north car park at 8:00”", handle=chen,
            associated_message_guid="p:0/M-4", associated_message_type=2004)
    message(group, "M-5", 8, None, handle=bo, date_edited=nanoseconds(9), message_summary_info=unsent_summary_info())
    photo = message(group, "M-6", 10, "\ufffc", handle=ana, cache_has_attachments=1)
    attachment = database.execute(
        "INSERT INTO attachment (guid, filename, uti, mime_type, transfer_name, total_bytes) VALUES (?, ?, ?, ?, ?, ?)",
        ("AT-1", "~/Library/Messages/Attachments/5e/14/8C1E2F0A-7B2D-4C55-9E7B-0D3A1B2C4D5E/IMG_2041.HEIC",
         "public.heic", "image/heic", "IMG_2041.HEIC",
         os.path.getsize(os.path.join(photo_folder, "IMG_2041.HEIC")))).lastrowid
    database.execute("INSERT INTO message_attachment_join (message_id, attachment_id) VALUES (?, ?)", (photo, attachment))
    message(group, "T-4", 11, "Reacted 😍 to an image", handle=bo, associated_message_guid="p:0/M-6",
            associated_message_type=2006, associated_message_emoji="😍")
    message(group, "T-5", 11, "Laughed at an image", me=True, associated_message_guid="p:0/M-6",
            associated_message_type=2003)
    message(group, "M-7", 12, "That view!", me=True, thread_originator_guid="M-6")

    direct = chat("+15551234567", None, "iMessage", False, [ana])
    direct_sms = chat("+15551234567", None, "SMS", False, [handles[("+15551234567", "SMS")]])
    message(direct, "D-1", 60, "Can you bring the spare poles?", handle=ana)
    message(direct_sms, "D-2", 61, "Yes! (no signal up here, this went as SMS)", me=True, service="SMS")
    message(direct_sms, "D-3", 62, "Thanks 🙏", handle=handles[("+15551234567", "SMS")], service="SMS")
    message(direct, "D-4", 63, "Back on wifi: see you at 8", me=True)
    database.commit()
    database.execute("VACUUM")
    database.close()


def typedstream_fixtures():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ChatRenderTests", "Fixtures",
                          "formats", "typedstream")
    os.makedirs(folder, exist_ok=True)
    text = "Ask @Ana about café.example/menu 🍰"
    blobs = {
        "plain.typedstream": attributed_body("Hello from macOS 14 👋"),
        "link-and-mention.typedstream": attributed_body(text, [
            (4, []), (4, [("__kIMMentionConfirmedMention", "+15551234567")]), (7, []),
            (17, [("__kIMLinkAttributeName", "https://café.example/menu")]), (3, [])]),
    }
    for name, blob in blobs.items():
        with open(os.path.join(folder, name), "wb") as file:
            file.write(blob)


if __name__ == "__main__":
    main()
    typedstream_fixtures()
