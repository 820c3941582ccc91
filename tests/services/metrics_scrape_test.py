#!/usr/bin/env python3
"""GET /metrics of a real hexpostd: who may read it, what it holds, and `promtool check metrics`.

A hexpostd with HEXPOST_METRICS_LISTEN plays a little (two players, a game, an accepted and a
refused move, a move delivered live on the opponent's event stream), then:
  - on the public listener /metrics is 401 without a token, 403 for a player, 200 for an admin;
  - on the metrics listener it is 200 without a token;
  - the scrape holds every family the operations docs list, with the values this run caused;
  - Prometheus' own `promtool check metrics` (Debian package prometheus) accepts it.

usage: metrics_scrape_test.py HEXPOSTD     (TEST_DATABASE_URL and promtool; else skipped: 77)
"""

import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "openapi"))
from live_server import LiveServer  # noqa: E402

PASSWORD = "correct horse battery"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scrape(port, token=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/metrics", headers={"Authorization": f"Bearer {token}"} if token
                     else {})
        res = conn.getresponse()
        return res.status, res.getheader("Content-Type", ""), res.read().decode()
    finally:
        conn.close()


def value(text, series):
    """The value of one exact series line ("name{labels}"), or None."""
    for line in text.splitlines():
        if line.startswith(series + " "):
            return float(line.split()[-1])
    return None


def play(server):
    tokens = {}
    for name in ("ann", "bob"):
        reply = server.request("POST", "/v1/accounts", body={
            "username": name, "email": f"{name}@example.org", "password": PASSWORD})
        assert reply.status == 201, reply.body
        tokens[name] = reply.json()["token"]
    reply = server.request("POST", "/v1/challenges", token=tokens["ann"],
                           body={"game": "hex-quoridor", "opponents": ["bob"]})
    cid = reply.json()["id"]
    gid = server.request("POST", f"/v1/challenges/{cid}/accept", token=tokens["bob"],
                         body={"seed": "m"}).json()["game_id"]
    game = server.request("GET", f"/v1/games/{gid}", token=tokens["ann"]).json()
    mover, waiter = ("ann", "bob") if game["your_turn"] else ("bob", "ann")
    game = server.request("GET", f"/v1/games/{gid}", token=tokens[mover]).json()
    refused = server.request("POST", f"/v1/games/{gid}/moves", token=tokens[mover],
                             body={"move": "zz99", "ply": game["ply"]})
    assert refused.status == 422, refused.body
    # The waiter's event stream is open when the move is made: delivered live.
    seen = threading.Event()
    watcher = threading.Thread(target=lambda: server.stream(
        "/v1/stream/events", tokens[waiter],
        lambda line: (seen.set() if "snapshot_done" in line else None) or '"move"' in line))
    watcher.start()
    seen.wait(20)
    accepted = server.request("POST", f"/v1/games/{gid}/moves", token=tokens[mover],
                              body={"move": game["legal_moves"][0], "ply": game["ply"]})
    assert accepted.status == 201, accepted.body
    watcher.join(30)
    return tokens, refused.json()["code"]


def main():
    hexpostd = sys.argv[1]
    base_url = os.environ.get("TEST_DATABASE_URL", "")
    if not base_url or not shutil.which("promtool"):
        print("TEST_DATABASE_URL or promtool (Debian package prometheus) missing: skipped")
        return 77
    metrics_port = free_port()
    server = LiveServer(hexpostd, base_url,
                        env={"HEXPOST_METRICS_LISTEN": f"127.0.0.1:{metrics_port}"})
    try:
        tokens, refusal = play(server)
        admin = server.admin_create_user("root", "root@example.org", PASSWORD, admin=True)
        assert scrape(server.port)[0] == 401
        assert scrape(server.port, tokens["ann"])[0] == 403
        status, content_type, public = scrape(server.port, admin)
        assert status == 200 and content_type.startswith("text/plain; version=0.0.4"), status
        status, _, text = scrape(metrics_port)
        assert status == 200, status
    finally:
        server.close()

    checked = subprocess.run(["promtool", "check", "metrics"], input=text, text=True,
                             capture_output=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    expected = {
        'hexpost_http_requests_total{route="/v1/games/{}/moves",method="POST",status="2xx"}': 1,
        'hexpost_http_requests_total{route="/v1/games/{}/moves",method="POST",status="4xx"}': 1,
        'hexpost_moves_total{outcome="accepted",reason=""}': 1,
        f'hexpost_moves_total{{outcome="refused",reason="{refusal}"}}': 1,
        "hexpost_move_duration_seconds_count": 2,
        "hexpost_write_batch_size_count": 1,
        'hexpost_open_streams{kind="events"}': 0,  # 1 until the server sees the close
        "hexpost_event_delivery_lag_seconds_count": 1,
        "hexpost_running_games": 1,
        "hexpost_running_tournaments": 0,
        'hexpost_build_info{version="0.1.0"}': 1,
    }
    for series, at_least in expected.items():
        got = value(text, series)
        assert got is not None and got >= at_least, f"{series}: {got}, expected >= {at_least}"
    for family in ("hexpost_http_request_duration_seconds_bucket", "hexpost_db_pool_connections",
                   "hexpost_db_pool_in_use", "hexpost_db_pool_wait_seconds",
                   'hexpost_mail_outbox{state="queued"}', 'hexpost_mail_outbox{state="sent"}',
                   "hexpost_sweeper_last_pass_timestamp_seconds", "hexpost_sweeper_lag_seconds",
                   "hexpost_competition_lag_seconds"):
        assert re.search("^" + re.escape(family), text, re.M), f"no {family}"
    print(f"/metrics: {len(text.splitlines())} lines, promtool check metrics passes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
