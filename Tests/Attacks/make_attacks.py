#!/usr/bin/env python3
"""Writes the attack files into OUT, one folder per case, and OUT/cases.json: what to run in
each folder and what must come of it. AttackFileTests runs them in `make test`.

Each `attacks_<area>.py` beside this file has `cases()`, a list of dicts:
  name       the case's folder name, unique within its area
  files      {relative path: str or bytes} to write (made here, never stored large in git)
  symlinks   {relative path: target} made after the files
  args       chatrender's arguments, run in the case's folder
  env        {name: value} added to the hermetic environment (a limit lowered, say)
  status     the exit status it must return
  stderr     substrings standard error must hold (default none)
  not_stderr substrings it must not hold
  exists     paths that must exist afterwards
  absent     paths that must not exist afterwards
  unchanged  paths of `files` whose bytes must be as written
  lacks      {path: [substrings]} an output must not contain
  timeout    seconds before the run is killed and the case fails as a hang (default 120)
Every case also checks that no temporary file (`*.tmp-*`) is left anywhere in its folder.
"""
import importlib
import json
import os
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent


def write_case(folder, case):
    folder.mkdir(parents=True)
    for relative, content in case.get("files", {}).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
    for relative, target in case.get("symlinks", {}).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, path)


def described(case, folder):
    unchanged = {}
    for relative in case.get("unchanged", []):
        content = case["files"][relative]
        unchanged[relative] = (content.encode() if isinstance(content, str) else content).hex()
    return {
        "name": folder.parent.name + "/" + case["name"],
        "folder": str(folder),
        "args": case["args"],
        "env": case.get("env", {}),
        "status": case["status"],
        "stderr": case.get("stderr", []),
        "notStderr": case.get("not_stderr", []),
        "exists": case.get("exists", []),
        "absent": case.get("absent", []),
        "unchanged": unchanged,
        "lacks": case.get("lacks", {}),
        "timeout": case.get("timeout", 120),
    }


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_attacks.py OUT")
    out = pathlib.Path(sys.argv[1]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(HERE))
    listed = []
    for module_file in sorted(HERE.glob("attacks_*.py")):
        area = module_file.stem.removeprefix("attacks_")
        for case in importlib.import_module(module_file.stem).cases():
            folder = out / area / case["name"]
            write_case(folder, case)
            listed.append(described(case, folder))
    names = [case["name"] for case in listed]
    duplicates = {name for name in names if names.count(name) > 1}
    if duplicates:
        sys.exit("make_attacks.py: cases named twice: " + ", ".join(sorted(duplicates)))
    (out / "cases.json").write_text(json.dumps(listed, indent=1))


if __name__ == "__main__":
    main()
