#!/usr/bin/env python3
"""ops/backup during play, ops/restore into a new cluster, and every restored game verifies.

1. A real hexpostd on its own database; two players start four hex-quoridor games and one of
   them ends by resignation (so its seed is revealed and `hexpost verify` checks everything).
2. While a thread keeps playing legal moves in the three running games, `ops/backup` runs.
3. A new PostgreSQL cluster is made with `ops/pg start`, and `ops/restore` restores into it.
4. hexpostd serves the restored database: every move acknowledged before the backup started is
   there, nothing after the last acknowledgement is, and `hexpost verify` (the real CLI) says OK
   for every game.
5. `ops/restore` refuses a database that already holds tables.

usage: backup_restore_test.py SOURCE_DIR HEXPOSTD HEXPOST     (TEST_DATABASE_URL; else 77)
"""

import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "openapi"))
from live_server import LiveServer  # noqa: E402

PASSWORD = "correct horse battery"


def signup(server, username):
    body = {"username": username, "email": f"{username}@example.org", "password": PASSWORD}
    reply = server.request("POST", "/v1/accounts", body=body)
    assert reply.status == 201, reply.body
    return reply.json()["token"]


def start_game(server, tokens):
    reply = server.request("POST", "/v1/challenges", token=tokens["ann"],
                           body={"game": "hex-quoridor", "opponents": ["bob"]})
    assert reply.status == 201, reply.body
    reply = server.request("POST", f"/v1/challenges/{reply.json()['id']}/accept",
                           token=tokens["bob"], body={"seed": "backup"})
    assert reply.status == 200, reply.body
    return reply.json()["game_id"]


def play_one(server, tokens, gid):
    """The player to move plays a legal move; answers its ply once acknowledged (201)."""
    for token in tokens.values():
        game = server.request("GET", f"/v1/games/{gid}", token=token).json()
        if game.get("your_turn") and game.get("legal_moves"):
            body = {"move": game["legal_moves"][len(game["legal_moves"]) // 2], "ply": game["ply"]}
            reply = server.request("POST", f"/v1/games/{gid}/moves", token=token, body=body)
            assert reply.status == 201, reply.body
            return game["ply"] + 1
    return None


class Player(threading.Thread):
    """Plays the running games in turn until stopped; `acked[gid]` is the last ply acknowledged."""

    def __init__(self, server, tokens, gids):
        super().__init__(daemon=True)
        self.server, self.tokens, self.gids = server, tokens, gids
        self.acked = {gid: 0 for gid in gids}
        self.stop = threading.Event()
        self.error = None

    def run(self):
        try:
            while not self.stop.is_set():
                for gid in self.gids:
                    ply = play_one(self.server, self.tokens, gid)
                    if ply is not None:
                        self.acked[gid] = ply
        except Exception as error:  # reported by the main thread
            self.error = error


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    root, hexpostd, hexpost = sys.argv[1:4]
    base_url = os.environ.get("TEST_DATABASE_URL", "")
    if not base_url:
        print("TEST_DATABASE_URL is not set: skipped")
        return 77
    work = tempfile.mkdtemp(prefix="hexpost-backup-")
    os.chmod(work, 0o755)  # ops/pg runs the new cluster as the postgres user when run as root
    backup, cluster = os.path.join(work, "hexpost.dump"), os.path.join(work, "pg")
    source = LiveServer(hexpostd, base_url)
    restored = None
    try:
        tokens = {"ann": signup(source, "ann"), "bob": signup(source, "bob")}
        gids = [start_game(source, tokens) for _ in range(4)]
        finished = gids.pop()
        play_one(source, tokens, finished)
        reply = source.request("POST", f"/v1/games/{finished}/resign", token=tokens["bob"])
        assert reply.status == 200, reply.body

        player = Player(source, tokens, gids)
        player.start()
        while min(player.acked.values()) < 2 and player.error is None:
            time.sleep(0.05)
        before = dict(player.acked)  # acknowledged before the backup started
        dumped = run([os.path.join(root, "ops/backup"), backup, source.url])
        while sum(player.acked.values()) < sum(before.values()) + 3 and player.error is None:
            time.sleep(0.05)  # play goes on after the backup too
        player.stop.set()
        player.join()
        assert player.error is None, player.error
        assert dumped.returncode == 0, dumped.stderr
        after = dict(player.acked)

        made = run([os.path.join(root, "ops/pg"), "start", cluster])
        assert made.returncode == 0, made.stderr
        target = made.stdout.strip().splitlines()[-1]
        restore = run([os.path.join(root, "ops/restore"), backup, target])
        assert restore.returncode == 0, restore.stderr
        again = run([os.path.join(root, "ops/restore"), backup, target])
        assert again.returncode == 1 and "already holds" in again.stderr, again.stderr

        restored = LiveServer(hexpostd, base_url, existing=target)
        ann = restored.request("GET", f"/v1/games/{finished}", token=tokens["ann"]).json()
        assert ann["status"] != "active", ann
        env = dict(os.environ, HEXPOST_SERVER=f"http://127.0.0.1:{restored.port}",
                   HEXPOST_TOKEN=tokens["ann"], HOME=work)
        for gid in gids + [finished]:
            game = restored.request("GET", f"/v1/games/{gid}", token=tokens["ann"]).json()
            if gid in before:
                assert before[gid] <= game["ply"] <= after[gid], (gid, before, game["ply"], after)
            verified = run([hexpost, "verify", str(gid)], env=env)
            assert verified.returncode == 0 and verified.stdout.strip().endswith("OK"), (
                gid, verified.stdout, verified.stderr)
        print(f"restored {len(gids) + 1} games; plies before the backup {before}, "
              f"after {after}; every game verifies")
        return 0
    finally:
        for server in (restored, source):
            if server:
                server.close()
        run([os.path.join(root, "ops/pg"), "stop", cluster])
        run(["rm", "-rf", work])


if __name__ == "__main__":
    sys.exit(main())
