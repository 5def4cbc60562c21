#!/usr/bin/env python3
"""Writes the Messenger and Instagram exports of Samples/ and of the test fixtures, as Meta
writes them: two-space indents, every string's UTF-8 bytes escaped as \\u00XX, messages newest
first. Pictures are committed beside them (tiny JPEGs)."""
import json, os, sys, datetime

def meta(value):
    if isinstance(value, str): return value.encode("utf-8").decode("latin-1")
    if isinstance(value, list): return [meta(v) for v in value]
    if isinstance(value, dict): return {k: meta(v) for k, v in value.items()}
    return value

def ms(text):
    return int(datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)

def write(path, obj, mangle=True):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(meta(obj) if mangle else obj, indent=2, ensure_ascii=True) + "\n")

def conversation(root, prefix, folder, title, participants, messages, thread_type="Regular", files=1):
    """messages oldest first, as (time, sender, fields); split into `files` files, newest first."""
    newest = [dict({"sender_name": s, "timestamp_ms": ms(t)}, **f) for t, s, f in reversed(messages)]
    size = -(-len(newest) // files)
    for n in range(files):
        write(f"{root}/{prefix}/inbox/{folder}/message_{n + 1}.json", {
            "participants": [{"name": p} for p in participants],
            "messages": newest[n * size:(n + 1) * size],
            "title": title, "is_still_participant": True, "thread_type": thread_type,
            "thread_path": f"inbox/{folder}", "magic_words": [],
        })

def photo(prefix, folder, name, t):
    return {"uri": f"{prefix}/inbox/{folder}/photos/{name}", "creation_timestamp": ms(t) // 1000}

def sample(root):
    p = "your_facebook_activity/messages"
    sam, ana, bo, jamie = "Sam Rivera", "Ana Costa", "Bo Carvalho", "Jamie Lee"
    conversation(root, p, "anacosta_10158", ana, [ana, sam], [
        ("2025-06-06T18:02:00Z", ana, {"content": "Chegámos a Lisboa! 🎉 The tram up to the castle was packed", "type": "Generic"}),
        ("2025-06-06T18:03:10Z", sam, {"content": "Amazing!! Send pictures 📸", "type": "Generic"}),
        ("2025-06-06T18:05:42Z", ana, {"photos": [photo(p, "anacosta_10158", "miradouro.jpg", "2025-06-06T18:05:42Z")], "type": "Generic",
            "reactions": [{"reaction": "😍", "actor": sam}]}),
        ("2025-06-06T18:06:30Z", ana, {"content": "Miradouro da Graça at sunset ☀️", "type": "Generic"}),
        ("2025-06-06T18:07:05Z", sam, {"content": "You sent an attachment.", "type": "Share",
            "share": {"link": "https://www.visitlisboa.com/en/places/miradouro-da-graca", "share_text": "Miradouro da Graça — one of Lisbon's best viewpoints"}}),
        ("2025-06-06T18:20:00Z", sam, {"content": "You called Ana Costa.", "type": "Call", "call_duration": 754}),
        ("2025-06-06T18:41:12Z", ana, {"content": "", "is_unsent": True, "type": "Generic"}),
        ("2025-06-06T18:41:40Z", ana, {"content": "Pastéis de nata tomorrow at 9, Manteigaria 🥐", "type": "Generic",
            "reactions": [{"reaction": "👍", "actor": sam}, {"reaction": "❤️", "actor": ana}]}),
        ("2025-06-06T18:42:03Z", sam, {"content": "Deal. I'll bring the guidebook", "type": "Generic"}),
    ], files=2)
    conversation(root, p, "trailcrew_20571", "Trail Crew 🥾", [sam, ana, bo, jamie], [
        ("2025-06-14T07:10:00Z", bo, {"content": "Bo Carvalho added Jamie Lee to the group.", "type": "Subscribe", "users": [{"name": jamie}]}),
        ("2025-06-14T07:11:20Z", jamie, {"content": "Hi all 👋 thanks for adding me", "type": "Generic"}),
        ("2025-06-14T07:12:02Z", bo, {"content": "Meet at the trailhead at 8? Route attached", "type": "Generic",
            "files": [{"uri": f"{p}/inbox/trailcrew_20571/files/serra-da-estrela.gpx", "creation_timestamp": ms("2025-06-14T07:12:02Z") // 1000}]}),
        ("2025-06-14T07:13:30Z", sam, {"content": "On my way 🚗", "type": "Generic", "reactions": [{"reaction": "👍", "actor": bo}]}),
        ("2025-06-14T11:48:00Z", ana, {"photos": [photo(p, "trailcrew_20571", "summit.jpg", "2025-06-14T11:48:00Z")], "type": "Generic",
            "reactions": [{"reaction": "😮", "actor": sam}, {"reaction": "❤️", "actor": bo}, {"reaction": "❤️", "actor": jamie}]}),
        ("2025-06-14T11:48:30Z", ana, {"content": "Torre, 1993 m — made it! 🏔️", "type": "Generic"}),
        ("2025-06-14T11:50:00Z", jamie, {"content": "Worth every step 🙌", "type": "Generic"}),
    ], thread_type="RegularGroup")
    conversation(root, p, "bocarvalho_30912", bo, [bo, sam], [
        ("2025-06-15T20:00:00Z", bo, {"content": "Great hike yesterday. Same time next month?", "type": "Generic"}),
        ("2025-06-15T20:04:10Z", sam, {"content": "Absolutely — I'll book the cabin 🏕️", "type": "Generic",
            "reactions": [{"reaction": "🙌", "actor": bo}]}),
    ])
    os.makedirs(f"{root}/{p}/inbox/trailcrew_20571/files", exist_ok=True)
    with open(f"{root}/{p}/inbox/trailcrew_20571/files/serra-da-estrela.gpx", "w") as f:
        f.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="sample"><trk><name>Serra da Estrela</name></trk></gpx>\n')

def messenger_fixture(root):
    """Two Facebook conversations: one in two files with a sticker, a call, an unsent message,
    an old-style text reaction and a missed call; a group with a join."""
    p = "messages"
    me, ana, bo = "Sam Rivera", "Ana Costa", "Bo Carvalho"
    conversation(root, p, "anacosta_1001", ana, [ana, me], [
        ("2024-03-01T09:00:00Z", ana, {"content": "Olá Sam! Café às 10?", "type": "Generic"}),
        ("2024-03-01T09:01:00Z", me, {"content": "Sim ☕", "type": "Generic"}),
        ("2024-03-01T09:02:00Z", ana, {"content": "Reacted ❤️ to your message", "type": "Generic"}),
        ("2024-03-01T09:03:00Z", me, {"sticker": {"uri": "messages/stickers_used/369239263222822.png"}, "type": "Generic"}),
        ("2024-03-01T09:04:00Z", ana, {"content": "You missed a call from Ana Costa.", "type": "Call", "call_duration": 0}),
        ("2024-03-01T09:05:00Z", me, {"content": "Sam Rivera called Ana Costa.", "type": "Call", "call_duration": 125}),
        ("2024-03-01T09:06:00Z", ana, {"content": "", "is_unsent": True, "type": "Generic"}),
        ("2024-03-01T09:07:00Z", ana, {"photos": [photo(p, "anacosta_1001", "cafe.jpg", "2024-03-01T09:07:00Z")], "content": "Ana Costa sent a photo.", "type": "Generic"}),
    ], files=2)
    conversation(root, p, "trailcrew_2002", "Trail Crew", [me, ana, bo], [
        ("2024-03-02T08:00:00Z", bo, {"content": "Bo Carvalho added Ana Costa to the group.", "type": "Subscribe", "users": [{"name": ana}]}),
        ("2024-03-02T08:01:00Z", ana, {"content": "Olá a todos", "type": "Generic", "reactions": [{"reaction": "👋", "actor": me}, {"reaction": "👋", "actor": bo}]}),
        ("2024-03-02T08:02:00Z", me, {"content": "Bem-vinda!", "type": "Generic"}),
        ("2024-03-02T08:03:00Z", bo, {"content": "Bo Carvalho left the group.", "type": "Unsubscribe", "users": [{"name": bo}]}),
    ], thread_type="RegularGroup")
    os.makedirs(f"{root}/{p}/stickers_used", exist_ok=True)

def instagram_fixture(root):
    """A newer Instagram export (your_instagram_activity/), one conversation: photos with
    reactions, "Liked a message", a shared post, a geoblocked message."""
    p = "your_instagram_activity/messages"
    me, lua = "sam.rivera", "Lua Mendes"
    conversation(root, p, "luamendes_3003", lua, [lua, me], [
        ("2024-05-10T12:00:00Z", lua, {"content": "Olha esta vista! 🌊"}),
        ("2024-05-10T12:00:30Z", lua, {"photos": [photo(p, "luamendes_3003", "praia.jpg", "2024-05-10T12:00:30Z"), photo(p, "luamendes_3003", "farol.jpg", "2024-05-10T12:00:30Z")],
            "reactions": [{"reaction": "😍", "actor": me}, {"reaction": "🔥", "actor": lua}]}),
        ("2024-05-10T12:01:00Z", me, {"content": "Que lindo!! 😍"}),
        ("2024-05-10T12:01:20Z", lua, {"content": "Liked a message"}),
        ("2024-05-10T12:02:00Z", me, {"content": "sam.rivera sent an attachment.", "share": {"link": "https://www.instagram.com/p/C6xyz/", "share_text": "Best beaches of the Algarve", "original_content_owner": "algarve.guide"}}),
        ("2024-05-10T12:03:00Z", lua, {"content": "", "is_geoblocked_for_viewer": True}),
    ])
    conversation(root, p, "bocarvalho_4004", "Bo Carvalho", ["Bo Carvalho", me], [
        ("2024-05-11T10:00:00Z", "Bo Carvalho", {"content": "See you Saturday"}),
        ("2024-05-11T10:01:00Z", me, {"content": "👍"}),
    ])

def e2ee_fixture(path):
    """messenger.com's export of an end-to-end encrypted chat (oldest first, real UTF-8)."""
    me, ana = "Sam Rivera", "Ana Costa"
    msgs = [
        (ana, "2024-06-01T10:00:00Z", "Encrypted now 🔒", [], []),
        (me, "2024-06-01T10:01:00Z", "Nice, olá!", [], [{"actor": ana, "reaction": "😂"}]),
        (ana, "2024-06-01T10:02:00Z", "", ["media/ponte.jpg"], []),
        (me, "2024-06-01T10:03:00Z", "", [], []),
    ]
    out = {"participants": [ana, me], "threadName": ana, "messages": [
        {"isUnsent": i == 3, "media": [{"uri": u} for u in media], "reactions": r, "senderName": s, "text": t,
         "timestamp": ms(when), "type": "text" if t or i == 3 else "media"}
        for i, (s, when, t, media, r) in enumerate(msgs)]}
    write(path, out, mangle=False)

if __name__ == "__main__":
    what, root = sys.argv[1], sys.argv[2]
    {"sample": sample, "messenger": messenger_fixture, "instagram": instagram_fixture, "e2ee": e2ee_fixture}[what](root)
