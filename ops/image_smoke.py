#!/usr/bin/env python3
"""The image's smoke test (ops/image smoke): against a hexpostd at URL, waits for /readyz, then
signs two players up, starts a game and makes a legal move. Exits 1 with the reason on failure."""

import json
import sys
import time
import urllib.error
import urllib.request


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def main():
    base = sys.argv[1]
    for _ in range(600):
        try:
            if call(base, "GET", "/readyz")[0] == 200:
                break
        except OSError:
            pass
        time.sleep(0.1)
    else:
        sys.exit("no /readyz 200 within 60 s")
    tokens = {}
    for name in ("ann", "bob"):
        status, body = call(base, "POST", "/v1/accounts", {
            "username": name, "email": f"{name}@example.org", "password": "smoke test " + name})
        assert status == 201, (status, body)
        tokens[name] = body["token"]
    status, challenge = call(base, "POST", "/v1/challenges",
                             {"game": "hex-quoridor", "opponents": ["bob"]}, tokens["ann"])
    assert status == 201, (status, challenge)
    status, accepted = call(base, "POST", f"/v1/challenges/{challenge['id']}/accept",
                            {"seed": "smoke"}, tokens["bob"])
    assert status == 200, (status, accepted)
    game_id = accepted["game_id"]
    for name, token in tokens.items():
        status, game = call(base, "GET", f"/v1/games/{game_id}", token=token)
        if game.get("your_turn"):
            status, moved = call(base, "POST", f"/v1/games/{game_id}/moves",
                                 {"move": game["legal_moves"][0], "ply": game["ply"]}, token)
            assert status == 201, (status, moved)
            print(f"smoke: {name} played {moved['move']} in game {game_id}")
            return 0
    sys.exit("nobody was to move")


if __name__ == "__main__":
    sys.exit(main())
