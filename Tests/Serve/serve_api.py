#!/usr/bin/env python3
"""API tests of `chatrender serve` (docs/SERVE.md), run by ServeTests: each endpoint and
each error status with curl, hostile uploads, and a load test of 200 renders, 8 at a time,
none lost or mixed up. Usage: serve_api.py CHATRENDER SAMPLES_FOLDER. Prints one line per
failed check and exits 1 if any failed."""

import concurrent.futures
import io
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import zipfile

from serve_support import Server, curl

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what, flush=True)


def chat_json(title, lines):
    """A made-up conversation in ChatRender JSON, what quote bots send."""
    return json.dumps({
        "version": 1, "title": title, "me": "me",
        "participants": [{"id": "me", "name": "Me"}, {"id": "ana", "name": "Ana"}],
        "messages": [
            {"from": "ana" if index % 2 else "me", "time": "2025-03-%02dT%02d:%02d:00" % (1 + index // 1440, index // 60 % 24, index % 60), "text": text}
            for index, text in enumerate(lines)
        ],
    }).encode()


def endpoints(server, samples):
    status, headers, body = curl(server, "GET", "/v1/themes")
    themes = json.loads(body)
    check(status == 200 and any(t["name"] == "whatsapp-dark" and t["tone"] == "dark" for t in themes),
          "GET /v1/themes lists whatsapp-dark as dark")
    status, headers, body = curl(server, "GET", "/v1/formats")
    formats = json.loads(body)
    check(status == 200 and "whatsapp" in [f["name"] for f in formats["inputs"]] and "pdf" in formats["outputs"],
          "GET /v1/formats lists inputs and outputs")
    status, headers, body = curl(server, "GET", "/")
    page = body.decode()
    check(status == 200 and headers.get("content-type", "").startswith("text/html") and "<title>ChatRender" in page,
          "GET / is the page")
    check("default-src 'none'" in headers.get("content-security-policy", ""), "the page fetches nothing from elsewhere")
    check("http://" not in page and "https://" not in page, "the page names no other site")

    lisbon = os.path.join(samples, "lisbon-trip.chat")
    for fmt, magic in [("png", b"\x89PNG"), ("pdf", b"%PDF"), ("svg", b"<?xml"), ("webp", b"RIFF")]:
        status, headers, body = curl(server, "POST", "/v1/render?format=" + fmt, data_file=lisbon)
        check(status == 200 and body.startswith(magic), "POST /v1/render format=%s gives a %s (%d)" % (fmt, fmt, status))
    status, headers, body = curl(server, "POST", "/v1/render?format=png&theme=whatsapp-dark&scale=2",
                                 data_file=lisbon)
    check(status == 200 and headers.get("x-chatrender-theme") == "whatsapp-dark", "theme and scale are taken")

    zip_path = os.path.join(samples, "WhatsApp_Chat_-_Ana_Costa.zip")
    status, headers, body = curl(server, "POST", "/v1/render", form={"file": "@" + zip_path, "me": "Sam Whitfield",
                                                                      "format": "pdf"})
    check(status == 200 and body.startswith(b"%PDF"), "a multipart upload of a .zip renders (%d %s)" % (status, body[:200]))

    status, headers, body = curl(server, "POST", "/v1/parse", form={"file": "@" + zip_path})
    parsed = json.loads(body) if status == 200 else {}
    check(status == 200 and [p["name"] for p in parsed.get("participants", [])] == ["Ana Costa", "Sam Whitfield"],
          "POST /v1/parse gives ChatRender JSON")
    check(status == 200 and "chatrender-upload" not in body.decode(), "parse shows no server path")

    status, headers, body = curl(server, "POST", "/v1/render?format=png", data=chat_json("A quote", ["hi", "hello"]),
                                 content_type="application/json")
    check(status == 200 and body.startswith(b"\x89PNG"), "ChatRender JSON renders a made-up conversation")

    messenger = os.path.join(samples, "messenger-export")
    form = {"files%d" % n: "@%s;filename=%s" % (path, os.path.relpath(path, samples))
            for n, path in enumerate(sorted(walk(messenger)))}
    status, headers, body = curl(server, "POST", "/v1/chats", form=form)
    chats = json.loads(body).get("chats", []) if status == 200 else []
    check(status == 200 and len(chats) >= 2, "a folder sent as a form lists its chats (%d %s)" % (status, body[:300]))
    if chats:
        form["chat"] = chats[0]["name"]
        status, headers, body = curl(server, "POST", "/v1/render?format=png", form=form)
        check(status == 200 and body.startswith(b"\x89PNG"), "a chat of a folder renders (%d %s)" % (status, body[:300]))


def walk(folder):
    for root, _, files in os.walk(folder):
        for name in files:
            yield os.path.join(root, name)


def error_statuses(server, samples, tiny_server, scratch):
    lisbon = os.path.join(samples, "lisbon-trip.chat")
    pad = write_file(scratch, "pad.txt", b"x" * (2 << 20))

    def error(method, path, expected, must_say, **options):
        status, headers, body = curl(server if "on" not in options else options.pop("on"), method, path, **options)
        try:
            message = json.loads(body)["error"]["message"]
        except (ValueError, KeyError):
            message = body[:200]
        check(status == expected and must_say in message,
              "%s %s: %d '%s', expected %d saying '%s'" % (method, path, status, message, expected, must_say))
        return headers, message

    error("POST", "/v1/render?clock=13", 400, "invalid value '13' for --clock (expected 12 or 24)", data_file=lisbon)
    error("POST", "/v1/render?output=/etc/passwd", 400, "does not take it", data_file=lisbon)
    error("POST", "/v1/render?attachments=/etc", 400, "does not take it", data_file=lisbon)
    error("POST", "/v1/render?theme=/etc/passwd", 400, "built-in themes only", data_file=lisbon)
    error("POST", "/v1/render?colour=always", 400, "unknown option 'colour'", data_file=lisbon)
    error("POST", "/v1/render?format=png,pdf", 400, "one format", data_file=lisbon)
    error("POST", "/v1/render?highlight=999", 400, "highlight", data_file=lisbon)
    error("POST", "/v1/render?me=Nobody%20Here", 400, "'Nobody Here' matches no participant", data_file=lisbon)
    error("POST", "/v1/render", 400, "no export sent")
    error("GET", "/v1/render", 405, "GET is not answered")
    error("GET", "/etc/passwd", 404, "nothing at")
    error("POST", "/v1/render", 415, "chat.txt:1:1: error: not a format chatrender reads", data=b"hello\nworld\n")
    broken = b'{"version": 1,\n "participants": [],\n "messages": [{"from": 7}]}\n'
    headers, message = error("POST", "/v1/render?filename=quote.json", 422, "quote.json:3:", data=broken,
                             content_type="application/json")
    check("chatrender-upload" not in message, "a located error names the upload, not the server's folder")
    error("POST", "/v1/render", 413, "larger than this server takes (1 MB", on=tiny_server,
          data=b"x" * (2 << 20))
    error("POST", "/v1/render", 413, "larger than this server takes", on=tiny_server,
          form={"file": "@" + os.path.join(samples, "lisbon-trip.chat"), "pad": "@" + pad})
    error("POST", "/v1/render", 413, "larger than this server takes", on=tiny_server, data=b"x" * (2 << 20),
          headers=["Transfer-Encoding: chunked"])


def request_limits(binary, samples, scratch):
    """A render past --request-timeout is 503 with Retry-After, one over --request-memory 422:
    a time of 0 and a memory of 1 KB are passed by any render, whatever the machine's speed."""
    lisbon = os.path.join(samples, "lisbon-trip.chat")
    with Server(binary, ["--request-timeout", "0"], scratch) as hurried:
        status, headers, body = curl(hurried, "POST", "/v1/render", data_file=lisbon)
        check(status == 503 and b"--request-timeout" in body and "retry-after" in headers,
              "a render past its time: %d %r" % (status, body[:200]))
        status, _, _ = curl(hurried, "POST", "/v1/parse", data_file=lisbon)
        check(status == 200, "the time limits renders only: parse answered %d" % status)
    with Server(binary, ["--request-memory", "1KB"], scratch) as small:
        status, _, body = curl(small, "POST", "/v1/render", data_file=lisbon)
        check(status == 422 and b"--request-memory 1 KB" in body, "a render over its memory: %d %r" % (status, body[:200]))
        status, _, _ = curl(small, "POST", "/v1/render?format=pdf", data_file=lisbon)
        check(status == 200, "a PDF has no page image to refuse: %d" % status)


def token(binary, samples, scratch):
    lisbon = os.path.join(samples, "lisbon-trip.chat")
    refused = subprocess.run([binary, "serve", "--bind", "0.0.0.0", "--port", "0"], capture_output=True, text=True,
                             timeout=60)
    check(refused.returncode == 2 and "give --token" in refused.stderr, "a non-loopback --bind needs --token")
    with Server(binary, ["--token", "s3cret"], scratch) as server:
        status, headers, body = curl(server, "POST", "/v1/render", data_file=lisbon)
        check(status == 401 and headers.get("www-authenticate") == "Bearer", "no token: 401")
        status, _, _ = curl(server, "POST", "/v1/render", data_file=lisbon, headers=["Authorization: Bearer wrong"])
        check(status == 401, "a wrong token: 401")
        status, _, body = curl(server, "POST", "/v1/render", data_file=lisbon, headers=["Authorization: Bearer s3cret"])
        check(status == 200 and body.startswith(b"\x89PNG"), "the token: 200")


def hostile(server, scratch):
    # A zip bomb: one member of 64 MiB of zeros, over the server's entry limit (2 MiB here).
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("WhatsApp Chat with Bomb.txt", "w", force_zip64=True) as member:
            for _ in range(64):
                member.write(b"\0" * (1 << 20))
    status, _, body = curl(server, "POST", "/v1/render", data=bomb.getvalue(), content_type="application/zip")
    check(status in (415, 422) and b"chatrender-upload" not in body, "a zip bomb is refused (%d %s)" % (status, body[:300]))

    # A zip whose member claims 10 GB.
    liar = bytearray(zip_of({"WhatsApp Chat with Liar.txt": b"1/2/24, 10:00 - Ana: hi\n"}))
    central = liar.rfind(b"PK\x01\x02")
    struct.pack_into("<I", liar, central + 24, 0xFFFFFFF0)
    struct.pack_into("<I", liar, 22, 0xFFFFFFF0)
    status, _, body = curl(server, "POST", "/v1/render", data=bytes(liar), content_type="application/zip")
    check(status in (415, 422), "a zip member claiming 10 GB is refused (%d %s)" % (status, body[:300]))

    # Names that lead out: a form's file name, and a zip member's.
    outside = os.path.join(scratch, "escaped.txt")
    status, _, body = curl(server, "POST", "/v1/render",
                           form={"file": "@%s;filename=../../../../%s" % (write_file(scratch, "c.txt", b"x"), outside)})
    check(status == 400 and b"leads out of the upload" in body, "a form file named ../.. is refused (%d)" % status)
    check(not os.path.exists(outside), "nothing was written outside the upload")
    status, _, body = curl(server, "POST", "/v1/render",
                           data=zip_of({"../../escaped.txt": b"x", "WhatsApp Chat with A.txt": b"1/2/24, 10:00 - A: hi\n"}),
                           content_type="application/zip")
    check(not os.path.exists(os.path.join(scratch, "escaped.txt")), "a zip member named ../.. is not unpacked")

    # A body declared as 10 GB: refused before a byte of it is read.
    reply = raw_request(server, b"POST /v1/render HTTP/1.1\r\nHost: x\r\nContent-Length: 10737418240\r\n\r\n")
    check(reply.startswith(b"HTTP/1.1 413"), "a declared 10 GB body: 413 at once (%r)" % reply[:40])

    # A slow sender holds only its own connection: others are answered meanwhile, and when it
    # goes, its part-upload goes too.
    slow = socket.create_connection(("127.0.0.1", server.port))
    slow.sendall(b"POST /v1/render HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + b"1/2/24, 10:00 - A: hi\n")
    status, _, _ = curl(server, "GET", "/v1/themes")
    check(status == 200, "the server answers while a sender is slow")
    slow.close()


def zip_of(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def write_file(folder, name, data):
    path = os.path.join(folder, name)
    with open(path, "wb") as out:
        out.write(data)
    return path


def raw_request(server, request):
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(request)
        return connection.recv(4096)


def load(server):
    """200 renders, 8 at a time, of 4 different chats: each answer is byte for byte the one
    that chat gave alone, so none was lost or mixed up."""
    chats = [chat_json("Chat %d" % n, ["chat %d line %d" % (n, i) for i in range(3 + 4 * n)]) for n in range(4)]
    themes = ["default", "whatsapp", "telegram-dark", "imessage"]

    def render(n):
        return curl(server, "POST", "/v1/render?format=png&theme=" + themes[n], data=chats[n],
                    content_type="application/json")

    expected = [render(n)[2] for n in range(4)]
    check(all(body.startswith(b"\x89PNG") for body in expected) and len(set(expected)) == 4,
          "four different references")
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda i: (i % 4, render(i % 4)), range(200)))
    wrong = [i for i, (n, (status, headers, body)) in enumerate(answers)
             if status != 200 or body != expected[n] or headers.get("content-disposition") != 'inline; filename="Chat %d.png"' % n]
    check(len(answers) == 200 and not wrong, "load: %d of 200 answers lost or mixed up" % len(wrong))
    with open("/proc/%d/status" % server.process.pid) as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    check(peak < 1024 * 1024, "load: the server's peak memory %d KiB is under 1 GiB" % peak)


def main():
    binary, samples = sys.argv[1], sys.argv[2]
    scratch = tempfile.mkdtemp(prefix="serve-api-")
    try:
        limits = {"CHATRENDER_MAX_ENTRY_BYTES": str(2 << 20)}
        with Server(binary, [], scratch, env=limits) as server, \
                Server(binary, ["--max-upload", "1MB"], scratch) as tiny:
            endpoints(server, samples)
            error_statuses(server, samples, tiny, scratch)
            hostile(server, scratch)
            load(server)
        token(binary, samples, scratch)
        request_limits(binary, samples, scratch)
        left = os.listdir(os.path.join(scratch, "tmp"))
        check(not left, "no temporary file left: %s" % left)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("%d checks failed" % len(failures) if failures else "all API checks passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
