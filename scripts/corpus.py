#!/usr/bin/env python3
"""Runs `chatrender parse` over every file and zip of each folder of a corpus directory and
prints one line per file: path, format detected, messages, authors, warnings, exit status.

    scripts/corpus.py CORPUS_DIR [CHATRENDER]

Messages count what people wrote (system notices left out); authors are the participants who
wrote at least one of them. An export of several chats that must be chosen from is parsed
chat by chat (`--list`, `--chat`) and summed. A folder that is itself an export (a Telegram folder with its
result.json) is parsed as one input.
"""
import json
import os
import subprocess
import sys


def inputs(root):
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        if "result.json" in files and folder != root:
            yield folder
            dirs[:] = []
            continue
        for name in sorted(files):
            if not name.startswith(".") and not name.endswith(".md"):
                yield os.path.join(folder, name)


def parse(chatrender, path):
    """Format, messages, authors, warnings, errors and exit status of one input; an export of
    several chats that must be chosen from (Telegram, ChatGPT, Slack) is parsed chat by chat
    and summed."""
    whole = parse_one(chatrender, [path])
    if whole[-1] == 0:
        return whole
    chats = subprocess.run(
        [chatrender, "parse", "--list", path], capture_output=True, text=True, errors="replace")
    names = chats.stdout.splitlines() if chats.returncode == 0 else []
    if len(names) < 2:
        return whole
    totals = None
    authors = set()
    # By number: a listed line is the chat's name and its counts, and names may repeat.
    for number in range(1, len(names) + 1):
        result, who = parse_one(chatrender, [path, "--chat", "#%d" % number], keep_authors=True)
        authors |= who
        if totals is None:
            totals = list(result)
        else:
            for index in (1, 3, 4):
                totals[index] = add(totals[index], result[index])
            totals[5] = max(totals[5], result[5])
    totals[0] = f"{totals[0]} ({len(names)} chats)"
    totals[2] = len(authors) if totals[5] == 0 else "-"
    return tuple(totals)


def add(a, b):
    return a + b if isinstance(a, int) and isinstance(b, int) else "-"


def parse_one(chatrender, arguments, keep_authors=False):
    run = subprocess.run(
        [chatrender, "parse", "--verbose"] + arguments, capture_output=True, text=True,
        errors="replace")
    stderr = run.stderr.splitlines()
    format_name = "-"
    for line in stderr:
        if ": note: read as " in line:
            format_name = line.rsplit(": note: read as ", 1)[1]
    warnings = sum(1 for line in stderr if ": warning: " in line)
    errors = sum(1 for line in stderr if ": error: " in line)
    messages = authors = "-"
    who = set()
    if run.returncode == 0:
        chat = json.loads(run.stdout)
        spoken = [m for m in chat["messages"] if m.get("kind", "message") == "message"]
        messages = len(spoken)
        names = {p["id"]: p.get("name", p["id"]) for p in chat.get("participants", [])}
        who = {names.get(m["from"], m["from"]) for m in spoken if "from" in m}
        authors = len(who)
    result = (format_name, messages, authors, warnings, errors, run.returncode)
    return (result, who) if keep_authors else result


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: scripts/corpus.py CORPUS_DIR [CHATRENDER]")
    root = sys.argv[1]
    chatrender = sys.argv[2] if len(sys.argv) > 2 else ".build/release/chatrender"
    rows = [("file", "format", "messages", "authors", "warnings", "errors", "exit")]
    for path in inputs(root):
        rows.append((os.path.relpath(path, root),) + tuple(str(v) for v in parse(chatrender, path)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    failed = sum(1 for row in rows[1:] if row[-1] != "0")
    sys.stdout.flush()
    print(f"{len(rows) - 1} inputs, {failed} refused", file=sys.stderr)


if __name__ == "__main__":
    main()
