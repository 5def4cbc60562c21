"""Attacks on chatrender's outputs (issue 35, "Never touch what is not ours"): files beside the
output that are not ours, output names, and what a run leaves behind."""

CHAT = "me: Sam\n\n> hello\n< hi there\n"
DATED = "[01/03/2025, 10:00:00] Ana: hello\n[02/04/2025, 11:00:00] Sam: hi there\n"


def cases():
    return [
        {
            "name": "one-character-output-name",
            "files": {"a.chat": CHAT},
            "args": ["a.chat", "-o", "x"],
            "status": 0,
            "exists": ["x"],
        },
    ]
