#!/usr/bin/env bash
# The container files, checked statically (no Docker engine runs here):
#  - the Dockerfile installs packages only through ops/install-deps, i.e. from ops/packages.txt;
#  - ops/compose.yaml is valid for Debian's docker-compose, gates hexpostd on a healthy db, and
#    runs two instances behind nginx (ops/nginx/hexpost.conf), the one trusted proxy.
# usage: container_config_test.sh SOURCE_DIR
set -euo pipefail
root=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
dockerfile="$root/Dockerfile"
compose="$root/ops/compose.yaml"

grep -qE '^FROM debian:bookworm-slim AS build' "$dockerfile" || fail "builder stage"
grep -qE '^FROM debian:bookworm-slim AS runtime' "$dockerfile" || fail "runtime stage"
grep -q 'COPY ops/packages.txt ops/lib.sh ops/install-deps' "$dockerfile" || fail "package list not copied"
grep -qE 'RUN .*ops/install-deps build' "$dockerfile" || fail "builder does not install [build]"
grep -qE '(RUN|&&) .*ops/install-deps runtime' "$dockerfile" || fail "runtime does not install [runtime]"
if grep -nE 'apt-get install' "$dockerfile"; then fail "Dockerfile installs packages by itself"; fi
grep -qE '^USER ' "$dockerfile" || fail "no non-root USER"
grep -q 'ENTRYPOINT \["hexpostd"\]' "$dockerfile" || fail "entrypoint"
grep -q 'CMD \["serve"\]' "$dockerfile" || fail "cmd"
grep -q 'HEXPOST_MIGRATIONS_DIR' "$dockerfile" || fail "migrations dir"
# Every runtime package exists in the list the builder does not use, and vice versa.
[ -n "$(HEXPOST_PROG=test bash -c ". '$root/ops/lib.sh'; packages runtime")" ] || fail "empty [runtime]"

if ! command -v docker-compose >/dev/null 2>&1; then
  echo "docker-compose is not installed (Debian package docker-compose): compose check skipped"
  exit 77
fi
export HOME="${HOME:-/tmp}"
[ -w "$HOME" ] || export HOME=/tmp
docker-compose -f "$compose" config -q || fail "docker-compose config rejects $compose"
resolved=$(docker-compose -f "$compose" config)
grep -q 'condition: service_healthy' <<<"$resolved" || fail "hexpostd does not wait for a healthy db"
grep -q 'pg_isready' <<<"$resolved" || fail "db has no pg_isready healthcheck"
grep -q 'image: postgres:15' <<<"$resolved" || fail "db is not postgres:15"
# Two instances behind nginx, which runs the shipped configuration and is the one trusted proxy.
services=$(docker-compose -f "$compose" config --services)
for instance in hexpostd-1 hexpostd-2 nginx db; do
  grep -qx "$instance" <<<"$services" || fail "no $instance"
done
[ "$(grep -c 'HEXPOST_TRUSTED_PROXIES: 172.28.5.10' <<<"$resolved")" = 2 ] || fail "trusted proxy"
grep -q 'ipv4_address: 172.28.5.10' <<<"$resolved" || fail "nginx has not the trusted address"
grep -q 'nginx/hexpost.conf:/etc/hexpost/hexpost.conf' <<<"$resolved" || fail "nginx config"
echo "container files ok"
