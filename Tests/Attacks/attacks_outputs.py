"""Attacks on chatrender's outputs (issue 35, "Never touch what is not ours"): files beside the
output that are not ours, output names, and what a run leaves behind."""

CHAT = "me: Sam\n\n> hello\n< hi there\n"
DATED = "[01/03/2025, 10:00:00] Ana: hello\n[02/04/2025, 11:00:00] Sam: hi there\n"


def titled(title):
    """A ChatRender JSON chat titled `title` (already JSON-escaped)."""
    return ('{"version": 1, "title": "%s", "participants": [{"id": "a", "name": "Ana"}], '
            '"messages": [{"from": "a", "time": "2024-03-14T18:00:00Z", "text": "hello"}]}' % title)


def cases():
    return [
        {
            # A name is no proof: files named like the series are the user's unless recorded.
            "name": "series-names-are-not-proof",
            "files": {"a.chat": CHAT, "chat-001.png": "my notes\n", "chat-2024.png": "a photo\n",
                      "chat-20240512.png": "another\n"},
            "args": ["a.chat", "-o", "chat.png"],
            "status": 0,
            "stderr": ["left chat-001.png: no record shows chatrender wrote it"],
            "exists": ["chat.png"],
            "unchanged": ["chat-001.png", "chat-2024.png", "chat-20240512.png"],
        },
        {
            "name": "split-keeps-the-users-file",
            "files": {"chat.txt": DATED, "chat.pdf": "my own pdf\n"},
            "args": ["chat.txt", "-o", "chat.pdf", "--split-by", "month"],
            "status": 0,
            "stderr": ["left chat.pdf: no record shows chatrender wrote it"],
            "exists": ["chat-2025-03.pdf", "chat-2025-04.pdf"],
            "unchanged": ["chat.pdf"],
        },
        {
            "name": "one-character-output-name",
            "files": {"a.chat": CHAT},
            "args": ["a.chat", "-o", "x"],
            "status": 0,
            "exists": ["x"],
        },
        {
            "name": "file-name-is-no-folder",
            "files": {"a.chat": CHAT},
            "args": ["a.chat", "-f", "png,pdf", "-o", "x.pdf"],
            "status": 2,
            "stderr": ["-o 'x.pdf' names a file", "give a folder for -o"],
            "absent": ["x.pdf"],
        },
        {
            "name": "name-with-the-extension",
            "files": {"a.chat": CHAT},
            "args": ["a.chat", "--name", "{chat}.{format}", "-f", "pdf", "-o", "out"],
            "status": 0,
            "exists": ["out/a.pdf"],
            "absent": ["out/a.pdf.pdf"],
        },
        {
            "name": "name-without-output-folder",
            "files": {"a.chat": CHAT},
            "args": ["a.chat", "--name", "x"],
            "status": 2,
            "stderr": ["--name names files in the folder -o DIR gives"],
            "not_stderr": ["several formats"],
            "absent": ["x.png"],
        },
        {
            "name": "name-clash-names-the-flag",
            "files": {"a.png": CHAT},
            "args": ["a.png", "--name", "a", "-o", "."],
            "status": 2,
            "stderr": ["--name 'a' names it so"],
            "unchanged": ["a.png"],
        },
        {
            "name": "name-leads-out-of-the-folder",
            "files": {"in/a.chat": CHAT},
            "args": ["in/a.chat", "--name", "x/../../esc-{chat}", "-o", "in/out"],
            "status": 2,
            "stderr": ["'..' is not allowed in --name"],
            "absent": ["esc-a.png", "in/esc-a.png", "in/out"],
        },
        {
            "name": "title-hides-a-slash-and-bidi",
            "files": {"1.json": titled("x\\u0600/y"), "2.json": titled("a/\\u0301b"),
                      "3.json": titled("\\u202Egnp.exe")},
            "args": ["1.json", "2.json", "3.json", "--name", "{chat}", "-o", "out"],
            "status": 0,
            "exists": ["out/x_y.png", "out/a_\u0301b.png", "out/gnp.exe.png"],
            "absent": ["out/x\u0600", "out/a", "out/\u202egnp.exe.png"],
        },
        {
            # The manifest names files relative to itself, never as seen from where we ran.
            "name": "evidence-manifest-is-relative",
            "files": {"in/a.chat": CHAT},
            "args": ["in/a.chat", "-o", "out/a.pdf", "--evidence"],
            "status": 0,
            "exists": ["out/a.pdf.sha256"],
            "lacks": {"out/a.pdf.sha256": ["  in/", "  out/"]},
        },
        {
            "name": "slack-all-chats",
            "files": {
                "slack/users.json": '[{"id": "U1", "name": "ana"}]',
                "slack/channels.json": '[{"id": "C1", "name": "general", "members": ["U1"]}]',
                "slack/general/2024-01-01.json":
                    '[{"type": "message", "user": "U1", "text": "hello", "ts": "1704103200.000100"}]',
            },
            "args": ["slack", "--all-chats", "-o", "out"],
            "status": 0,
            "exists": ["out/general.png"],
            "not_stderr": ["no channel"],
        },
    ]
