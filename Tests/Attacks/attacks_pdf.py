"""A link's address that tries to end its PDF string and add an action of its own (issue 35):
every way a link reaches a PDF must write it percent-encoded."""
import json

LAUNCH = "https://example.com/a)/S/Launch/F(/usr/bin/xcalc"
# What the PDF would hold if the address ended its string: the start of a Launch action.
INJECTED = ["a)/S/Launch", "F(/usr/bin/xcalc)"]


def chat_file():
    return "me: Sam\n\n[2024-05-01 10:00] Ana: look " + LAUNCH + " now\n[2024-05-01 10:01] > ok\n"


def telegram():
    text = [{"type": "text_link", "text": "open me", "href": LAUNCH}]
    message = {"id": 1, "type": "message", "date": "2024-05-01T10:00:00", "date_unixtime": "1714557600",
               "from": "Ana", "from_id": "user1", "text": text, "text_entities": text}
    return json.dumps({"name": "Ana", "type": "personal_chat", "id": 1, "messages": [message]})


def matrix():
    content = {"msgtype": "m.text", "body": "open me", "format": "org.matrix.custom.html",
               "formatted_body": '<a href="' + LAUNCH.replace('"', "&quot;") + '">open me</a>'}
    event = {"type": "m.room.message", "sender": "@ana:example.org", "content": content,
             "origin_server_ts": 1714557600000, "event_id": "$1"}
    return json.dumps({"room_name": "Room", "export_date": "01/05/2024", "exported_by": "Sam",
                       "messages": [event]})


def chatrender_json():
    return json.dumps({"version": 1, "participants": [{"id": "a", "name": "Ana"}],
                       "messages": [{"from": "a", "text": "open me", "spans": [
                           {"start": 0, "length": 7, "style": "link", "value": LAUNCH}]}]})


def case(name, path, content):
    return {"name": name, "files": {path: content}, "args": [path, "-o", "out.pdf", "-q"],
            "status": 0, "exists": ["out.pdf"], "lacks": {"out.pdf": INJECTED}}


def cases():
    return [
        case("link-typed-in-chat-file", "chat.chat", chat_file()),
        case("telegram-text-link", "result.json", telegram()),
        case("matrix-formatted-body", "matrix.json", matrix()),
        case("chatrender-json-span", "chat.json", chatrender_json()),
    ]
