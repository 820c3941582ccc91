#!/usr/bin/env python3
"""Two hexpostd instances behind nginx (ops/nginx/hexpost.conf, over TLS), one killed mid-play.

PostgreSQL (TEST_DATABASE_URL's cluster, a database of the test's own), two hexpostd instances
and nginx on loopback, in front of one another. Through nginx only:
  - two reference bots (`hexpost bot run`, the real CLI, over https with the test's own CA)
    play 20 games of hex-quoridor against each other (each resigns at ply 30);
  - two players play a game of their own with Idempotency-Key retries, as the CLI does;
  - /readyz is asked every 100 ms.
The bots open their event streams while only the first instance runs; the second starts
after. Once the bots are playing, the first instance is killed with SIGKILL. Then:
  - every game finishes;
  - every move acknowledged (201) to the players is stored, in order, and nothing else;
  - each bot's event log holds every one of its events exactly once, in stream order (the
    streams resumed on the other instance without a gap or a duplicate);
  - every /readyz answer through nginx was 200.
The shipped configuration is used as it is, with the ports, certificate paths and the
per-address request rate (20 r/s there; every client here is 127.0.0.1) substituted.

usage: nginx_failover_test.py SOURCE_DIR HEXPOSTD HEXPOST   (TEST_DATABASE_URL, nginx, openssl;
       else skipped: 77)
"""

import http.client
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "openapi"))
from live_server import database_url  # noqa: E402

GAMES = 20
NGINX = "/usr/sbin/nginx"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def psql(url, sql):
    return subprocess.run(["psql", url, "-XqAtc", sql], check=True, capture_output=True,
                          text=True).stdout.strip()


def wait_until(done, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.1)
    return done()


class Proxy:
    """HTTPS requests to nginx, one connection each, verified against the test's CA."""

    def __init__(self, port, ca):
        self.port = port
        self.context = ssl.create_default_context(cafile=ca)

    def request(self, method, target, body=None, token=None, headers=None):
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if token:
            sent["Authorization"] = "Bearer " + token
        conn = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context,
                                           timeout=30)
        try:
            conn.request(method, target, body=data, headers=sent)
            res = conn.getresponse()
            text = res.read().decode()
            return res.status, (json.loads(text) if text.startswith(("{", "[")) else text)
        finally:
            conn.close()


class Stand:
    """The database, the instances and nginx; everything goes on close()."""

    def __init__(self, root, hexpostd):
        self.dir = tempfile.mkdtemp(prefix="hexpost-nginx-")
        os.chmod(self.dir, 0o755)  # nginx's workers (nobody, when run as root) use temp paths here
        self.base = os.environ["TEST_DATABASE_URL"]
        self.db = f"hexpost_nginx_{os.getpid()}"
        self.url = database_url(self.base, self.db)
        psql(self.base, f"CREATE DATABASE {self.db}")
        self.hexpostd, self.instances, self.nginx = hexpostd, [], None
        self.ports = [free_port(), free_port()]
        self.start_instance()  # the second comes later (start_instance), once streams are open
        self.ca = self._make_certificate()
        self.port = free_port()
        self._start_nginx(root)

    def start_instance(self):
        port = self.ports[len(self.instances)]
        env = dict(os.environ, HEXPOST_DATABASE_URL=self.url, HEXPOST_LISTEN=f"127.0.0.1:{port}",
                   HEXPOST_TRUSTED_PROXIES="127.0.0.1", HEXPOST_LOG_LEVEL="warn",
                   HEXPOST_INSTANCE_ID=f"i{port}", HEXPOST_RATE_PER_S="100000",
                   HEXPOST_RATE_BURST="100000", HEXPOST_LOGIN_ADDRESS_BURST="100000",
                   HEXPOST_STREAM_HEARTBEAT_MS="1000", HEXPOST_STREAM_POLL_MS="200")
        log = open(os.path.join(self.dir, f"hexpostd-{port}.out"), "w")
        proc = subprocess.Popen([self.hexpostd, "serve"], env=env, stdout=log, stderr=log)
        ready = lambda: subprocess.run(  # noqa: E731
            ["python3", "-c", f"import urllib.request as u; u.urlopen('http://127.0.0.1:{port}"
                              f"/readyz', timeout=2)"], capture_output=True).returncode == 0
        if not wait_until(ready, 60):
            raise RuntimeError(f"instance on {port} did not become ready")
        self.instances.append(proc)

    def _make_certificate(self):
        cert, key = os.path.join(self.dir, "cert.pem"), os.path.join(self.dir, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                        "-keyout", key, "-out", cert], check=True, capture_output=True)
        return cert

    def _render(self, root):
        conf = open(os.path.join(root, "ops/nginx/hexpost.conf")).read()
        conf = conf.replace("127.0.0.1:8081", f"127.0.0.1:{self.ports[0]}")
        conf = conf.replace("127.0.0.1:8082", f"127.0.0.1:{self.ports[1]}")
        conf = conf.replace("listen 443 ssl", f"listen 127.0.0.1:{self.port} ssl")
        conf = conf.replace("listen 80;", f"listen 127.0.0.1:{free_port()};")
        conf = "\n".join(line for line in conf.splitlines() if "[::]" not in line)
        conf = conf.replace("/etc/ssl/hexpost/fullchain.pem", os.path.join(self.dir, "cert.pem"))
        conf = conf.replace("/etc/ssl/hexpost/privkey.pem", os.path.join(self.dir, "key.pem"))
        conf, substituted = re.subn(r"rate=20r/s", "rate=100000r/s", conf)
        assert substituted == 1 and f"127.0.0.1:{self.ports[1]}" in conf, "config changed shape"
        return conf

    def _start_nginx(self, root):
        with open(os.path.join(self.dir, "hexpost.conf"), "w") as out:
            out.write(self._render(root))
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            os.makedirs(os.path.join(self.dir, sub), mode=0o777)
            os.chmod(os.path.join(self.dir, sub), 0o777)
        d = self.dir
        main = (f"daemon off;\npid {d}/nginx.pid;\nerror_log {d}/nginx-error.log warn;\n"
                f"events {{ worker_connections 1024; }}\n"
                f"http {{\n  log_format upstream '$upstream_addr $status';\n"
                f"  access_log {d}/nginx-access.log upstream;\n  client_body_temp_path {d}/body;\n"
                f"  proxy_temp_path {d}/proxy;\n  fastcgi_temp_path {d}/fastcgi;\n"
                f"  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n"
                f"  include {d}/hexpost.conf;\n}}\n")
        with open(os.path.join(d, "nginx.conf"), "w") as out:
            out.write(main)
        args = [NGINX, "-p", d, "-c", os.path.join(d, "nginx.conf")]
        checked = subprocess.run(args + ["-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.nginx = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def listening():
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return True
            except OSError:
                return False
        assert wait_until(listening, 20), open(os.path.join(d, "nginx-error.log")).read()

    def close(self):
        if self.nginx and self.nginx.poll() is None:
            self.nginx.terminate()  # the master stops its workers (SIGKILL would orphan them)
            self.nginx.wait()
        for proc in self.instances:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        psql(self.base, f"DROP DATABASE IF EXISTS {self.db} WITH (FORCE)")
        shutil.rmtree(self.dir, ignore_errors=True)


def signup(proxy, name, bot=False):
    status, body = proxy.request("POST", "/v1/accounts", body={
        "username": name, "email": f"{name}@example.org", "password": "correct horse " + name,
        "bot": bot})
    assert status == 201, body
    return body["token"]


class Readiness(threading.Thread):
    def __init__(self, proxy):
        super().__init__(daemon=True)
        self.proxy, self.statuses, self.stop = proxy, [], threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                self.statuses.append(self.proxy.request("GET", "/readyz")[0])
            except OSError as error:
                self.statuses.append(repr(error))
            time.sleep(0.1)


class Players(threading.Thread):
    """Two players alternate legal moves in one game; a move is retried with its
    Idempotency-Key until acknowledged. `acked` lists the canonical moves acknowledged."""

    def __init__(self, proxy, tokens, gid):
        super().__init__(daemon=True)
        self.proxy, self.tokens, self.gid = proxy, tokens, gid
        self.acked, self.stop, self.error, self.over = [], threading.Event(), None, False

    def submit(self, token, body):
        key = str(uuid.uuid4())
        for _ in range(50):
            try:
                status, answer = self.proxy.request("POST", f"/v1/games/{self.gid}/moves",
                                                    body=body, token=token,
                                                    headers={"Idempotency-Key": key})
                if status == 201:
                    return answer
                if status not in (502, 503, 504):
                    raise AssertionError(f"move refused: {status} {answer}")
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("a move was never acknowledged")

    def run(self):
        """A move about every 0.2 s, until stopped or the game is over."""
        try:
            while not self.stop.is_set() and not self.over:
                for token in self.tokens:
                    status, game = self.proxy.request("GET", f"/v1/games/{self.gid}", token=token)
                    self.over = status == 200 and game["status"] != "active"
                    if status == 200 and game.get("your_turn") and game.get("legal_moves"):
                        move = game["legal_moves"][len(self.acked) % len(game["legal_moves"])]
                        answer = self.submit(token, {"move": move, "ply": game["ply"]})
                        self.acked.append(answer["move"])
                        time.sleep(0.2)
        except Exception as error:  # reported by the main thread
            self.error = error


def start_bot(hexpost, stand, proxy, token, name):
    env = dict(os.environ, HEXPOST_SERVER=f"https://127.0.0.1:{proxy.port}", HEXPOST_TOKEN=token,
               SSL_CERT_FILE=stand.ca, XDG_CONFIG_HOME=stand.dir)
    out = open(os.path.join(stand.dir, f"{name}.out"), "w")
    return subprocess.Popen(
        [hexpost, "bot", "run", "--accept", "bots", "--max-plies", "30", "--max-games",
         str(GAMES), "--events-log", os.path.join(stand.dir, f"{name}.log"), "--idle-timeout",
         "5", "--quiet"], env=env, stdout=out, stderr=out)


def logged_ids(stand, name):
    path = os.path.join(stand.dir, f"{name}.log")
    if not os.path.exists(path):
        return []
    return [line.split()[0] for line in open(path) if line.strip()]


def stream_ids_in_db(stand, username):
    rows = psql(stand.url, "SELECT e.id::text FROM game_events e JOIN accounts a ON "
                f"e.recipients @> ARRAY[a.id] WHERE a.username = '{username}' "
                "ORDER BY e.txid, e.id")
    return rows.split() if rows else []


def check_event_log(stand, name):
    log, db = logged_ids(stand, name), stream_ids_in_db(stand, name)
    assert log and log[0] in db, (name, log[:3], db[:3])
    assert log == db[db.index(log[0]):], f"{name}'s events across the kill: a gap or a duplicate"


def main():
    root, hexpostd, hexpost = sys.argv[1:4]
    if not os.environ.get("TEST_DATABASE_URL"):
        print("TEST_DATABASE_URL is not set: skipped")
        return 77
    if not (os.path.exists(NGINX) and shutil.which("openssl")):
        print("nginx or openssl is not installed (ops/install-deps dev): skipped")
        return 77
    stand = Stand(root, hexpostd)
    bots = []
    try:
        proxy = Proxy(stand.port, stand.ca)
        ann, bob = signup(proxy, "annbot", bot=True), signup(proxy, "bobbot", bot=True)
        people = [signup(proxy, "carl"), signup(proxy, "dora")]
        status, offer = proxy.request("POST", "/v1/challenges", token=people[0], body={
            "game": "hex-quoridor", "opponents": ["dora"]})
        assert status == 201, offer
        status, accepted = proxy.request("POST", f"/v1/challenges/{offer['id']}/accept",
                                         token=people[1], body={"seed": "dora"})
        assert status == 200, accepted
        readiness, players = Readiness(proxy), Players(proxy, people, accepted["game_id"])
        readiness.start()
        players.start()
        bots = [start_bot(hexpost, stand, proxy, ann, "annbot"),
                start_bot(hexpost, stand, proxy, bob, "bobbot")]
        # Both streams open on the first instance (the only one), then the second one starts:
        # killing the first cuts both streams. The first game's events show the streams are open.
        def challenge_bob():
            status, body = proxy.request("POST", "/v1/challenges", token=ann, body={
                "game": "hex-quoridor", "opponents": ["bobbot"]})
            assert status == 201, body
        challenge_bob()
        assert wait_until(lambda: all(logged_ids(stand, n) for n in ("annbot", "bobbot")), 60)
        stand.start_instance()
        # nginx saw the second instance down and skips it for fail_timeout: wait until it serves.
        second = f"127.0.0.1:{stand.ports[1]} 200"
        access_log = os.path.join(stand.dir, "nginx-access.log")
        assert wait_until(lambda: any(line.split(", ")[-1].strip() == second  # last one tried
                                      for line in open(access_log)), 30)
        for _ in range(GAMES - 1):
            challenge_bob()

        assert wait_until(lambda: len(logged_ids(stand, "bobbot")) >= 40, 120), "bots idle"
        stand.instances[0].send_signal(signal.SIGKILL)
        stand.instances[0].wait()
        killed_at = len(players.acked)

        def finished():
            status, body = proxy.request("GET", "/v1/me/games?status=finished&limit=100",
                                         token=ann)
            return status == 200 and len(body["games"]) == GAMES
        assert wait_until(finished, 300), proxy.request("GET", "/v1/me/games", token=ann)
        assert wait_until(lambda: players.over or len(players.acked) >= killed_at + 5, 60), (
            f"the players stalled after the kill: {players.error}")
        players.stop.set()
        players.join()
        readiness.stop.set()
        readiness.join()
        assert players.error is None, players.error

        status, game = proxy.request("GET", f"/v1/games/{players.gid}", token=people[0])
        stored = [m["move"] for m in game["moves"]]
        assert stored == players.acked, (stored, players.acked)
        for name in ("annbot", "bobbot"):
            assert wait_until(lambda: logged_ids(stand, name)[-1:] ==
                              stream_ids_in_db(stand, name)[-1:], 30), name
            check_event_log(stand, name)
        for name in ("annbot", "bobbot"):
            said = open(os.path.join(stand.dir, f"{name}.out")).read()
            assert "reconnecting" in said, f"{name}'s stream was not cut by the kill: {said}"
        failed = [s for s in readiness.statuses if s != 200]
        assert not failed, f"/readyz through nginx: {failed[:5]} of {len(readiness.statuses)}"
        print(f"{GAMES} bot games finished through nginx; {len(players.acked)} moves acknowledged "
              f"({killed_at} before the kill) and stored; {len(readiness.statuses)} /readyz, "
              "all 200")
        return 0
    finally:
        for bot in bots:
            bot.kill()
            bot.wait()
        if sys.exc_info()[0] is not None:
            for name in os.listdir(stand.dir):
                if name.endswith((".out", "error.log")):
                    print(f"---- {name}\n{open(os.path.join(stand.dir, name)).read()[-3000:]}")
        stand.close()


if __name__ == "__main__":
    sys.exit(main())
