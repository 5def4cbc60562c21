#!/usr/bin/env python3
"""Builds the WhatsApp .zip fixtures from the text samples beside this script.

whatsapp-ios.zip is written to an unseekable stream, so every entry uses a data descriptor
(flag bit 3); the photo's name carries a left-to-right mark that the chat text lacks, and a
macOS resource fork sits in __MACOSX/. whatsapp-android.zip is an ordinary archive whose chat
names Boiler_invoice.pdf, which is left out on purpose.
"""
import io
import os
import zipfile

here = os.path.dirname(os.path.abspath(__file__))


class Unseekable(io.RawIOBase):
    def __init__(self):
        self.data = bytearray()

    def writable(self):
        return True

    def write(self, chunk):
        self.data += chunk
        return len(chunk)


def fixed(name):
    info = zipfile.ZipInfo(name, date_time=(2024, 3, 10, 12, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def read(name):
    with open(os.path.join(here, name), "rb") as handle:
        return handle.read()


stream = Unseekable()
with zipfile.ZipFile(stream, "w") as archive:
    for name, data, method in [
        ("_chat.txt", read("whatsapp-ios-12h.txt"), zipfile.ZIP_DEFLATED),
        ("\u200e00000012-PHOTO-2024-03-09-20-05-12.jpg", b"\xff\xd8\xff\xe0fake jpeg", zipfile.ZIP_STORED),
        ("00000015-Trail_Map.pdf", b"%PDF-1.4 fake " * 40, zipfile.ZIP_DEFLATED),
        ("__MACOSX/._chat.txt", b"\x00\x05\x16\x07resource fork", zipfile.ZIP_STORED),
    ]:
        info = fixed(name)
        info.compress_type = method
        with archive.open(info, "w") as entry:
            entry.write(data)
with open(os.path.join(here, "whatsapp-ios.zip"), "wb") as out:
    out.write(stream.data)

with zipfile.ZipFile(os.path.join(here, "whatsapp-android.zip"), "w") as archive:
    archive.writestr(fixed("WhatsApp Chat with Flat 3B.txt"), read("whatsapp-android-24h.txt"))
    info = fixed("IMG-20240314-WA0007.jpg")
    info.compress_type = zipfile.ZIP_STORED
    archive.writestr(info, b"\xff\xd8\xff\xe0fake jpeg")
