"""Attacks on the importers (issue 35, area "imports"): files read from outside the export,
decoders that build without end, text with stray NULs, JSON whose keys come in any order,
date filters on chats without times. See make_attacks.py for what a case holds.
"""
import json
import os
import pathlib
import sqlite3
import tempfile

SCHEMA = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "imessage-schema.sql"
TYPEDSTREAM_HEADER = b"\x04\x0bstreamtyped\x81\xe8\x03"

SECRET = "TOP-SECRET-TEXT"


def messenger(text, timestamp_ms=1709283600000):
    """A Messenger conversation file of one message."""
    return json.dumps({
        "participants": [{"name": "Ana"}, {"name": "Bo"}],
        "messages": [{"sender_name": "Ana", "timestamp_ms": timestamp_ms, "content": text}],
        "title": "Ana", "thread_path": "inbox/ana_1",
    })


def slack_export(days):
    """A Slack export folder's files: one channel, `general`, with `days` ({date: text})."""
    files = {
        "export/channels.json": json.dumps([{"id": "C1", "name": "general", "members": ["U1"]}]),
        "export/users.json": json.dumps([{"id": "U1", "name": "ana", "real_name": "Ana"}]),
    }
    for day, text in days.items():
        seconds = 1709888400 + len(files) * 60
        files[f"export/general/{day}.json"] = json.dumps(
            [{"type": "message", "user": "U1", "text": text, "ts": f"{seconds}.000100"}])
    return files


def google_chat_messages(text):
    return json.dumps({"messages": [{
        "creator": {"name": "Ana", "email": "ana@example.com", "user_type": "Human"},
        "created_date": "Friday, January 5, 2024 at 10:02:00 AM UTC", "text": text}]})


def outside_the_export():
    """Point 1: files read beside the one given must be inside the export."""
    return [
        {
            "name": "messenger-sibling-link-out",
            "files": {
                "export/message_1.json": messenger("hello"),
                "elsewhere/message.json": messenger(SECRET, 1709280000000),
            },
            "symlinks": {"export/message_2.json": "../elsewhere/message.json"},
            "args": ["parse", "export/message_1.json", "-o", "out.json"],
            "status": 0,
            "stderr": ["message_2.json' skipped: it is a link to a file outside the export"],
            "exists": ["out.json"],
            "lacks": {"out.json": [SECRET]},
        },
        {
            "name": "google-chat-info-link-out",
            "files": {
                "export/messages.json": google_chat_messages("hello"),
                "elsewhere/info.json": json.dumps({"name": SECRET, "members": []}),
            },
            "symlinks": {"export/group_info.json": "../elsewhere/info.json"},
            "args": ["parse", "export/messages.json", "-o", "out.json"],
            "status": 0,
            "stderr": ["group_info.json' skipped: it is a link to a file outside the export"],
            "exists": ["out.json"],
            "lacks": {"out.json": [SECRET]},
        },
        {
            "name": "telegram-folder-result-link-out",
            "files": {
                "elsewhere/result.json": json.dumps({
                    "name": SECRET, "type": "personal_chat", "id": 1, "messages": [
                        {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo",
                         "from_id": "user2", "text": SECRET}]}),
                "export/photos/.keep": "",
            },
            "symlinks": {"export/result.json": "../elsewhere/result.json"},
            "args": ["parse", "export", "-o", "out.json"],
            "status": 1,
            "stderr": ["result.json: error: it is a link to a file outside the export"],
            "absent": ["out.json"],
        },
    ]


def slack_day_links():
    """Point 6: a day file that is a link is named; one leading out stays unread."""
    out = slack_export({"2024-03-08": "hello"})
    out["elsewhere/2024-03-09.json"] = json.dumps(
        [{"type": "message", "user": "U1", "text": SECRET, "ts": "1709989000.000100"}])
    # The channel's only day file is the link: unread, the chat would have no messages.
    inside = slack_export({})
    inside["export/kept.txt"] = json.dumps(
        [{"type": "message", "user": "U1", "text": "kept", "ts": "1709989000.000100"}])
    return [
        {
            "name": "slack-day-link-out",
            "files": out,
            "symlinks": {"export/general/2024-03-09.json": "../../elsewhere/2024-03-09.json"},
            "args": ["parse", "export", "-o", "out.json"],
            "status": 0,
            "stderr": ["general/2024-03-09.json' skipped: it is a link to a file outside the export"],
            "exists": ["out.json"],
            "lacks": {"out.json": [SECRET]},
        },
        {
            "name": "slack-day-link-inside",
            "files": inside,
            "symlinks": {"export/general/2024-03-09.json": "../kept.txt"},
            "args": ["parse", "export", "-o", "out.json"],
            "status": 0,
            "not_stderr": ["skipped", "no messages"],
            "exists": ["out.json"],
        },
    ]


def chat_db(rows):
    """The bytes of a Messages database with one chat with Ana of `rows`: dicts of message
    columns (text, date, attributedBody, is_from_me)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "chat.db")
        database = sqlite3.connect(path)
        database.executescript(SCHEMA.read_text())
        ana = database.execute("INSERT INTO handle (id, service) VALUES ('ana@example.com', 'iMessage')").lastrowid
        chat = database.execute(
            "INSERT INTO chat (guid, style, chat_identifier, service_name) "
            "VALUES ('iMessage;-;ana@example.com', 45, 'ana@example.com', 'iMessage')").lastrowid
        database.execute("INSERT INTO chat_handle_join VALUES (?, ?)", (chat, ana))
        for number, row in enumerate(rows):
            values = {"guid": f"M{number}", "handle_id": ana, "service": "iMessage", **row}
            names = ", ".join(values)
            message = database.execute(
                f"INSERT INTO message ({names}) VALUES ({', '.join('?' * len(values))})",
                tuple(values.values())).lastrowid
            database.execute("INSERT INTO chat_message_join VALUES (?, ?, ?)", (chat, message, values.get("date", 0)))
        database.commit()
        database.close()
        return pathlib.Path(path).read_bytes()


def telegram_voice(seconds):
    return json.dumps({"name": "Bo", "type": "personal_chat", "id": 2, "messages": [
        {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
         "file": "voice.ogg", "media_type": "voice_message", "mime_type": "audio/ogg",
         "duration_seconds": seconds, "text": ""}]})


def matrix_voice(milliseconds):
    return json.dumps({"room_name": "Room", "messages": [
        {"type": "m.room.message", "sender": "@ana:example.org", "origin_server_ts": 1704449160000,
         "event_id": "$m1", "content": {"msgtype": "m.audio", "body": "voice.ogg",
                                        "info": {"mimetype": "audio/ogg", "duration": milliseconds}}}]})


def crashes():
    """Point 2: a typedstream that multiplies its values, Int64.min dates, absurd lengths."""
    nested = b"[80[80[80[80[80!]]]]]"
    bomb = TYPEDSTREAM_HEADER + b"\x84" + bytes([len(nested)]) + nested + bytes(100)
    day = 757_000_000_000_000_000  # 2024-12 in nanoseconds from 2001
    return [
        {
            "name": "imessage-typedstream-multiplying-arrays",
            "files": {"chat.db": chat_db([
                {"text": "fallback", "attributedBody": bomb, "date": day},
                {"text": "after", "date": day + 60_000_000_000},
            ])},
            "args": ["render", "chat.db", "-o", "out.png"],
            "status": 0,
            "stderr": ["values in one typedstream over the 1,000,000 limit"],
            "exists": ["out.png"],
            "timeout": 60,
        },
        {
            "name": "imessage-date-int64-min",
            "files": {"chat.db": chat_db([
                {"text": "earliest", "date": -(2 ** 63)},
                {"text": "latest", "date": 2 ** 63 - 1},
                {"text": "now", "date": day},
            ])},
            "args": ["render", "chat.db", "-o", "out.png"],
            "status": 0,
            "exists": ["out.png"],
        },
    ] + [
        {
            "name": f"telegram-voice-length-{label}",
            "files": {"result.json": telegram_voice(seconds)},
            "args": ["render", "result.json", "-o", "out.png"],
            "status": 0,
            "stderr": ["'messages[].duration_seconds' of ", "ignored"],
            "exists": ["out.png"],
        }
        for label, seconds in [("1e300", 1e300), ("1e20", 1e20), ("minus-1e300", -1e300)]
    ] + [
        {
            "name": "matrix-voice-length-minus-1e300",
            "files": {"export.json": matrix_voice(-1e300)},
            "args": ["render", "export.json", "-o", "out.png"],
            "status": 0,
            "stderr": ["'messages[].content.info.duration' of "],
            "exists": ["out.png"],
        },
    ]


def stray_nuls():
    """Point 3: a text export with a few NULs is read without them."""
    chat = ("14/03/2024, 09:01 - Ana: one\n14/03/2024, 09:02 - Bo: t\0wo\n"
            "14/03/2024, 09:03 - Ana: three\n").encode()
    return [
        {
            "name": "whatsapp-text-with-a-nul",
            "files": {"chat.txt": chat},
            "args": ["parse", "chat.txt", "-o", "out.json"],
            "status": 0,
            "stderr": ["chat.txt:2:26: warning: a NUL byte was dropped"],
            "exists": ["out.json"],
            "lacks": {"out.json": ["\\u0000", "\u2400"]},
        },
    ]


def key_order():
    """Points 4 and 5: a JSON format is known by its top-level keys wherever they are."""
    messages = [{"from": "ana", "text": f"message {number}"} for number in range(20_000)]
    ours = '{"participants": [{"id": "ana", "name": "Ana"}], "messages": ' + json.dumps(messages) + ', "version": 1}'
    telegram = json.dumps({"name": "n" * 1_000_000, "type": "personal_chat", "id": 2, "messages": [
        {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "Bo", "from_id": "user2",
         "text": "hi"}]})
    return [
        {
            "name": "our-json-version-after-the-messages",
            "files": {"chat.json": ours},
            "args": ["parse", "chat.json", "-o", "out.json"],
            "status": 0,
            "not_stderr": ["no 'version'"],
            "exists": ["out.json"],
        },
        {
            "name": "telegram-chat-name-of-a-million-characters",
            "files": {"result.json": telegram},
            "args": ["parse", "result.json", "-o", "out.json"],
            "status": 0,
            "not_stderr": ["not a format chatrender reads"],
            "exists": ["out.json"],
        },
    ]


def undated_filters():
    """Point 7: a chat without times cannot be filtered or split by date: exit 2, no output."""
    chat = "me: Sam\n\n> hello\n< hi there\n"
    return [
        {
            "name": f"undated-chat-{name}",
            "files": {"a.chat": chat},
            "args": ["render", "a.chat", "-o", "out.png"] + flags,
            "status": 2,
            "stderr": ["the chat has no dates to filter by"],
            "absent": ["out.png", "out-undated.png"],
        }
        for name, flags in [("from", ["--from", "2025-03-01"]), ("to", ["--to", "2025-03-01"]),
                            ("split-by", ["--split-by", "day"])]
    ]


def cases():
    return (outside_the_export() + slack_day_links() + crashes() + stray_nuls() + key_order()
            + undated_filters())
