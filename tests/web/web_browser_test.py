#!/usr/bin/env python3
"""The web client in headless Chromium (Selenium), against a real hexpostd.

  - each game's page shows the SVG board with every cell of the game: the page's data-cell set
    is exactly the one of GET /v1/games/{id}/board.svg (all five games; screenshot of each);
  - signed in through the sign-in page, a player plays a move by clicking its cells, in
    hex-quoridor and in mojave; the REST API then shows exactly that move;
  - after the cells of a move that begin other moves too, the page offers exactly those moves
    and plays the one picked (hexahedron-wars: one step of a die or more);
  - the notation box plays a move typed on the keyboard;
  - a move made through the REST API appears on an open page without a reload;
  - resigning asks for a confirmation first;
  - a challenge is accepted from "my games", which opens the new game;
  - a tournament page shows the standings (exact names and points) and a name with markup as
    text; the home page lists live games and the tournament;
  - a game page at 375 px is no wider than the screen;
  - no page logs a console error (a CSP violation would).
Screenshots (PNG) go to the directory given, overwritten on each run.

usage: web_browser_test.py HEXPOSTD SCREENSHOT_DIR   (TEST_DATABASE_URL, chromium, chromium-driver,
       python3-selenium; else skipped: 77)
"""

import os
import re
import sys
import time
import traceback

from web_support import (GAMES, PASSWORD, Site, browser, console_errors, css, missing_requirements,
                         set_deadline, wait)

PLAYERS = ["ann", "bob", "cat", "dan"]


def board_cells(site, game_id):
    reply = site.request("GET", f"/v1/games/{game_id}/board.svg")
    assert reply.status == 200, reply.body
    return set(re.findall(r'data-cell="([^"]+)"', reply.body))


def page_cells(driver):
    return set(driver.execute_script(
        "return [...document.querySelectorAll('.board svg [data-cell]')]"
        ".map((n) => n.getAttribute('data-cell'));"))


def open_game(driver, site, game_id):
    driver.get(f"{site.url}/games/{game_id}")
    wait(driver, css(".board svg [data-cell]"), f"no board on /games/{game_id}")


def sign_in(driver, site, username):
    driver.delete_all_cookies()
    driver.get(site.url + "/sign-in")
    wait(driver, css("#f-username")).send_keys(username)
    driver.find_element("css selector", "#f-password").send_keys(PASSWORD)
    driver.find_element("css selector", "form button[type=submit]").click()
    wait(driver, lambda d: d.current_url == site.url + "/me", "sign-in did not reach /me")
    wait(driver, css("#nav .who"))
    assert driver.find_element("css selector", "#nav .who").text == username


def check_boards(driver, site, games, shots):
    for name, game_id in games.items():
        open_game(driver, site, game_id)
        expected = board_cells(site, game_id)
        assert expected, f"{name}: board.svg has no cells"
        assert page_cells(driver) == expected, name
        labelled = driver.execute_script(
            "return [...document.querySelectorAll('.board svg [data-cell]')]"
            ".every((n) => n.getAttribute('aria-label'));")
        assert labelled, f"{name}: a cell without a name for screen readers"
        seats = [e.text for e in driver.find_elements("css selector", ".seat .seat-number")]
        assert seats == ["Seat 0", "Seat 1"], (name, seats)
        driver.save_screenshot(os.path.join(shots, f"game-{name}.png"))


def wait_for_move(site, game_id, ply, move):
    """The REST view of the game once ply `ply` is played: its move must be `move`."""
    def played(_):
        game = site.ok("GET", f"/v1/games/{game_id}")
        return game if game["ply"] >= ply else False
    game = wait(_Poll(), played, f"move {move} never reached the game")
    moves = site.ok("GET", f"/v1/games/{game_id}?moves_after={ply - 1}")["moves"]
    assert moves and moves[0]["move"] == move, (moves, move)
    return game


class _Poll:
    """A stand-in driver for WebDriverWait over REST state."""


def pick_move(detail):
    """A move that takes more than one click when there is one: it exercises the narrowing."""
    longer = [d for d in detail if len(d["cells"]) > 1]
    return (longer or detail)[0]


def button_labelled(driver, selector, label):
    """Waits for the button matching `selector` whose text is `label`."""
    return wait(driver, lambda d: next((b for b in d.find_elements("css selector", selector)
                                        if b.text == label), False),
                f"no {selector} labelled {label!r}")


def click_move(driver, detail, chosen):
    """Clicks `chosen`'s cells in order, as a person would; stops when the page can tell the
    move (one left), else picks it from the choice the page offers."""
    from selenium.webdriver.common.action_chains import ActionChains
    clicked = []
    for cell in chosen["cells"]:
        node = wait(driver, css(f'.board svg [data-cell="{cell}"]'))
        ActionChains(driver).move_to_element(node).click().perform()
        clicked.append(cell)
        left = [d for d in detail if d["cells"][:len(clicked)] == clicked]
        if len(left) == 1:
            return
    button_labelled(driver, ".choice button.move-choice", chosen["move"]).click()


def check_click_to_move(driver, site, game_id, name):
    mover = site.to_move(game_id)
    sign_in(driver, site, mover)
    game = site.game(game_id, mover)
    detail = game["legal_moves_detail"]
    assert sorted(d["move"] for d in detail) == sorted(game["legal_moves"]), name
    chosen = pick_move(detail)
    open_game(driver, site, game_id)
    wait(driver, css("#move-input"))
    click_move(driver, detail, chosen)
    wait_for_move(site, game_id, game["ply"] + 1, chosen["move"])
    wait(driver, lambda d: chosen["move"] in [c.text for c in d.find_elements(
        "css selector", ".moves li code")], "the page does not show the move played")


def check_choice(driver, site, game_id):
    """A move whose cells begin another's (a die's one step and its two steps): after its cells
    the page offers exactly the moves left, and the one picked is played."""
    mover = site.to_move(game_id)
    sign_in(driver, site, mover)
    game = site.game(game_id, mover)
    detail = game["legal_moves_detail"]
    chosen = next(d for d in detail if sum(
        1 for e in detail if e["cells"][:len(d["cells"])] == d["cells"]) > 1)
    left = sorted(e["move"] for e in detail if e["cells"][:len(chosen["cells"])] == chosen["cells"])
    open_game(driver, site, game_id)
    wait(driver, css("#move-input"))
    from selenium.webdriver.common.action_chains import ActionChains
    for cell in chosen["cells"]:
        node = wait(driver, css(f'.board svg [data-cell="{cell}"]'))
        ActionChains(driver).move_to_element(node).click().perform()
    offered = wait(driver, lambda d: sorted(b.text for b in d.find_elements(
        "css selector", ".choice button.move-choice")) or False, "no choice offered")
    assert offered == left, (offered, left)
    button_labelled(driver, ".choice button.move-choice", chosen["move"]).click()
    wait_for_move(site, game_id, game["ply"] + 1, chosen["move"])


def check_notation_box(driver, site, game_id):
    mover = site.to_move(game_id)
    sign_in(driver, site, mover)
    game = site.game(game_id, mover)
    move = game["legal_moves"][-1]
    open_game(driver, site, game_id)
    box = wait(driver, css("#move-input"))
    box.send_keys(move + "\n")
    wait_for_move(site, game_id, game["ply"] + 1, move)


def check_live_update(driver, site, game_id):
    open_game(driver, site, game_id)
    driver.execute_script("window.hexpostMarker = 'same page';")
    mover = site.to_move(game_id)
    before = len(driver.find_elements("css selector", ".moves li"))
    move = site.game(game_id, mover)["legal_moves"][0]
    started = time.monotonic()
    site.play(game_id, mover, move)
    wait(driver, lambda d: len(d.find_elements("css selector", ".moves li")) == before + 1,
         "the opponent's move did not appear")
    # Reported, not asserted: a busy machine must not fail the test (the wait allows 10 s).
    print(f"      the move appeared {time.monotonic() - started:.2f} s after it was posted")
    wait(driver, lambda d: d.find_elements("css selector", ".moves li code")[-1].text == move,
         f"the last move shown is not {move}")
    assert driver.execute_script("return window.hexpostMarker;") == "same page", "page reloaded"


def check_resign(driver, site, game_id):
    player = site.game(game_id)["seats"][0]["username"]
    sign_in(driver, site, player)
    open_game(driver, site, game_id)
    button_labelled(driver, ".actions button", "Resign").click()
    confirm = wait(driver, css(".actions button.danger"))
    assert confirm.text == "Yes, resign"
    assert site.game(game_id)["status"] == "active", "resigned before the confirmation"
    confirm.click()
    wait(driver, css(".result"), "no result after resigning")
    game = site.game(game_id)
    assert game["status"] == "finished", game["status"]
    assert [s["placement"] for s in game["seats"]] == [2, 1], game["seats"]


def check_accept_challenge(driver, site):
    made = site.ok("POST", "/v1/challenges", {"game": "iso-path", "opponents": ["dan"]},
                   user="cat", status=201)
    sign_in(driver, site, "dan")
    accept = wait(driver, css("button.accept"), "no challenge to accept on /me")
    accept.click()
    wait(driver, lambda d: re.fullmatch(re.escape(site.url) + r"/games/\d+", d.current_url),
         "accepting did not open the game")
    game_id = driver.current_url.rsplit("/", 1)[1]
    assert site.ok("GET", f"/v1/challenges/{made['id']}", user="cat")["game_id"] == game_id
    wait(driver, css(".board svg [data-cell]"))


def finished_tournament(site):
    name = "Spring <b>Open</b> & co"
    t = site.ok("POST", "/v1/tournaments", {"name": name, "game": "iso-path",
                                            "format": "round-robin"}, user="ann", status=201)
    for player in ("bob", "cat"):
        site.ok("POST", f"/v1/tournaments/{t['id']}/join", user=player, status=201)
    site.ok("POST", f"/v1/tournaments/{t['id']}/start", user="ann")
    game_id = site.ok("GET", f"/v1/tournaments/{t['id']}")["rounds"][0]["pairings"][0]["game_id"]
    site.ok("POST", f"/v1/games/{game_id}/resign", user="cat")
    done = wait(_Poll(), lambda _: (lambda v: v if v["status"] == "finished" else False)(
        site.ok("GET", f"/v1/tournaments/{t['id']}")), "the tournament did not finish")
    return t["id"], name, done


def check_tournament(driver, site, shots):
    tid, name, view = finished_tournament(site)
    assert [(s["username"], s["score"]) for s in view["standings"]] == [("bob", 1), ("cat", 0)]
    driver.get(f"{site.url}/tournaments/{tid}")
    wait(driver, css("table caption"))
    assert driver.find_element("css selector", "main h1").text == name
    assert not driver.find_elements("css selector", "main h1 b"), "a name was parsed as HTML"
    cells = driver.execute_script(
        "const t = [...document.querySelectorAll('main table')]"
        "  .find((n) => n.caption && n.caption.textContent === 'Standings');"
        "return [...t.tBodies[0].rows].map((r) => [...r.cells].slice(0, 3).map((c) => c.textContent));")
    assert cells == [["1", "bob", "1"], ["2", "cat", "0"]], cells
    driver.save_screenshot(os.path.join(shots, "tournament.png"))


def check_player(driver, site):
    driver.get(f"{site.url}/players/bob")
    wait(driver, css("main h2"))
    assert driver.find_element("css selector", "main h1").text == "bob"
    tournaments = [a.text for a in driver.find_elements("css selector", "main li a")]
    assert tournaments == ["Spring <b>Open</b> & co"], tournaments


def check_home(driver, site, games, shots):
    driver.get(site.url + "/")
    wait(driver, css("main section table"))
    links = {a.get_attribute("href") for a in driver.find_elements("css selector", "main a")}
    for game_id in games.values():
        assert f"{site.url}/games/{game_id}" in links, game_id
    driver.save_screenshot(os.path.join(shots, "home.png"))


def check_narrow(site, game_id, shots):
    driver = browser(375, 800)
    try:
        open_game(driver, site, game_id)
        width = driver.execute_script("return document.documentElement.scrollWidth;")
        assert width <= 375, f"the page is {width} px wide at 375 px"
        board = driver.execute_script(
            "return document.querySelector('.board svg').getBoundingClientRect().width;")
        assert 300 <= board <= 375, board
        driver.save_screenshot(os.path.join(shots, "game-narrow.png"))
    finally:
        driver.quit()


def games_of_each_kind(site):
    games = {}
    for i, name in enumerate(GAMES):
        games[name] = site.start_game(name, [PLAYERS[i % 2], PLAYERS[(i + 1) % 2]], seed=name)
    for name, game_id in games.items():  # a move each, so the pages show a move list
        mover = site.to_move(game_id)
        site.play(game_id, mover, site.game(game_id, mover)["legal_moves"][0])
    return games


def run(site, shots):
    for player in PLAYERS:
        site.account(player)
    games = games_of_each_kind(site)
    driver = browser()
    failures = []

    def check(label, fn, *args):
        try:
            fn(*args)
            print(f"ok    {label}")
        except Exception:  # every check runs; all failures are reported
            failures.append(label)
            print(f"FAIL  {label}\n{traceback.format_exc()}")
            driver.save_screenshot(os.path.join(shots, f"failed-{label}.png"))

    try:
        check("boards", check_boards, driver, site, games, shots)
        check("home", check_home, driver, site, games, shots)
        check("click hex-quoridor", check_click_to_move, driver, site, games["hex-quoridor"],
              "hex-quoridor")
        check("click mojave", check_click_to_move, driver, site, games["mojave"], "mojave")
        check("notation box", check_notation_box, driver, site, games["iso-path"])
        check("live update", check_live_update, driver, site, games["hexahedron-wars"])
        check("choice", check_choice, driver, site, games["hexahedron-wars"])
        check("resign", check_resign, driver, site, games["heximeros"])
        check("accept challenge", check_accept_challenge, driver, site)
        check("tournament", check_tournament, driver, site, shots)
        check("player", check_player, driver, site)
        check("narrow", check_narrow, site, games["hex-quoridor"], shots)
        errors = console_errors(driver)
        if errors:
            failures.append("console")
            print("FAIL  console errors:\n" + "\n".join(errors))
    finally:
        driver.quit()
    return failures


def main():
    hexpostd, shots = sys.argv[1], sys.argv[2]
    why = missing_requirements()
    if why:
        print(why + ": skipped")
        return 77
    os.makedirs(shots, exist_ok=True)
    set_deadline(240)
    site = Site(hexpostd)
    try:
        failures = run(site, shots)
    finally:
        site.close()
    print("failed: " + ", ".join(failures) if failures else "web in a browser: ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
