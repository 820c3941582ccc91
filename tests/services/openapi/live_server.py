"""A real hexpostd on 127.0.0.1 with its own database, and a small HTTP client for it.

`LiveServer(hexpostd, base_url)` creates a database named after the process, migrates it,
serves on a free port and, on close(), stops the server and drops the database. psql is used
for the database's life cycle and for the few facts the API never shows (a mail secret).
"""

import http.client
import json
import os
import re
import subprocess
import tempfile
import time
import urllib.parse


def database_url(base_url, name):
    """`base_url` (URI or key=value form) pointing at the database `name`."""
    if re.match(r"^postgres(ql)?://", base_url):
        parts = urllib.parse.urlsplit(base_url)
        return urllib.parse.urlunsplit(parts._replace(path="/" + name))
    return f"{base_url} dbname={name}"


class Reply:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # lower-case names
        self.body = body

    @property
    def content_type(self):
        return self.headers.get("content-type", "").split(";")[0].strip()

    def json(self):
        return json.loads(self.body)


class LiveServer:
    """`existing`: serve this database URL as it is (never created or dropped here); `env`: more
    variables for hexpostd."""

    def __init__(self, hexpostd, base_url, existing=None, env=None):
        self.hexpostd = hexpostd
        self.base_url = base_url
        self.db = None if existing else f"hexpost_openapi_{os.getpid()}"
        self.url = existing or database_url(base_url, self.db)
        self.proc = None
        self.log = tempfile.NamedTemporaryFile(prefix="hexpostd-openapi-", suffix=".log")
        if self.db:
            self.psql(self.base_url, f"CREATE DATABASE {self.db}")
        self.env = dict(os.environ, HEXPOST_DATABASE_URL=self.url, HEXPOST_LISTEN="127.0.0.1:0",
                        HEXPOST_HEARTBEAT_S="1", HEXPOST_LOG_LEVEL="debug",
                        HEXPOST_LOG_FORMAT="json",
                        HEXPOST_COMPETITION_S="1",  # ratings within a second of a game's end
                        # every account of the run is made from 127.0.0.1
                        HEXPOST_LOGIN_ADDRESS_BURST="100000", HEXPOST_LOGIN_USERNAME_BURST="100000")
        self.env.update(env or {})
        self.proc = subprocess.Popen([hexpostd, "serve"], env=self.env,
                                     stdout=self.log, stderr=self.log)
        self.port = self._wait_for_port()

    @staticmethod
    def psql(url, sql):
        out = subprocess.run(["psql", url, "-XqAtc", sql], check=True, capture_output=True,
                             text=True)
        return out.stdout.strip()

    def query(self, sql):
        return self.psql(self.url, sql)

    def log_text(self):
        with open(self.log.name) as f:
            return f.read()

    def _wait_for_port(self):
        for _ in range(300):
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", self.log_text())
            if found:
                return int(found.group(1))
            if self.proc.poll() is not None:
                raise RuntimeError("hexpostd exited early:\n" + open(self.log.name).read())
            time.sleep(0.1)
        raise RuntimeError("hexpostd did not report its port")

    def admin_create_user(self, username, email, password, admin=False):
        args = [self.hexpostd, "admin", "create-user", username, "--email", email]
        if admin:
            args.append("--admin")
        made = subprocess.run(args, env=self.env, input=password + "\n", text=True, check=True,
                              capture_output=True)
        return made.stdout.strip()  # the new account's token

    def request(self, method, target, body=None, token=None, headers=None, raw=None):
        """One request on a new connection. `body` is sent as JSON; `raw` as it is."""
        sent = dict(headers or {})
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        if token:
            sent["Authorization"] = "Bearer " + token
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, target, body=data, headers=sent)
            res = conn.getresponse()
            return Reply(res.status, {k.lower(): v for k, v in res.getheaders()},
                         res.read().decode())
        finally:
            conn.close()

    def stream(self, target, token, until, headers=None, max_lines=500):
        """Opens a stream and reads lines until `until(line)` is true (or the stream ends)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            sent = dict(headers or {})
            if token:  # None: without a credential
                sent["Authorization"] = "Bearer " + token
            conn.request("GET", target, headers=sent)
            res = conn.getresponse()
            found = {k.lower(): v for k, v in res.getheaders()}
            if res.status != 200:
                return Reply(res.status, found, res.read().decode())
            lines = []
            for _ in range(max_lines):
                line = res.readline().decode()
                if line == "":
                    break
                lines.append(line)
                if until(line):
                    break
            return Reply(res.status, found, "".join(lines))
        finally:
            conn.close()

    def close(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.db:
            self.psql(self.base_url, f"DROP DATABASE IF EXISTS {self.db} WITH (FORCE)")
        self.log.close()
