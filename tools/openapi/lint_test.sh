#!/usr/bin/env bash
# tools/openapi/lint_test.sh: lint.sh fails on a warning alone, and on an operation without a
# description. Lints two altered copies of services/api/openapi.json; exit 77 without npm.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
command -v npm >/dev/null || { echo "npm not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect_failure NAME PYTHON_EDIT EXPECTED_TOTALS: lint.sh must exit 1 and report those totals.
expect_failure() {
  python3 - "$here/../../services/api/openapi.json" "$tmp/$1.json" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(doc, open(sys.argv[2], "w"))
PY
  local rc=0 out
  out=$("$here/lint.sh" "$tmp/$1.json") || rc=$?
  if [ "$rc" -ne 1 ] || ! grep -qF "$tmp/$1.json: $3" <<<"$out"; then
    echo "FAIL: $1: lint.sh exited $rc, expected 1 and '$3':" >&2
    echo "$out" >&2
    exit 1
  fi
  echo "ok: $1 ($3)"
}

# tag-description is a warning in the recommended ruleset.
expect_failure warning_only 'del doc["tags"][0]["description"]' "0 errors, 1 warnings"
expect_failure no_description 'del doc["paths"]["/healthz"]["get"]["description"]' \
  "1 errors, 0 warnings"
