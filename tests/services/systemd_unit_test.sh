#!/usr/bin/env bash
# ops/systemd/hexpostd.service, checked with systemd's own tools (Debian package systemd):
#  - `systemd-analyze verify` prints nothing (it exits 0 on unknown keys, so silence is the test),
#    with ExecStart pointed at the built hexpostd and EnvironmentFile at the example;
#  - `systemd-analyze security --offline` rates the sandbox's exposure at 2.0 or below (0-10).
# usage: systemd_unit_test.sh SOURCE_DIR HEXPOSTD
set -euo pipefail
root=$1 bin=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v systemd-analyze >/dev/null || { echo "systemd-analyze not found: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unit="$work/hexpostd.service"
sed -e "s|^ExecStart=/usr/local/bin/hexpostd|ExecStart=$bin|" \
    -e "s|^EnvironmentFile=.*|EnvironmentFile=$root/ops/systemd/hexpostd.env.example|" \
    "$root/ops/systemd/hexpostd.service" >"$unit"
grep -q "^ExecStart=$bin serve$" "$unit" || fail "ExecStart not found in the unit"
grep -qx 'Type=notify' "$unit" || fail "not Type=notify"

messages=$(systemd-analyze verify "$unit" 2>&1) || fail "verify failed: $messages"
[ -z "$messages" ] || fail "systemd-analyze verify complained: $messages"

# --threshold is in tenths: exit 1 when the exposure is above 2.0.
report=$(systemd-analyze security --offline=yes --threshold=20 "$unit" 2>&1) ||
  fail "exposure above 2.0: $(tail -n 1 <<<"$report")"
echo "$(tail -n 1 <<<"$report")"
