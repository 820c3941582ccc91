#!/usr/bin/env bash
# tools/openapi/lint.sh [DOCUMENT]: lints an OpenAPI document (default services/api/openapi.json)
# with @redocly/cli (pinned in package.json / package-lock.json) and the rules of redocly.yaml.
#
# Fails (exit 1) on any problem, warnings included: `redocly lint` itself exits 0 when it found
# warnings only, so the JSON report's totals decide here. Installs the pinned version with
# `npm ci` when it is missing. Exit 77 (skip) without node/npm.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
document=$(realpath "${1:-$here/../../services/api/openapi.json}")
cd "$here"
command -v npm >/dev/null || { echo "npm not found: cannot lint the OpenAPI document" >&2; exit 77; }
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
if [ ! -x node_modules/.bin/redocly ]; then npm ci --no-audit --no-fund --loglevel=error; fi

report=$(mktemp)
trap 'rm -f "$report" "$report.err"' EXIT
rc=0
node_modules/.bin/redocly lint --config redocly.yaml --format=json --max-problems=1000 \
  "$document" >"$report" 2>"$report.err" || rc=$?
python3 - "$report" "$rc" "$document" <<'EOF'
import json, sys
report, rc, document = sys.argv[1], int(sys.argv[2]), sys.argv[3]
try:
    found = json.load(open(report))
except ValueError:
    sys.stderr.write(open(report + ".err").read())
    sys.exit(f"redocly lint exited {rc} without a report for {document}")
for p in found["problems"]:
    where = p["location"][0]["pointer"] if p.get("location") else "(document)"
    print(f"{p['severity']}: {p['ruleId']}: {where}: {p['message']}")
totals = found["totals"]
print(f"{document}: {totals['errors']} errors, {totals['warnings']} warnings")
sys.exit(1 if rc != 0 or totals["errors"] or totals["warnings"] else 0)
EOF
