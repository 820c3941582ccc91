#!/usr/bin/env bash
# Lints services/api/openapi.json with @redocly/cli (pinned in package.json / package-lock.json).
# Installs the pinned version with `npm ci` when it is missing. Exit 77 (skip) without node/npm.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
command -v npm >/dev/null || { echo "npm not found: cannot lint the OpenAPI document" >&2; exit 77; }
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
if [ ! -x node_modules/.bin/redocly ]; then npm ci --no-audit --no-fund --loglevel=error; fi
exec node_modules/.bin/redocly lint --config redocly.yaml ../../services/api/openapi.json
