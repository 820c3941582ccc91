#!/usr/bin/env bash
# hexpostd end to end: migrate, serve on a free port, /healthz and /readyz, clean stop on SIGTERM,
# and systemd's readiness protocol (READY=1 once listening, STOPPING=1 on SIGTERM) on a
# NOTIFY_SOCKET of the test's own.
# usage: hexpostd_serve_test.sh HEXPOSTD     (needs TEST_DATABASE_URL and psql; else skipped: 77)
set -euo pipefail
bin=$1
[ -n "${TEST_DATABASE_URL:-}" ] || { echo "TEST_DATABASE_URL is not set: skipped"; exit 77; }
command -v psql >/dev/null || { echo "psql not found: skipped"; exit 77; }
fail() { echo "FAIL: $*" >&2; [ -f "${log:-}" ] && cat "$log" >&2; exit 1; }

db="hexpost_serve_test_$$"
log=$(mktemp)
notify_dir=$(mktemp -d)
psql "$TEST_DATABASE_URL" -XqAc "CREATE DATABASE $db"
cleanup() {
  [ -n "${pid:-}" ] && kill -KILL "$pid" 2>/dev/null || true
  psql "$TEST_DATABASE_URL" -XqAc "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  [ -n "${listener:-}" ] && kill "$listener" 2>/dev/null || true
  rm -rf "$log" "$notify_dir"
}
trap cleanup EXIT
case "$TEST_DATABASE_URL" in
  postgres://* | postgresql://*)
    url=$(sed -E "s|^(postgres(ql)?://[^/?]*)(/[^?]*)?|\1/$db|" <<<"$TEST_DATABASE_URL") ;;
  *) url="$TEST_DATABASE_URL dbname=$db" ;;
esac
export HEXPOST_DATABASE_URL=$url HEXPOST_LISTEN=127.0.0.1:0 HEXPOST_HEARTBEAT_S=1

# get PORT PATH: prints the status code
get() {
  exec 3<>"/dev/tcp/127.0.0.1/$1"
  printf 'GET %s HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n' "$2" >&3
  head -n 1 <&3 | cut -d' ' -f2
  exec 3<&-
}

"$bin" migrate 2>"$log" || fail "migrate failed"
grep -q 'applied 0001_service_instances.sql' "$log" || fail "migrate did not apply 0001"

# The notify socket: each datagram becomes one line (its newlines as " | ").
notes="$notify_dir/notes"
/usr/bin/python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
with open(sys.argv[2], "a") as out:
    while True:
        out.write(s.recv(4096).decode().replace("\n", " | ") + "\n")
        out.flush()
' "$notify_dir/socket" "$notes" &
listener=$!
for _ in $(seq 1 50); do [ -S "$notify_dir/socket" ] && break; sleep 0.1; done

NOTIFY_SOCKET="$notify_dir/socket" "$bin" serve 2>"$log" &
pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -nE 's#^READY=1 [|] STATUS=listening on http://127[.]0[.]0[.]1:([0-9]+)$#\1#p' "$notes" 2>/dev/null)
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || fail "hexpostd serve exited early"
  sleep 0.1
done
[ -n "$port" ] || fail "no READY=1 with the port on the notify socket: $(cat "$notes")"
grep -q "listening on http://127.0.0.1:$port\$" "$log" || fail "the log and READY disagree (READY: $port)"
grep -q 'schema is current' "$log" || fail "serve did not check migrations"
[ "$(get "$port" /healthz)" = 200 ] || fail "/healthz"
[ "$(get "$port" /readyz)" = 200 ] || fail "/readyz"
[ "$(get "$port" /nope)" = 404 ] || fail "/nope"

kill -TERM "$pid"
rc=0; wait "$pid" || rc=$?
pid=""
[ "$rc" -eq 0 ] || fail "hexpostd exited $rc after SIGTERM"
grep -q 'hexpostd stopped' "$log" || fail "no clean-stop line"
for _ in $(seq 1 20); do grep -qx 'STOPPING=1' "$notes" && break; sleep 0.1; done
grep -qx 'STOPPING=1' "$notes" || fail "no STOPPING=1 after SIGTERM: $(cat "$notes")"
[ "$(psql "$url" -XtAc 'SELECT count(*) FROM service_instances')" = 1 ] || fail "no heartbeat row"
echo "hexpostd serve ok (port $port)"
