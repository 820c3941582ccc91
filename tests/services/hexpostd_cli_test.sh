#!/usr/bin/env bash
# hexpostd's command line and configuration errors, no database needed.
# usage: hexpostd_cli_test.sh HEXPOSTD
set -euo pipefail
bin=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

# Capture first: `cmd | grep -q` under pipefail fails whenever grep exits at the first match
# before cmd has finished writing (SIGPIPE), which happened on CI's slower ASan build.
help=$("$bin" --help)
grep -q 'HEXPOST_DATABASE_URL' <<<"$help" || fail "--help does not list the variables"
version=$("$bin" --version)
grep -qE '^hexpostd [0-9]+\.[0-9]+' <<<"$version" || fail "--version"

rc=0; out=$("$bin" 2>&1) || rc=$?
[ "$rc" -eq 2 ] || fail "no subcommand: exit $rc, want 2"

rc=0; out=$(env -u HEXPOST_DATABASE_URL "$bin" serve 2>&1) || rc=$?
[ "$rc" -eq 2 ] || fail "missing HEXPOST_DATABASE_URL: exit $rc, want 2"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "config error is not one line: $out"
grep -q 'HEXPOST_DATABASE_URL is required' <<<"$out" || fail "unexpected message: $out"

rc=0
out=$(HEXPOST_DATABASE_URL=postgresql://x@127.0.0.1/x HEXPOST_LISTEN=nonsense "$bin" serve 2>&1) || rc=$?
[ "$rc" -eq 2 ] || fail "bad HEXPOST_LISTEN: exit $rc, want 2"
[ "$out" = "hexpostd: configuration error: HEXPOST_LISTEN must be host:port (or [ipv6]:port) with port 0..65535, got 'nonsense'" ] ||
  fail "unexpected message: $out"
echo "hexpostd CLI ok"
