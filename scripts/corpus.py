#!/usr/bin/env python3
"""Runs `chatrender parse` over every file and zip of each folder of a corpus directory and
prints one line per file: path, format detected, messages, authors, warnings, exit status.

    scripts/corpus.py CORPUS_DIR [CHATRENDER]

Messages count what people wrote (system notices left out); authors are the participants who
wrote at least one of them. A folder that is itself an export (a Telegram folder with its
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
    run = subprocess.run(
        [chatrender, "parse", "--verbose", path], capture_output=True, text=True, errors="replace")
    stderr = run.stderr.splitlines()
    format_name = "-"
    for line in stderr:
        if ": note: read as " in line:
            format_name = line.rsplit(": note: read as ", 1)[1]
    warnings = sum(1 for line in stderr if ": warning: " in line)
    errors = sum(1 for line in stderr if ": error: " in line)
    messages = authors = "-"
    if run.returncode == 0:
        chat = json.loads(run.stdout)
        spoken = [m for m in chat["messages"] if m.get("kind", "message") == "message"]
        messages = len(spoken)
        authors = len({m["from"] for m in spoken if "from" in m})
    return format_name, messages, authors, warnings, errors, run.returncode


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
