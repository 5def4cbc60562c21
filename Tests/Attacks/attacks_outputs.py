"""Attacks on chatrender's outputs (issue 35, "Never touch what is not ours"): files beside the
output that are not ours, output names, and what a run leaves behind."""

CHAT = "me: Sam\n\n> hello\n< hi there\n"
DATED = "[01/03/2025, 10:00:00] Ana: hello\n[02/04/2025, 11:00:00] Sam: hi there\n"


def cases():
    return [
        {
            # A name is no proof: files named like the series are the user's unless recorded.
            "name": "series-names-are-not-proof",
            "files": {"a.chat": CHAT, "chat-001.png": "my notes\n", "chat-2024.png": "a photo\n",
                      "chat-20240512.png": "another\n"},
            "args": ["a.chat", "-o", "chat.png"],
            "status": 0,
            "stderr": ["left chat-001.png: not written by chatrender"],
            "exists": ["chat.png"],
            "unchanged": ["chat-001.png", "chat-2024.png", "chat-20240512.png"],
        },
        {
            "name": "split-keeps-the-users-file",
            "files": {"chat.txt": DATED, "chat.pdf": "my own pdf\n"},
            "args": ["chat.txt", "-o", "chat.pdf", "--split-by", "month"],
            "status": 0,
            "stderr": ["left chat.pdf: not written by chatrender"],
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
            "name": "name-clash-names-the-flag",
            "files": {"a.png": CHAT},
            "args": ["a.png", "--name", "a", "-o", "."],
            "status": 2,
            "stderr": ["--name 'a' names it so"],
            "unchanged": ["a.png"],
        },
    ]
