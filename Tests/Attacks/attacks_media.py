"""Media attacks (issue 35): themes, pictures, voice notes, layout and drawing under hostile
input. Each case is run by AttackFileTests through chatrender; see make_attacks.py."""
import struct
import zlib

CHAT = "title: Attack\nme: Sam\n\n[2025-03-01 09:30] Ana: Hello\n[2025-03-01 09:31] > Hi\n"
SECRET = "root:x:0:0:secret line\n"


def png(width=2, height=2):
    """A small valid RGB PNG."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = b"".join(b"\x00" + b"\x80\x40\x20" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def theme_confinement_cases():
    """Point 1: a theme reads no file outside its own folder (extends, background picture)."""
    outside = "is outside the theme's folder"
    render = ["render", "chat.chat", "-o", "out.png", "--theme", "theme/mine.json"]
    return [
        {"name": "theme-extends-parent-folder",
         "files": {"chat.chat": CHAT, "secret.json": SECRET,
                   "theme/mine.json": '{"version": 1, "extends": "../secret.json"}'},
         "args": render, "status": 2, "stderr": ["mine.json:1:27", "'extends'", outside],
         "not_stderr": ["'r'", "root"], "absent": ["out.png"]},
        {"name": "theme-extends-link-out",
         "files": {"chat.chat": CHAT, "secret.json": SECRET,
                   "theme/mine.json": '{"version": 1, "extends": "base.json"}'},
         "symlinks": {"theme/base.json": "../secret.json"},
         "args": render, "status": 2, "stderr": ["'extends'", outside],
         "not_stderr": ["'r'", "root"], "absent": ["out.png"]},
        {"name": "theme-background-parent-folder",
         "files": {"chat.chat": CHAT, "private.png": png(),
                   "theme/mine.json":
                       '{"version": 1, "canvas": {"backgroundImage": {"path": "../private.png"}}}'},
         "args": render, "status": 2, "stderr": ["'canvas.backgroundImage.path'", outside],
         "absent": ["out.png"]},
        {"name": "theme-background-link-out",
         "files": {"chat.chat": CHAT, "private.png": png(),
                   "theme/mine.json":
                       '{"version": 1, "canvas": {"backgroundImage": {"path": "wall.png"}}}'},
         "symlinks": {"theme/wall.png": "../private.png"},
         "args": render, "status": 2, "stderr": ["'canvas.backgroundImage.path'", outside],
         "absent": ["out.png"]},
    ]


def shadow_cases():
    """Point 2: a shadow blur of 20,000 points once drew for minutes and a gigabyte."""
    theme = '{"version": 1, "extends": "note", "me": {"shadow": {"blur": 20000}}}'
    return [
        {"name": "shadow-blur-huge",
         "files": {"chat.chat": CHAT, "wide.json": theme},
         "args": ["render", "chat.chat", "-o", "out.png", "--theme", "wide.json"], "status": 2,
         "stderr": ["wide.json:1:", "expected a number from 0 to 100 for 'me.shadow.blur'"],
         "absent": ["out.png"], "timeout": 60},
    ]


def long_name_cases():
    """Point 3: a title of 100,000 characters once took minutes in a PDF (a running header
    on every page); a name as long is drawn over every run of messages."""
    import json
    messages = [{"from": "ana" if i % 2 else "sam", "time": "2025-03-01T10:%02d:00Z" % (i % 60),
                 "text": "message %d" % i} for i in range(300)]
    def chat(title, name):
        return json.dumps({"version": 1, "title": title, "me": "sam",
                           "participants": [{"id": "sam", "name": "Sam"}, {"id": "ana", "name": name}],
                           "messages": messages})
    long = "x" * 100_000
    return [
        {"name": "title-100k-pdf", "files": {"chat.json": chat(long, "Ana")},
         "args": ["render", "chat.json", "-o", "out.pdf"], "status": 0,
         "stderr": ["the chat's title is drawn cut: characters of a title or a name over the 256 limit"],
         "exists": ["out.pdf"], "timeout": 60},
        {"name": "name-100k-png-pdf", "files": {"chat.json": chat("Chat", long)},
         "args": ["render", "chat.json", "-f", "png,pdf", "-o", "out"], "status": 0,
         "stderr": ["a name is drawn cut: characters of a title or a name over the 256 limit"],
         "exists": ["out/chat.png", "out/chat.pdf"], "timeout": 60},
    ]


def cases():
    return theme_confinement_cases() + shadow_cases() + long_name_cases()
