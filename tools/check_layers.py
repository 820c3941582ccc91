#!/usr/bin/env python3
"""Fails on an #include that crosses a layer the wrong way.

The layers (lower may never include higher):
  rules/                  the standard library and rules/ only
  lib/                    rules/ and lib/ (never services/ or cli/)
  cli/                    rules/, lib/ and cli/ (never services/)
  services/domain         never services/storage, services/play, services/api or services/mail
  services/storage        never services/play or services/api
  services/play           never services/api, services/mail or services/sweeper
  services/sweeper        never services/api
  services/mail           never services/api

The build enforces the same arrows (cmake/HexpostLayers.cmake: a target sees only the headers
of what it links); this check also names the rule and catches an arrow that a link added by
mistake would let compile.

Usage:
  check_layers.py [--root DIR]   check the tree at DIR (default: the repository of this file);
                                 exit 1 and print file:line and the rule per violation
  check_layers.py --self-test    check that a tree with forbidden includes fails and a clean
                                 one passes
"""

import argparse
import os
import re
import sys
import tempfile

SOURCE_SUFFIXES = (".cc", ".h", ".hpp", ".cpp", ".cc.in", ".h.in")
SCANNED_ROOTS = ("rules", "lib", "cli", "services")

# The C++20 standard library headers (including the C compatibility <cxxx> headers): the only
# <...> headers rules/ may include.
STANDARD_HEADERS = frozenset("""
algorithm any array atomic barrier bit bitset cassert cctype cerrno cfenv cfloat charconv chrono
cinttypes climits clocale cmath codecvt compare complex concepts condition_variable coroutine
csetjmp csignal cstdarg cstddef cstdint cstdio cstdlib cstring ctime cuchar cwchar cwctype deque
exception execution filesystem format forward_list fstream functional future initializer_list
iomanip ios iosfwd iostream istream iterator latch limits list locale map memory memory_resource
mutex new numbers numeric optional ostream queue random ranges ratio regex scoped_allocator
semaphore set shared_mutex source_location span sstream stack stdexcept stop_token streambuf
string string_view syncstream system_error thread tuple type_traits typeindex typeinfo
unordered_map unordered_set utility valarray variant vector version
""".split())

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def forbidden_prefixes(path):
    """(forbidden include prefixes, rule text) for a source path relative to the root."""
    if path.startswith("lib/"):
        return ("services/", "cli/"), "lib/ includes neither services/ nor cli/"
    if path.startswith("cli/"):
        return ("services/",), "cli/ includes nothing from services/"
    if path.startswith("services/domain/"):
        return (("services/storage/", "services/play/", "services/api/", "services/mail/"),
                "domain includes no storage, play, api or mail")
    if path.startswith("services/storage/"):
        return ("services/play/", "services/api/"), "storage includes no play or api"
    if path.startswith("services/play/"):
        return (("services/api/", "services/mail/", "services/sweeper/"),
                "play includes no api, mail or sweeper")
    if path.startswith("services/sweeper/"):
        return ("services/api/",), "sweeper includes no api"
    if path.startswith("services/mail/"):
        return ("services/api/",), "mail includes no api"
    return (), ""


def check_include(path, kind, header):
    """The rule a single include breaks, or None."""
    if path.startswith("rules/"):
        if kind == '"' and not header.startswith("rules/"):
            return "rules/ includes only rules/ and the standard library"
        if kind == "<" and header not in STANDARD_HEADERS:
            return "rules/ includes only rules/ and the standard library (<%s> is not standard)" % header
        return None
    prefixes, rule = forbidden_prefixes(path)
    if kind == '"' and header.startswith(prefixes) and prefixes:
        return rule
    return None


def source_files(root):
    for top in SCANNED_ROOTS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    full = os.path.join(folder, name)
                    yield os.path.relpath(full, root).replace(os.sep, "/"), full


def check_tree(root, out):
    """Prints each violation; returns how many there are."""
    violations = 0
    for path, full in source_files(root):
        with open(full, encoding="utf-8", errors="replace") as source:
            for number, line in enumerate(source, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                kind, header = match.groups()
                rule = check_include(path, kind, header)
                if rule is None:
                    continue
                violations += 1
                print("%s:%d: forbidden include %s%s%s: %s" %
                      (path, number, kind, header, ">" if kind == "<" else '"', rule), file=out)
    return violations


def self_test():
    """A tree with one forbidden include per rule must fail with each named; a clean one passes."""
    bad = {
        "rules/core/a.h": '#include "services/storage/pool.h"\n',
        "rules/core/b.h": "#include <spdlog/spdlog.h>\n",
        "lib/clock/c.cc": '#include "services/api/server.h"\n',
        "cli/commands/d.cc": '#include "services/fairness/fairness.h"\n',
        "services/domain/e.cc": '#include "services/storage/records.h"\n',
        "services/storage/f.cc": '  #  include "services/api/server.h"\n',
        "services/mail/g.h": '#include "services/api/game_service.h"\n',
        "services/play/h.cc": '#include "services/api/routes.h"\n',
        "services/sweeper/i.cc": '#include "services/api/game_service.h"\n',
        "services/domain/j.h": '#include "services/play/play_service.h"\n',
    }
    clean = {
        "rules/core/a.h": '#include <vector>\n#include "rules/core/game.h"\n',
        "lib/fairness/b.cc": '#include "rules/core/random.h"\n#include <openssl/evp.h>\n',
        "cli/commands/c.cc": '#include "lib/fairness/fairness.h"\n#include "cli/client/client.h"\n',
        "services/api/d.cc": '#include "services/storage/pool.h"\n',
        "services/mail/e.cc": '#include "services/play/play_service.h"\n',
        "services/play/f.cc": '#include "services/storage/games_repository.h"\n',
    }
    failures = []
    for name, files, expected in (("bad", bad, len(bad)), ("clean", clean, 0)):
        with tempfile.TemporaryDirectory() as root:
            for path, text in files.items():
                os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
                with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                    f.write(text)
            report = _Capture()
            found = check_tree(root, report)
            if found != expected:
                failures.append("%s tree: %d violations, expected %d:\n%s" %
                                (name, found, expected, report.text))
            for path in files if name == "bad" else ():
                if path + ":1: forbidden include" not in report.text:
                    failures.append("bad tree: %s not reported:\n%s" % (path, report.text))
    for failure in failures:
        print("self-test FAILED: " + failure)
    if not failures:
        print("self-test passed: %d forbidden includes caught, the clean tree passes" % len(bad))
    return 1 if failures else 0


class _Capture:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    violations = check_tree(args.root, sys.stdout)
    if violations:
        print("%d forbidden include(s); the layers are described in tools/check_layers.py" %
              violations)
        return 1
    print("layers: no forbidden include")
    return 0


if __name__ == "__main__":
    sys.exit(main())
