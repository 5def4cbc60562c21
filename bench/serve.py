#!/usr/bin/env python3
"""`make bench`'s row for `chatrender serve` (docs/SERVE.md): a five-message quote to PNG,
1,000 requests 4 at a time to a warm server (fonts and Pango kept between requests), against
the same render as a whole process each time (font set-up included), 4 at a time. Prints a
Markdown section with the median and 99th percentile of each.

    python3 serve.py [CHATRENDER] [REQUESTS]
"""
import concurrent.futures
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

QUOTE = json.dumps({
    "version": 1, "me": "me",
    "participants": [{"id": "me", "name": "Me"}, {"id": "ana", "name": "Ana"}],
    "messages": [
        {"from": "ana", "text": "Are we still on for Friday?"},
        {"from": "me", "text": "Yes! 7pm at the usual place 🎉"},
        {"from": "ana", "text": "Perfect, I'll bring the board games"},
        {"from": "me", "text": "Not Monopoly again 😅"},
        {"from": "ana", "text": "No promises"},
    ],
}).encode()


def percentile(times, fraction):
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def server_times(binary, requests):
    process = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", process.stdout.readline()).group(1))
    local = threading.local()

    def request(_):
        if not hasattr(local, "connection"):
            local.connection = http.client.HTTPConnection("127.0.0.1", port)
        start = time.perf_counter()
        local.connection.request("POST", "/v1/render?format=png", QUOTE, {"Content-Type": "application/json"})
        response = local.connection.getresponse()
        body = response.read()
        elapsed = time.perf_counter() - start
        if response.status != 200 or not body.startswith(b"\x89PNG"):
            raise RuntimeError("request failed: %d" % response.status)
        return elapsed

    try:
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            list(pool.map(request, range(8)))  # warm: a renderer per worker thread
            return list(pool.map(request, range(requests)))
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait()


def process_times(binary, runs, folder):
    source = os.path.join(folder, "quote.json")
    with open(source, "wb") as out:
        out.write(QUOTE)

    def run(n):
        start = time.perf_counter()
        subprocess.run([binary, "render", source, "-o", os.path.join(folder, "q%d.png" % (n % 4)), "-q"], check=True)
        return time.perf_counter() - start

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        return list(pool.map(run, range(runs)))


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../.build/release/chatrender")
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    served = server_times(binary, requests)
    with tempfile.TemporaryDirectory() as folder:
        processes = process_times(binary, max(50, requests // 10), folder)
    print("\n## `chatrender serve`: a five-message quote to PNG, 4 at a time\n")
    print("| how | requests | median | 99th percentile |")
    print("|---|---|---|---|")
    for name, times in [("warm server (`POST /v1/render`)", served), ("a process each (`chatrender render`)", processes)]:
        print("| %s | %d | %.1f ms | %.1f ms |" % (name, len(times), 1000 * statistics.median(times),
                                                  1000 * percentile(times, 0.99)))


if __name__ == "__main__":
    main()
