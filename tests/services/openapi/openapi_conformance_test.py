#!/usr/bin/env python3
"""Real answers of hexpostd match its OpenAPI document.

Drives every operation of services/api/openapi.json against a real hexpostd and a real
PostgreSQL (TEST_DATABASE_URL; exit 77 = skipped without it): success paths and representative
problem answers, including a 401 from every operation that needs a token. Each captured answer
(status, content type, body) must be declared by the document and match its schema; every
object schema under a response must say whether other members may appear; every operation of
the document must have been exercised, so a new route cannot escape the check.

usage: openapi_conformance_test.py HEXPOSTD OPENAPI_JSON
With OPENAPI_CAPTURE=FILE, every captured answer is also written to FILE (one JSON per line).
"""

import hashlib
import hmac
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_server import LiveServer  # noqa: E402
from openapi_contract import Exchange, loose_objects, operations, problems_of  # noqa: E402

PASSWORD = "correct horse battery"


class Driver:
    """Sends requests by operation (method + path template) and records every answer."""

    def __init__(self, server, doc):
        self.server = server
        self.doc = doc
        self.captured = []
        self.tokens = {}
        self.secrets = [PASSWORD]  # never in the server's log (with the tokens)

    def call(self, method, template, label, expect, args=None, target_suffix="", **kw):
        target = template.format(**(args or {})) + target_suffix
        reply = self.server.request(method, target, **kw)
        return self._record(method, template, label, expect, reply)

    def stream(self, template, label, token, until, args=None, target_suffix="", expect=200,
               headers=None):
        target = template.format(**(args or {})) + target_suffix
        reply = self.server.stream(target, token, until, headers)
        return self._record("GET", template, label, expect, reply)

    def _record(self, method, template, label, expect, reply):
        self.captured.append(Exchange(method, template, reply.status, reply.content_type,
                                      reply.body, label, reply.headers))
        if reply.status != expect:
            raise AssertionError(f"{method} {template} ({label}): expected {expect}, got "
                                 f"{reply.status}: {reply.body[:500]}")
        return reply

    def signup(self, username, bot=False):
        body = {"username": username, "email": f"{username}@example.org", "password": PASSWORD,
                "bot": bot}
        reply = self.call("POST", "/v1/accounts", "sign up", 201, body=body)
        self.tokens[username] = reply.json()["token"]
        return self.tokens[username]


def unauthenticated_calls(d):
    """Every operation that needs a token answers 401 without one."""
    for method, template in sorted(operations(d.doc)):
        op = d.doc["paths"][template][method.lower()]
        if op.get("security") == [] or {} in op.get("security", []):
            continue  # public: no credential needed
        args = {"id": "1", "game": "hex-quoridor", "username": "nobody", "message_id": "1"}
        d.call(method, template, "no token", 401, args=args)


def health_and_meta(d):
    d.call("GET", "/healthz", "alive", 200)
    d.call("GET", "/readyz", "ready", 200)
    d.call("GET", "/v1/openapi.json", "document", 200)
    d.call("GET", "/v1/catalog", "catalogue", 200)


def accounts(d):
    for name in ("alice", "bob", "carol"):
        d.signup(name)
    d.signup("botty", bot=True)
    d.call("POST", "/v1/accounts", "taken", 409,
           body={"username": "alice", "email": "a2@example.org", "password": PASSWORD})
    d.call("POST", "/v1/accounts", "bad username", 400,
           body={"username": "1x", "email": "x@example.org", "password": PASSWORD})
    d.call("POST", "/v1/accounts", "not JSON", 400, raw=b"{", headers={
        "Content-Type": "application/json"})
    d.call("POST", "/v1/accounts", "not JSON media type", 415, raw=b"{}", headers={
        "Content-Type": "text/plain"})
    d.server.admin_create_user("root", "root@example.org", PASSWORD, admin=True)
    reply = d.call("POST", "/v1/tokens", "admin token", 201,
                   body={"username": "root", "password": PASSWORD, "name": "admin"})
    d.tokens["root"] = reply.json()["token"]
    d.call("POST", "/v1/tokens", "bad password", 401,
           body={"username": "alice", "password": "wrong password"})
    alice = d.tokens["alice"]
    spare = d.call("POST", "/v1/tokens", "scoped token", 201,
                   body={"username": "alice", "password": PASSWORD, "scopes": ["play"]}).json()
    d.call("POST", "/v1/tokens", "scope not held", 400,
           body={"username": "alice", "password": PASSWORD, "scopes": ["admin"]})
    d.call("GET", "/v1/tokens", "list", 200, token=alice)
    d.tokens["alice-organise"] = d.call(
        "POST", "/v1/tokens", "organise token", 201,
        body={"username": "alice", "password": PASSWORD, "scopes": ["organise"]}).json()["token"]
    d.call("DELETE", "/v1/tokens/{id}", "revoke", 204, args={"id": spare["id"]}, token=alice)
    d.call("DELETE", "/v1/tokens/{id}", "unknown", 404, args={"id": "999999"}, token=alice)
    d.call("GET", "/v1/me", "me", 200, token=alice)
    d.call("GET", "/v1/me", "bad token", 401, token="hxp_" + "x" * 43)
    d.call("PATCH", "/v1/me", "time zone", 200, body={"time_zone": "Europe/Berlin"}, token=alice)
    d.call("PATCH", "/v1/me", "unknown zone", 422, body={"time_zone": "Mars/Base"}, token=alice)


def challenge(d, creator, opponents, **extra):
    body = dict({"game": "hex-quoridor", "opponents": opponents}, **extra)
    reply = d.call("POST", "/v1/challenges", "challenge", 201, body=body, token=d.tokens[creator])
    return reply.json()["id"]


def start_game(d, creator, opponent, **extra):
    cid = challenge(d, creator, [opponent], **extra)
    reply = d.call("POST", "/v1/challenges/{id}/accept", "accept", 200, args={"id": cid},
                   token=d.tokens[opponent], body={"seed": "s-" + opponent})
    return cid, reply.json()["game_id"]


def challenges(d):
    alice, bob, carol = d.tokens["alice"], d.tokens["bob"], d.tokens["carol"]
    d.call("POST", "/v1/challenges", "unknown game", 422, body={"game": "chess"}, token=alice)
    d.call("POST", "/v1/challenges", "bad players", 400,
           body={"game": "hex-quoridor", "players": "two"}, token=alice)
    d.call("POST", "/v1/challenges", "organise scope only", 403, body={"game": "hex-quoridor"},
           token=d.tokens["alice-organise"])
    cid = challenge(d, "alice", ["carol"], clock={"days_per_move": 3})
    d.call("GET", "/v1/challenges", "list", 200, token=carol)
    d.call("GET", "/v1/challenges", "bad limit", 400, target_suffix="?limit=0", token=carol)
    d.call("GET", "/v1/challenges/{id}", "one", 200, args={"id": cid}, token=carol)
    d.call("GET", "/v1/challenges/{id}", "unknown", 404, args={"id": "999999"}, token=carol)
    d.stream("/v1/stream/events", "snapshot", carol, lambda line: "snapshot_done" in line)
    d.call("POST", "/v1/challenges/{id}/accept", "not invited", 403, args={"id": cid},
           token=bob)
    d.call("POST", "/v1/challenges/{id}/decline", "decline", 200, args={"id": cid},
           body={"reason": "busy"}, token=carol)
    d.call("POST", "/v1/challenges/{id}/decline", "closed", 409, args={"id": cid}, token=carol)
    d.call("POST", "/v1/challenges/{id}/accept", "closed", 409, args={"id": cid}, token=carol)
    d.call("POST", "/v1/challenges/{id}/decline", "unknown", 404, args={"id": "999999"},
           token=carol)
    d.call("POST", "/v1/challenges/{id}/accept", "unknown", 404, args={"id": "999999"},
           token=carol)
    d.call("GET", "/v1/challenges/{id}", "not its player", 404, args={"id": cid}, token=bob)
    cancelled = challenge(d, "alice", ["carol"])
    d.call("POST", "/v1/challenges/{id}/cancel", "not the creator", 403,
           args={"id": cancelled}, token=carol)
    d.call("POST", "/v1/challenges/{id}/cancel", "cancel", 200, args={"id": cancelled},
           token=alice)
    d.call("POST", "/v1/challenges/{id}/cancel", "closed", 409, args={"id": cancelled},
           token=alice)
    d.call("POST", "/v1/challenges/{id}/cancel", "unknown", 404, args={"id": "999999"},
           token=alice)
    d.call("GET", "/v1/me/events", "inbox", 200, target_suffix="?limit=2", token=carol)
    d.call("GET", "/v1/me/events", "bad cursor", 400, target_suffix="?cursor=zz", token=carol)


def play_one(d, gid):
    """The player to move makes their first legal move; answers the mover's name."""
    for name in ("alice", "bob", "carol"):
        game = d.server.request("GET", f"/v1/games/{gid}", token=d.tokens[name]).json()
        if game.get("your_turn"):
            body = {"move": game["legal_moves"][0], "ply": game["ply"]}
            d.call("POST", "/v1/games/{id}/moves", "move", 201, args={"id": gid}, body=body,
                   token=d.tokens[name])
            return name, game["ply"] + 1
    raise AssertionError(f"nobody is to move in game {gid}")


def games(d):
    alice, bob = d.tokens["alice"], d.tokens["bob"]
    _, gid = start_game(d, "alice", "bob", rated=True, clock={"days_per_move": 3})
    args = {"id": gid}
    reply = d.call("GET", "/v1/games/{id}", "game", 200, args=args, token=alice)
    d.call("GET", "/v1/games/{id}", "unchanged", 304, args=args, token=alice,
           headers={"If-None-Match": reply.headers["etag"]})
    d.call("GET", "/v1/games/{id}", "unknown", 404, args={"id": "999999"}, token=alice)
    mover = alice if reply.json()["your_turn"] else bob
    waiter = bob if mover == alice else alice
    d.call("POST", "/v1/games/{id}/preview", "illegal", 422, args=args, body={"move": "zz99"},
           token=mover)
    legal = d.server.request("GET", f"/v1/games/{gid}", token=mover).json()["legal_moves"][0]
    d.call("POST", "/v1/games/{id}/preview", "legal", 200, args=args, body={"move": legal},
           token=mover)
    d.call("POST", "/v1/games/{id}/moves", "not your turn", 409, args=args,
           body={"move": legal, "ply": 0}, token=waiter)
    d.call("POST", "/v1/games/{id}/moves", "missing ply", 400, args=args, body={"move": legal},
           token=mover)
    d.call("POST", "/v1/games/{id}/moves", "illegal", 422, args=args,
           body={"move": "zz99", "ply": 0}, token=mover)
    play_one(d, gid)
    d.call("POST", "/v1/games/{id}/moves", "stale ply", 409, args=args,
           body={"move": legal, "ply": 0}, token=mover)
    d.call("GET", "/v1/me/turns", "turns", 200, token=waiter)
    turns = d.call("GET", "/v1/me/turns", "no turns", 200, token=mover)
    d.call("GET", "/v1/me/turns", "unchanged", 304, token=mover,
           headers={"If-None-Match": turns.headers["etag"]})
    d.call("GET", "/v1/me/turns", "bad wait", 400, target_suffix="?wait=x", token=mover)
    play_one(d, gid)
    # The first move's your_turn event, replayed after its turn is over: a stale turn.
    d.stream("/v1/stream/events", "replay", waiter, lambda line: "\"stale\"" in line,
             target_suffix="?since=1")
    d.stream("/v1/stream/events", "bad since", mover, lambda line: True,
             target_suffix="?since=x", expect=400)
    d.call("GET", "/v1/games/{id}", "later moves", 200, args=args, token=alice,
           target_suffix="?moves_after=1")
    game_endings(d, gid)
    return gid


def game_endings(d, gid):
    """Draw offers, abort, record and fairness, resignation, and the lists (two moves made)."""
    alice, bob = d.tokens["alice"], d.tokens["bob"]
    args = {"id": gid}
    d.call("POST", "/v1/games/{id}/draw", "offer", 200, args=args, body={"action": "offer"},
           token=alice)
    d.call("POST", "/v1/games/{id}/draw", "decline", 200, args=args, body={"action": "decline"},
           token=bob)
    d.call("POST", "/v1/games/{id}/draw", "nothing offered", 409, args=args,
           body={"action": "accept"}, token=bob)
    d.call("POST", "/v1/games/{id}/draw", "bad action", 400, args=args,
           body={"action": "maybe"}, token=bob)
    d.call("POST", "/v1/games/{id}/abort", "too late", 409, args=args, token=alice)
    d.call("GET", "/v1/games/{id}/record", "record", 200, args=args, token=alice)
    d.call("GET", "/v1/games/{id}/fairness", "fairness", 200, args=args, token=alice)
    d.call("POST", "/v1/games/{id}/resign", "resign", 200, args=args, token=bob)
    d.call("POST", "/v1/games/{id}/resign", "over", 409, args=args, token=alice)
    d.stream("/v1/games/{id}/stream", "finished game", alice, lambda line: False, args=args)
    d.call("GET", "/v1/games/{id}/fairness", "revealed", 200, args=args, token=alice)
    d.call("GET", "/v1/games/{id}/record", "unknown", 404, args={"id": "999999"}, token=alice)
    _, aborted = start_game(d, "carol", "alice")
    d.call("POST", "/v1/games/{id}/abort", "abort", 200, args={"id": aborted}, token=alice)
    d.call("POST", "/v1/games/{id}/abort", "carol not in", 403, args={"id": gid},
           token=d.tokens["carol"])
    for template in ("/v1/me/games", "/v1/games"):
        d.call("GET", template, "list", 200, token=alice, target_suffix="?limit=1")
        d.call("GET", template, "bad status", 400, token=alice, target_suffix="?status=won")
        d.call("GET", template, "bad cursor", 400, token=alice, target_suffix="?cursor=%%")


def conditional(d):
    """Conditional lines: stored (an empty list), shown, refused, deleted."""
    alice, bob, carol = d.tokens["alice"], d.tokens["bob"], d.tokens["carol"]
    _, gid = start_game(d, "alice", "bob")
    args = {"id": gid}
    game = d.server.request("GET", f"/v1/games/{gid}", token=alice).json()
    mover, waiter = (alice, bob) if game["your_turn"] else (bob, alice)
    x = d.server.request("GET", f"/v1/games/{gid}", token=mover).json()["legal_moves"][0]
    d.call("PUT", "/v1/games/{id}/conditional", "illegal reply", 422, args=args,
           body={"lines": [[x, "zz99"]]}, token=waiter)
    d.call("PUT", "/v1/games/{id}/conditional", "no reply", 422, args=args,
           body={"lines": [[x]]}, token=waiter)
    d.call("PUT", "/v1/games/{id}/conditional", "your turn", 409, args=args,
           body={"lines": [[x, x]]}, token=mover)
    d.call("PUT", "/v1/games/{id}/conditional", "bad lines", 400, args=args,
           body={"lines": "x"}, token=waiter)
    d.call("PUT", "/v1/games/{id}/conditional", "none", 200, args=args, body={"lines": []},
           token=waiter)
    d.call("PUT", "/v1/games/{id}/conditional", "not seated", 403, args=args,
           body={"lines": []}, token=carol)
    d.call("PUT", "/v1/games/{id}/conditional", "unknown", 404, args={"id": "999999"},
           body={"lines": []}, token=waiter)
    d.call("GET", "/v1/games/{id}/conditional", "lines", 200, args=args, token=waiter)
    d.call("GET", "/v1/games/{id}/conditional", "not seated", 403, args=args, token=carol)
    d.call("GET", "/v1/games/{id}/conditional", "unknown", 404, args={"id": "999999"},
           token=waiter)
    d.call("DELETE", "/v1/games/{id}/conditional", "delete", 204, args=args, token=waiter)
    d.call("DELETE", "/v1/games/{id}/conditional", "not seated", 403, args=args, token=carol)
    d.call("DELETE", "/v1/games/{id}/conditional", "unknown", 404, args={"id": "999999"},
           token=waiter)


def leaving(d):
    """A three-player game: a leave request, its votes, the replacement's acceptance, refusals."""
    alice, bob, carol, botty = (d.tokens[n] for n in ("alice", "bob", "carol", "botty"))
    cid = challenge(d, "alice", ["bob", "carol"], players=3)
    for name in ("bob", "carol"):
        reply = d.call("POST", "/v1/challenges/{id}/accept", "accept", 200, args={"id": cid},
                       token=d.tokens[name])
    args = {"id": reply.json()["game_id"]}
    _, duel = start_game(d, "carol", "bob")
    d.call("POST", "/v1/games/{id}/leave", "two seats", 422, args={"id": duel},
           body={"replacement": "botty"}, token=bob)
    d.call("POST", "/v1/games/{id}/leave", "unknown", 404, args={"id": "999999"},
           body={"replacement": "botty"}, token=bob)
    d.call("POST", "/v1/games/{id}/leave/vote", "nothing asked", 409, args=args,
           body={"approve": True}, token=bob)
    d.call("POST", "/v1/games/{id}/leave", "ask", 200, args=args, body={"replacement": "botty"},
           token=alice)
    d.call("GET", "/v1/games/{id}", "leave pending", 200, args=args, token=bob)
    d.call("POST", "/v1/games/{id}/leave", "pending", 409, args=args,
           body={"replacement": "botty"}, token=bob)
    d.call("POST", "/v1/games/{id}/leave/vote", "not a voter", 403, args=args,
           body={"approve": True}, token=alice)
    d.call("POST", "/v1/games/{id}/leave/vote", "missing approve", 400, args=args, body={},
           token=bob)
    d.call("POST", "/v1/games/{id}/leave/vote", "yes", 200, args=args, body={"approve": True},
           token=bob)
    d.call("POST", "/v1/games/{id}/leave/accept", "not the replacement", 403, args=args,
           token=carol)
    d.call("POST", "/v1/games/{id}/leave/accept", "accept", 200, args=args, token=botty)
    d.call("POST", "/v1/games/{id}/leave/vote", "handed over", 200, args=args,
           body={"approve": True}, token=carol)
    d.call("POST", "/v1/games/{id}/leave/accept", "nothing asked", 409, args=args, token=botty)


def wait_for_elo(d, token):
    """The competition worker rates a finished game within its period (1 s here)."""
    for _ in range(60):
        board = d.server.request("GET", "/v1/ratings/hex-quoridor?system=elo", token=token)
        if board.status == 200 and board.json()["ratings"]:
            return
        time.sleep(0.5)
    raise AssertionError("the rated game was not rated within 30 s")


def ratings(d, rated_game):
    alice = d.tokens["alice"]
    wait_for_elo(d, alice)
    d.call("GET", "/v1/games/{id}", "rating changes", 200, args={"id": rated_game}, token=alice)
    d.call("GET", "/v1/ratings/{game}", "board", 200, args={"game": "hex-quoridor"}, token=alice)
    d.call("GET", "/v1/ratings/{game}", "elo", 200, args={"game": "hex-quoridor"}, token=alice,
           target_suffix="?system=elo")
    d.call("GET", "/v1/ratings/{game}", "bad system", 400, args={"game": "hex-quoridor"},
           token=alice, target_suffix="?system=fide")
    d.call("GET", "/v1/ratings/{game}", "unknown game", 404, args={"game": "chess"}, token=alice)
    d.call("GET", "/v1/ratings/{game}/{username}", "player", 200,
           args={"game": "hex-quoridor", "username": "alice"}, token=alice)
    d.call("GET", "/v1/ratings/{game}/{username}", "unknown player", 404,
           args={"game": "hex-quoridor", "username": "nobody"}, token=alice)


def clocks(d):
    alice, root = d.tokens["alice"], d.tokens["root"]
    d.call("GET", "/v1/me/vacation", "none", 200, token=alice)
    d.call("POST", "/v1/me/vacation", "too long", 400, body={"days": "x"}, token=alice)
    d.call("POST", "/v1/me/vacation", "start", 201, body={"days": 2}, token=alice)
    d.call("POST", "/v1/me/vacation", "already", 409, body={"days": 2}, token=alice)
    d.call("POST", "/v1/me/vacation/stop", "stop", 200, token=alice)
    d.call("POST", "/v1/me/vacation/stop", "not on vacation", 409, token=alice)
    d.call("GET", "/v1/admin/clocks", "not admin", 403, token=alice)
    d.call("GET", "/v1/admin/clocks", "state", 200, token=root)
    d.call("POST", "/v1/admin/clocks", "pause", 200, body={"paused": True}, token=root)
    d.call("POST", "/v1/admin/clocks", "resume", 200, body={"paused": False}, token=root)
    d.call("POST", "/v1/admin/clocks", "missing", 400, body={}, token=root)


def notifications(d):
    alice = d.tokens["alice"]
    d.call("GET", "/v1/me/notifications", "preferences", 200, token=alice)
    d.call("PATCH", "/v1/me/notifications", "change", 200, body={"reminder": "digest"},
           token=alice)
    d.call("PATCH", "/v1/me/notifications", "unknown kind", 400, body={"spam": "every"},
           token=alice)
    d.call("POST", "/v1/me/notifications/rotate-secret", "rotate", 200, token=alice)
    account, secret = d.server.query(
        "SELECT id || ' ' || encode(mail_secret, 'hex') FROM accounts WHERE username = 'alice'"
    ).split()
    tag = hmac.new(secret.encode(), f"unsubscribe:{account}.reminder".encode(),
                   hashlib.sha256).hexdigest()[:16]
    d.secrets += [secret, tag]
    d.call("POST", "/v1/mail/unsubscribe", "one click", 200,
           target_suffix=f"?a={account}&k=reminder&t={tag}")
    d.call("POST", "/v1/mail/unsubscribe", "bad tag", 404,
           target_suffix=f"?a={account}&k=reminder&t=00")


def tournaments(d):
    alice, bob, carol = d.tokens["alice"], d.tokens["bob"], d.tokens["carol"]
    body = {"name": "Autumn", "game": "hex-quoridor", "format": "swiss", "rounds": 2,
            "capacity": 4}
    d.call("POST", "/v1/tournaments", "unknown game", 422, body=dict(body, game="chess"),
           token=alice)
    d.call("POST", "/v1/tournaments", "missing name", 400, body={"game": "hex-quoridor"},
           token=alice)
    tid = d.call("POST", "/v1/tournaments", "create", 201, body=body, token=alice).json()["id"]
    args = {"id": tid}
    for name in ("bob", "carol", "botty"):
        d.call("POST", "/v1/tournaments/{id}/join", "join", 201, args=args, token=d.tokens[name])
    d.call("POST", "/v1/tournaments/{id}/join", "again", 409, args=args, token=bob)
    d.call("POST", "/v1/tournaments/{id}/join", "unknown", 404, args={"id": "999999"},
           token=bob)
    d.call("POST", "/v1/tournaments/{id}/withdraw", "withdraw", 200, args=args,
           token=d.tokens["botty"])
    d.call("POST", "/v1/tournaments/{id}/withdraw", "not in", 409, args=args,
           token=d.tokens["botty"])
    d.call("POST", "/v1/tournaments/{id}/start", "not organiser", 403, args=args, token=bob)
    d.call("POST", "/v1/tournaments/{id}/start", "start", 200, args=args, token=alice)
    d.call("POST", "/v1/tournaments/{id}/start", "running", 409, args=args, token=alice)
    d.call("GET", "/v1/tournaments/{id}", "json", 200, args=args, token=alice)
    d.call("GET", "/v1/tournaments/{id}", "text", 200, args=args, token=alice,
           target_suffix="?format=text")
    d.call("GET", "/v1/tournaments/{id}", "one round", 200, args=args, token=alice,
           target_suffix="?format=text&round=1")
    d.call("GET", "/v1/tournaments/{id}", "no such round", 404, args=args, token=alice,
           target_suffix="?format=text&round=99")
    d.call("GET", "/v1/tournaments/{id}", "trf", 200, args=args, token=alice,
           target_suffix="?format=trf")
    d.call("GET", "/v1/tournaments/{id}", "bad format", 400, args=args, token=alice,
           target_suffix="?format=pdf")
    d.call("GET", "/v1/tournaments/{id}", "unknown", 404, args={"id": "999999"}, token=alice)
    d.call("POST", "/v1/tournaments/{id}/withdraw", "forfeit", 200, args=args, token=carol)
    d.call("GET", "/v1/tournaments", "list", 200, token=alice)
    d.call("GET", "/v1/tournaments", "bad status", 400, token=alice,
           target_suffix="?status=won")


def messages(d):
    """Messages of a game: post, limits, spectators, pages, reports, mutes, the end."""
    alice, bob, carol = d.tokens["alice"], d.tokens["bob"], d.tokens["carol"]
    _, gid = start_game(d, "alice", "bob")
    args = {"id": gid}
    posted = d.call("POST", "/v1/games/{id}/messages", "post", 201, args=args,
                    body={"text": "good luck"}, token=alice).json()
    d.call("POST", "/v1/games/{id}/messages", "too long", 400, args=args,
           body={"text": "x" * 2001}, token=alice)
    d.call("POST", "/v1/games/{id}/messages", "spectator", 403, args=args,
           body={"text": "hi"}, token=carol)
    d.call("POST", "/v1/games/{id}/messages", "unknown", 404, args={"id": "999999"},
           body={"text": "hi"}, token=alice)
    d.call("POST", "/v1/games/{id}/messages", "second", 201, args=args,
           body={"text": "you too"}, token=bob)
    d.call("GET", "/v1/games/{id}/messages", "page", 200, args=args, target_suffix="?limit=1",
           token=bob)
    d.call("GET", "/v1/games/{id}/messages", "bad cursor", 400, args=args,
           target_suffix="?cursor=zz", token=bob)
    d.call("GET", "/v1/games/{id}/messages", "spectator", 403, args=args, token=carol)
    d.call("GET", "/v1/games/{id}/messages", "unknown", 404, args={"id": "999999"}, token=bob)
    report = {"id": gid, "message_id": posted["id"]}
    template = "/v1/games/{id}/messages/{message_id}/report"
    d.call("POST", template, "report", 201, args=report, body={"reason": "rude"}, token=bob)
    d.call("POST", template, "again", 409, args=report, token=bob)
    d.call("POST", template, "spectator", 403, args=report, token=carol)
    d.call("POST", template, "unknown", 404, args={"id": gid, "message_id": "999999"}, token=bob)
    d.call("PUT", "/v1/me/mutes/{username}", "mute", 200, args={"username": "alice"}, token=bob)
    d.call("PUT", "/v1/me/mutes/{username}", "self", 400, args={"username": "bob"}, token=bob)
    d.call("PUT", "/v1/me/mutes/{username}", "unknown", 404, args={"username": "nobody"},
           token=bob)
    d.call("PUT", "/v1/me/mutes/{username}", "organise scope only", 403,
           args={"username": "alice"}, token=d.tokens["alice-organise"])
    d.call("GET", "/v1/me/mutes", "mutes", 200, token=bob)
    d.call("DELETE", "/v1/me/mutes/{username}", "unmute", 200, args={"username": "alice"},
           token=bob)
    d.call("DELETE", "/v1/me/mutes/{username}", "not muted", 404, args={"username": "alice"},
           token=bob)
    d.call("DELETE", "/v1/me/mutes/{username}", "organise scope only", 403,
           args={"username": "alice"}, token=d.tokens["alice-organise"])
    d.call("POST", "/v1/games/{id}/resign", "resign", 200, args=args, token=bob)
    d.call("POST", "/v1/games/{id}/messages", "over", 409, args=args, body={"text": "gg"},
           token=alice)
    d.call("GET", "/v1/games/{id}/messages", "after the end", 200, args=args, token=carol)


def rate_limit(d):
    """A token's bucket runs dry: 429 with the limit's members (bounded: at most 400 calls)."""
    token = d.server.request("POST", "/v1/tokens", body={
        "username": "bob", "password": PASSWORD, "name": "burst"}).json()["token"]
    for _ in range(400):
        reply = d.server.request("GET", "/v1/me", token=token)
        if reply.status == 429:
            d._record("GET", "/v1/me", "rate limited", 429, reply)
            return
    raise AssertionError("no 429 after 400 requests")


def public_reading(d):
    """The public operations answer without a credential (security includes {})."""
    games = d.call("GET", "/v1/games", "anonymous", 200).json()["games"]
    args = {"id": games[-1]["id"]}
    d.call("GET", "/v1/games/{id}", "anonymous", 200, args=args)
    d.call("GET", "/v1/games/{id}/record", "anonymous", 200, args=args)
    d.call("GET", "/v1/games/{id}/fairness", "anonymous", 200, args=args)
    board = d.call("GET", "/v1/games/{id}/board.svg", "current", 200, args=args)
    d.call("GET", "/v1/games/{id}/board.svg", "unchanged", 304, args=args,
           headers={"If-None-Match": board.headers["etag"]})
    d.call("GET", "/v1/games/{id}/board.svg", "start, seat 1", 200, args=args,
           target_suffix="?ply=0&seat=1")
    d.call("GET", "/v1/games/{id}/board.svg", "ply past the game", 422, args=args,
           target_suffix="?ply=99999")
    d.call("GET", "/v1/games/{id}/board.svg", "bad seat", 400, args=args, target_suffix="?seat=x")
    d.call("GET", "/v1/games/{id}/board.svg", "unknown", 404, args={"id": "999999"})
    d.stream("/v1/games/{id}/stream", "anonymous sse", None, lambda line: line.startswith("data: "),
             args=args, headers={"Accept": "text/event-stream"})
    cups = d.call("GET", "/v1/tournaments", "anonymous", 200).json()["tournaments"]
    d.call("GET", "/v1/tournaments/{id}", "anonymous", 200, args={"id": cups[0]["id"]})
    d.call("GET", "/v1/ratings/{game}", "anonymous", 200, args={"game": "hex-quoridor"})
    d.call("GET", "/v1/ratings/{game}/{username}", "anonymous", 200,
           args={"game": "hex-quoridor", "username": "alice"})
    d.call("GET", "/v1/players/{username}", "profile", 200, args={"username": "alice"})
    d.call("GET", "/v1/players/{username}", "unknown", 404, args={"username": "nobody"})


def sessions(d):
    """Sign in with the cookie, ask who is signed in, sign out (same-origin only)."""
    d.call("POST", "/v1/session", "bad password", 401,
           body={"username": "carol", "password": "wrong password"})
    d.call("GET", "/v1/session", "anonymous", 200)
    reply = d.call("POST", "/v1/session", "sign in", 201,
                   body={"username": "carol", "password": PASSWORD})
    cookie = reply.headers["set-cookie"].split(";")[0]
    d.secrets.append(cookie.split("=", 1)[1])
    d.call("GET", "/v1/session", "cookie", 200, headers={"Cookie": cookie})
    d.call("DELETE", "/v1/session", "cross origin", 403,
           headers={"Cookie": cookie, "Origin": "http://evil.example"})
    origin = f"http://127.0.0.1:{d.server.port}"
    d.call("DELETE", "/v1/session", "sign out", 204, headers={"Cookie": cookie, "Origin": origin})
    d.call("GET", "/v1/session", "revoked", 401, headers={"Cookie": cookie})


def log_problems(text, secrets):
    """The server ran with HEXPOST_LOG_FORMAT=json at debug level: every line is one JSON object
    with time, level and message; every access line has its request id and fields; no secret
    (password, token, mail secret, unsubscribe tag) appears anywhere."""
    problems, access = [], 0
    for number, line in enumerate(text.splitlines(), 1):
        try:
            entry = json.loads(line)
        except ValueError:
            problems.append(f"log line {number} is not JSON: {line[:200]}")
            continue
        if not {"time", "level", "message"} <= entry.keys():
            problems.append(f"log line {number} lacks time, level or message: {line[:200]}")
        if entry.get("message", "").startswith("access "):
            access += 1
            if not {"request_id", "method", "route", "path", "status", "ms", "peer"} <= entry.keys():
                problems.append(f"access line {number} lacks a field: {line[:200]}")
    problems += [f"a secret ({secret[:4]}...) is in the log" for secret in secrets
                 if secret and secret in text]
    if access < 100:
        problems.append(f"only {access} access lines in the log")
    return problems


def main():
    hexpostd, doc_path = sys.argv[1], sys.argv[2]
    base_url = os.environ.get("TEST_DATABASE_URL", "")
    if not base_url:
        print("TEST_DATABASE_URL is not set: skipped")
        return 77
    doc = json.load(open(doc_path))
    failures = [f"{where}: object schema without additionalProperties"
                for where in loose_objects(doc)]
    server = LiveServer(hexpostd, base_url)
    try:
        d = Driver(server, doc)
        for step in (health_and_meta, accounts, unauthenticated_calls, challenges, conditional):
            step(d)
        ratings(d, games(d))
        for step in (leaving, clocks, notifications, messages, tournaments, public_reading,
                     sessions, rate_limit):
            step(d)
    finally:
        log_text = server.log_text()  # gone with the server
        server.close()
    if os.environ.get("OPENAPI_CAPTURE"):
        with open(os.environ["OPENAPI_CAPTURE"], "w") as out:
            for e in d.captured:
                out.write(json.dumps({"op": f"{e.method} {e.template}", "status": e.status,
                                      "label": e.label, "body": e.body}) + "\n")
    for exchange in d.captured:
        if exchange.status >= 400 and exchange.content_type != "application/problem+json":
            failures.append(f"{exchange.name()}: not application/problem+json")
        failures.extend(problems_of(doc, exchange))
    exercised = {(e.method, e.template) for e in d.captured}
    failures.extend(f"{m} {p}: never exercised" for m, p in sorted(operations(doc) - exercised))
    failures.extend(log_problems(log_text, d.secrets + list(d.tokens.values())))
    for line in failures:
        print("FAIL", line)
    print(f"{len(d.captured)} answers checked against {len(operations(doc))} operations; "
          f"{len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
