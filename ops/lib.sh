# shellcheck shell=bash
# Shared functions for the ops/ scripts. Source it (". ops/lib.sh"); it does not run anything.

HEXPOST_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# ccache keys on paths relative to the checkout, so every clone and worktree shares one cache.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$HEXPOST_ROOT}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
HEXPOST_PROG="${HEXPOST_PROG:-ops/$(basename "$0")}"
PG_BIN=/usr/lib/postgresql/15/bin
PG_DATABASE=hexpost
PG_SUPERUSER=postgres

say() { printf '%s: %s\n' "$HEXPOST_PROG" "$*" >&2; }
die() { printf '%s: error: %s\n' "$HEXPOST_PROG" "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }
# The comment block at the top of a script (its usage text), without the "# ".
script_help() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$1"; }

# Parallel build jobs: HEXPOST_JOBS, else the number of cores.
build_jobs() { echo "${HEXPOST_JOBS:-$(nproc 2>/dev/null || echo 2)}"; }

# ---------------------------------------------------------------- packages

# packages SECTION... : the package names of those sections of ops/packages.txt.
packages() {
  awk -v want=" $* " '
    { sub(/#.*/, "") }
    /^[[:space:]]*$/ { next }
    /^[[:space:]]*\[/ { gsub(/[][[:space:]]/, ""); section = $0; next }
    index(want, " " section " ") { print $1 }
  ' "$HEXPOST_ROOT/ops/packages.txt"
}

# missing_packages SECTION... : the ones dpkg does not list as installed.
missing_packages() {
  local wanted installed
  wanted=$(packages "$@")
  [ -n "$wanted" ] || return 0
  # shellcheck disable=SC2086
  installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' $wanted 2>/dev/null |
    awk '$2 == "ii" { print $1 }')
  local p
  for p in $wanted; do
    grep -qxF "$p" <<<"$installed" || echo "$p"
  done
}

# as_root CMD... : run CMD as root (directly when we are root, else through sudo).
as_root() {
  if is_root; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root for: $* (run as root or install sudo)"
  fi
}

# install_packages SECTION... : installs what is missing; silent when nothing is.
install_packages() {
  local missing
  missing=$(missing_packages "$@" | tr '\n' ' ')
  [ -n "${missing// /}" ] || return 0
  say "installing missing Debian packages: $missing"
  # A download that stalls is retried rather than waited on (apt's own timeout is 120 s).
  local network=(-o Acquire::Retries=3 -o Acquire::http::Timeout=30)
  as_root apt-get "${network[@]}" update -qq
  # shellcheck disable=SC2086
  as_root env DEBIAN_FRONTEND=noninteractive apt-get "${network[@]}" install -y -qq \
    --no-install-recommends $missing >/dev/null
}

# ---------------------------------------------------------------- build

# cmake_configure BUILD_DIR BUILD_TYPE [CMAKE_ARGS...] : Ninja, quiet unless it fails.
cmake_configure() {
  local dir=$1 type=$2
  shift 2
  local generator=() launcher=()
  [ -f "$dir/CMakeCache.txt" ] || generator=(-G Ninja)
  # ccache, when installed ([dev]), makes rebuilds and other checkouts of the same tree cheap.
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  mkdir -p "$dir"
  if ! cmake -S "$HEXPOST_ROOT" -B "$dir" "${generator[@]}" "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE="$type" "$@" \
    >"$dir/configure.log" 2>&1; then
    cat "$dir/configure.log" >&2
    die "cmake configure of $dir failed"
  fi
}

# cmake_build BUILD_DIR [TARGET...] : all targets when none are given.
cmake_build() {
  local dir=$1
  shift
  local target_args=()
  [ $# -gt 0 ] && target_args=(--target "$@")
  cmake --build "$dir" -j "$(build_jobs)" "${target_args[@]}"
}

# The libFuzzer build (fuzz/, docs/fuzzing.md): clang++, only the fuzz targets and the sources
# they drive. ops/fuzz and ops/test configure build/fuzz with these arguments.
# shellcheck disable=SC2034
HEXPOST_FUZZ_CMAKE_ARGS=(-DCMAKE_CXX_COMPILER=clang++ -DHEXPOST_FUZZ=ON
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1")

# has_target BUILD_DIR NAME : the configured tree defines target NAME.
# grep reads to the end (no -q) so the producer never dies of SIGPIPE under pipefail.
has_target() { cmake --build "$1" --target help 2>/dev/null | grep -E "^$2: " >/dev/null; }

# ---------------------------------------------------------------- private PostgreSQL cluster
# Layout of a cluster directory DIR:
#   DIR/data        PGDATA (initdb)           DIR/port    the port it last started on
#   DIR/server.log  server log                DIR/.s.PGSQL.<port>  its unix socket
# As root the server runs as the OS user "postgres" (PostgreSQL refuses root); otherwise as us.

pg_owner() { if is_root; then echo postgres; else id -un; fi; }

# pg_as_owner CMD... : run CMD as the cluster's OS user.
# As root it runs from / : "postgres" may not be allowed into the current directory.
pg_as_owner() {
  if is_root; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

# The default cluster directory: var/pg in the checkout. As root the server runs as "postgres",
# which cannot enter a checkout under a private home (e.g. /root, mode 700): then the cluster
# lives in /var/tmp/hexpost-pg-<hash of the checkout path> instead, always the same one.
pg_default_dir() {
  if [ -n "${HEXPOST_PG_DIR:-}" ]; then echo "$HEXPOST_PG_DIR"; return; fi
  local dir="$HEXPOST_ROOT/var/pg"
  if is_root && ! runuser -u postgres -- test -x "$HEXPOST_ROOT" 2>/dev/null; then
    dir="/var/tmp/hexpost-pg-$(printf %s "$HEXPOST_ROOT" | sha256sum | cut -c1-12)"
  fi
  echo "$dir"
}

pg_port() { cat "$1/port" 2>/dev/null || true; }

pg_is_running() { [ -f "$1/data/PG_VERSION" ] && pg_as_owner "$PG_BIN/pg_ctl" -D "$1/data" status >/dev/null 2>&1; }

pg_url() {
  local port
  port=$(pg_port "$1")
  [ -n "$port" ] || die "no cluster has been started in $1 (ops/pg start)"
  echo "postgresql://$PG_SUPERUSER@127.0.0.1:$port/$PG_DATABASE"
}

# True if something accepts TCP connections on 127.0.0.1:PORT.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

random_port() { echo $((20000 + (RANDOM * 32768 + RANDOM) % 40000)); }

pg_prepare_dir() {
  local dir=$1 owner
  owner=$(pg_owner)
  mkdir -p "$dir"
  if is_root; then
    chown "$owner:" "$dir"
    runuser -u postgres -- test -w "$dir" ||
      die "the postgres user cannot write $dir; choose a directory it can reach (HEXPOST_PG_DIR)"
  fi
  local actual
  actual=$(stat -c %U "$dir")
  [ "$actual" = "$owner" ] || die "$dir belongs to $actual, but the cluster would run as $owner"
}

# pg_init DIR FAST : initdb once. FAST=1 for throwaway clusters (no fsync at all).
pg_init() {
  local dir=$1 fast=$2
  [ -f "$dir/data/PG_VERSION" ] && return 0
  pg_as_owner "$PG_BIN/initdb" -D "$dir/data" -U "$PG_SUPERUSER" -A trust -E UTF8 --no-locale \
    ${fast:+--no-sync} >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
  {
    echo "# ops/pg: private cluster, reachable only from this machine"
    echo "listen_addresses = '127.0.0.1'"
    echo "unix_socket_directories = '$dir'"
    if [ "$fast" = 1 ]; then
      echo "fsync = off"
      echo "synchronous_commit = off"
      echo "full_page_writes = off"
    fi
  } | pg_as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
}

# Starts on the remembered port, or a random free one; another cluster may take a port at any
# time, so "could not bind" means: try another port.
pg_start_server() {
  local dir=$1 port attempt before
  port=$(pg_port "$dir")
  for attempt in $(seq 1 20); do
    if [ -z "$port" ] || port_in_use "$port"; then port=$(random_port); continue; fi
    before=$(wc -l 2>/dev/null <"$dir/server.log" || echo 0)
    if pg_as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port" start >/dev/null 2>&1; then
      echo "$port" >"$dir/port"
      return 0
    fi
    if tail -n +"$((before + 1))" "$dir/server.log" |
      grep -E 'could not bind|could not create any TCP/IP sockets|Address already in use' >/dev/null; then
      port=$(random_port)
      continue
    fi
    tail -n 20 "$dir/server.log" >&2
    die "PostgreSQL did not start (log: $dir/server.log)"
  done
  die "no free port found for PostgreSQL after $attempt attempts"
}

# pg_start DIR [FAST] : init if needed, start if not running, create the database.
pg_start() {
  local dir=$1 fast=${2:-}
  [ -x "$PG_BIN/pg_ctl" ] || die "PostgreSQL 15 server binaries not found in $PG_BIN (ops/install-deps)"
  pg_prepare_dir "$dir"
  pg_init "$dir" "$fast"
  pg_is_running "$dir" || pg_start_server "$dir"
  local port
  port=$(pg_port "$dir")
  if [ "$(psql -h "$dir" -p "$port" -U "$PG_SUPERUSER" -d postgres -XtAc \
    "SELECT 1 FROM pg_database WHERE datname = '$PG_DATABASE'")" != 1 ]; then
    createdb -h "$dir" -p "$port" -U "$PG_SUPERUSER" "$PG_DATABASE"
  fi
}

# pg_stop DIR [MODE] : MODE fast (default) or immediate (throwaway data).
pg_stop() {
  local dir=$1 mode=${2:-fast}
  pg_is_running "$dir" || return 0
  pg_as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m "$mode" -w stop >/dev/null
}
