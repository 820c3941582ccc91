#!/usr/bin/env python3
"""The transfer of a game view, uncompressed, from the real responses of a real hexpostd.

For each of the five games at its largest player count, a spectator's view of /games/{id}: the
HTML shell, every script it loads (the module graph, followed from app.js through its static
imports), the stylesheet and the icon, and GET /v1/games/{id}/board.svg. Each total must stay
under 150 KB (150,000 bytes). The game's JSON (GET /v1/games/{id}) is printed beside it, not counted.
Prints one line per game: the figure docs/benchmarks.md quotes.

usage: web_weight_test.py HEXPOSTD     (needs TEST_DATABASE_URL, else skipped: 77)
"""

import re
import sys

from web_support import GAMES, Site, missing_requirements, set_deadline

LIMIT = 150_000
MAX_PLAYERS = {"hexahedron-wars": 4, "iso-path": 2, "mojave": 2, "hex-quoridor": 6,
               "heximeros": 6}


def body_bytes(site, path):
    reply = site.request("GET", path)
    assert reply.status == 200, (path, reply.status)
    return reply.body.encode()


def page_assets(site, html):
    """The paths of the linked files (stylesheet, icon) and of the scripts the page loads,
    scripts with their imports."""
    text = html.decode()
    links = re.findall(r'<link rel="[a-z]+" href="([^"]+)"', text)
    queue = re.findall(r'<script[^>]* src="([^"]+)"', text)
    scripts = []
    while queue:
        path = queue.pop(0)
        if path in scripts:
            continue
        scripts.append(path)
        source = body_bytes(site, path).decode()
        for imported in re.findall(r'^import [^;]*? from "\./([^"]+)";', source, re.M | re.S):
            queue.append("/assets/" + imported)
    return links, scripts


def game_view(site, game_id):
    html = body_bytes(site, f"/games/{game_id}")
    links, scripts = page_assets(site, html)
    sizes = {"html": len(html),
             "js": sum(len(body_bytes(site, p)) for p in scripts),
             "css and icon": sum(len(body_bytes(site, p)) for p in links),
             "svg": len(body_bytes(site, f"/v1/games/{game_id}/board.svg"))}
    sizes["total"] = sum(sizes.values())
    sizes["json"] = len(body_bytes(site, f"/v1/games/{game_id}"))
    return sizes, scripts, links


def main():
    why = missing_requirements(browser=False)
    if why:
        print(why + ": skipped")
        return 77
    set_deadline(90)
    site = Site(sys.argv[1])
    failed = []
    try:
        players = [site.account(f"player{i}") for i in range(6)]
        for name in GAMES:
            game_id = site.start_game(name, players[:MAX_PLAYERS[name]])
            sizes, scripts, links = game_view(site, game_id)
            assert len(scripts) >= 2 and "/assets/game.js" in scripts, scripts
            assert links == ["/assets/favicon.svg", "/assets/app.css"], links
            print(f"{name} ({MAX_PLAYERS[name]} players): " +
                  ", ".join(f"{k} {v}" for k, v in sizes.items()) + " bytes")
            if sizes["total"] >= LIMIT:
                failed.append(name)
    finally:
        site.close()
    if failed:
        print(f"over {LIMIT} bytes: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
