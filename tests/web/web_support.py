"""Shared pieces of the web client's tests: a real hexpostd (tests/services/openapi/live_server.py),
accounts and games made through the REST API, and headless Chromium driven by Selenium.

Waits are explicit (WebDriverWait, up to WAIT_S seconds), never sleeps.
"""

import faulthandler
import os
import shutil
import signal
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "services",
                                "openapi"))
from live_server import LiveServer  # noqa: E402

PASSWORD = "correct horse battery"
WAIT_S = 10
# One call to the browser (through chromedriver) never waits longer than this.
COMMAND_TIMEOUT_S = 60
GAMES = ["hexahedron-wars", "iso-path", "mojave", "hex-quoridor", "heximeros"]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def missing_requirements(browser=True):
    """Why the test cannot run here (then it exits 77: skipped), or None."""
    if not os.environ.get("TEST_DATABASE_URL"):
        return "TEST_DATABASE_URL is not set"
    if browser:
        if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
            return "chromium and chromium-driver (ops/packages.txt [dev]) are not installed"
        try:
            import selenium  # noqa: F401
        except ImportError:
            return "python3-selenium (ops/packages.txt [dev]) is not installed"
    return None


class Site:
    """A hexpostd of its own (database created and dropped) and REST helpers."""

    def __init__(self, hexpostd):
        # Every signed-out page view of the run comes from 127.0.0.1: one address's bucket.
        self.server = LiveServer(hexpostd, os.environ["TEST_DATABASE_URL"],
                                 env={"HEXPOST_ANON_RATE_BURST": "100000"})
        self.tokens = {}

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.port}"

    def request(self, method, target, body=None, user=None, headers=None):
        token = self.tokens[user] if user else None
        return self.server.request(method, target, body=body, token=token, headers=headers)

    def ok(self, method, target, body=None, user=None, status=200):
        reply = self.request(method, target, body=body, user=user)
        assert reply.status == status, f"{method} {target}: {reply.status} {reply.body}"
        return reply.json() if reply.body else None

    def account(self, name):
        made = self.ok("POST", "/v1/accounts", {"username": name, "email": f"{name}@example.org",
                                                "password": PASSWORD}, status=201)
        self.tokens[name] = made["token"]
        return name

    def start_game(self, game, players, seed="web"):
        """A game of `game` between `players` (accounts): the first challenges, the others
        accept. Returns the game id."""
        challenge = self.ok("POST", "/v1/challenges", {"game": game, "players": len(players),
                                                       "opponents": players[1:]},
                            user=players[0], status=201)
        for name in players[1:]:
            accepted = self.ok("POST", f"/v1/challenges/{challenge['id']}/accept",
                               {"seed": seed}, user=name)
        return accepted["game_id"]

    def game(self, game_id, user=None):
        return self.ok("GET", f"/v1/games/{game_id}", user=user)

    def to_move(self, game_id):
        """The username whose turn it is (the first, with several)."""
        return self.game(game_id)["to_move"][0]

    def play(self, game_id, user, move):
        game = self.game(game_id, user)
        return self.ok("POST", f"/v1/games/{game_id}/moves", {"move": move, "ply": game["ply"]},
                       user=user, status=201)

    def close(self):
        self.server.close()


class DeadlinePassed(BaseException):
    """Not an Exception: a check that reports its failures and goes on does not catch it."""


def set_deadline(seconds):
    """Ends the test with DeadlinePassed, after printing every thread's stack, once it has run
    `seconds` (keep it under the ctest TIMEOUT). Raised in the main thread, it unwinds through
    the `finally` blocks that stop the browser and hexpostd, which a kill from ctest would leave
    running for the rest of the suite."""
    def expired(signum, frame):
        faulthandler.dump_traceback(all_threads=True)
        raise DeadlinePassed(f"the test did not finish within {seconds} s")
    signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)


def browser(width=1200, height=900):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.remote.remote_connection import RemoteConnection
    RemoteConnection.set_timeout(COMMAND_TIMEOUT_S)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--no-first-run", f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    # A window is never narrower than 500 px: a phone's screen is emulated instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    return driver


def wait(driver, condition, message=""):
    """Polls `condition` until it holds. An element the page replaced while the condition read
    it (a live update re-renders the move list) is stale: the condition is asked again."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, WAIT_S, ignored_exceptions=(StaleElementReferenceException,)
                         ).until(condition, message)


def css(selector):
    """A wait condition: the first element matching `selector` (or False)."""
    def found(driver):
        elements = driver.find_elements("css selector", selector)
        return elements[0] if elements else False
    return found


def console_errors(driver):
    """The browser console's errors so far (CSP violations, script errors), without the lines
    Chromium logs for each 4xx answer (a refused move, the 401 of GET /v1/session when signed
    out): those are answers the pages expect and show."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]]
