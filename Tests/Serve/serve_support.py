"""What the serve tests share: a `chatrender serve` on a free port, stopped by SIGTERM, with
a temporary folder of its own (to see that uploads leave nothing), and curl."""

import os
import re
import signal
import subprocess


class Server:
    def __init__(self, binary, arguments, scratch, env=None):
        self.binary = binary
        self.arguments = arguments
        self.tmp = os.path.join(scratch, "tmp")
        os.makedirs(self.tmp, exist_ok=True)
        self.env = dict(os.environ, TMPDIR=self.tmp, **(env or {}))

    def __enter__(self):
        self.process = subprocess.Popen([self.binary, "serve", "--port", "0"] + self.arguments, env=self.env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.process.kill()
            raise RuntimeError("the server did not start: %r %s" % (line, self.process.stderr.read()))
        self.port = int(found.group(1))
        self.url = "http://127.0.0.1:%d" % self.port
        return self

    def __exit__(self, *_):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=120)
        finally:
            if self.process.poll() is None:
                self.process.kill()
        if self.process.returncode != 0:
            raise RuntimeError("the server ended with %s on SIGTERM: %s" % (self.process.returncode,
                                                                              self.process.stderr.read()))


def curl(server, method, path, data=None, data_file=None, form=None, content_type=None, headers=()):
    """(status, headers with lower-case names, body bytes) of one request made with curl."""
    command = ["curl", "-sS", "-X", method, "-D", "-", "--max-time", "300", "-H", "Expect:"]
    for header in headers:
        command += ["-H", header]
    if content_type:
        command += ["-H", "Content-Type: " + content_type]
    if data_file:
        command += ["--data-binary", "@" + data_file]
    elif data is not None:
        command += ["--data-binary", "@-"]
    for name, value in (form or {}).items():
        command += ["-F", "%s=%s" % (name, value)] if value.startswith("@") else ["--form-string", "%s=%s" % (name, value)]
    result = subprocess.run(command + [server.url + path], input=data, capture_output=True, timeout=600)
    head, _, body = result.stdout.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and lines[0].startswith("HTTP/") else 0
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return status, fields, body
