#!/usr/bin/env bash
# ops/install-cli end to end, into a scratch HOME: the binary lands in PREFIX/bin, the completion
# where bash-completion looks for it, and a fresh bash that loads it completes `hexpost` commands.
# Usage: install_cli_test.sh PROJECT_ROOT BUILT_HEXPOST
set -euo pipefail
root=$1 built=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export HOME=$scratch/home XDG_DATA_HOME=$scratch/data
mkdir -p "$HOME"

fail() { echo "FAIL: $*" >&2; exit 1; }

"$root/ops/install-cli" --prefix "$scratch/prefix" --binary "$built" 2>"$scratch/log" ||
  fail "install-cli exited $?: $(cat "$scratch/log")"
[ -x "$scratch/prefix/bin/hexpost" ] || fail "no $scratch/prefix/bin/hexpost"
completion=$XDG_DATA_HOME/bash-completion/completions/hexpost
cmp -s "$completion" "$root/cli/completion/hexpost.bash" || fail "completion not installed at $completion"
grep -q "note: $scratch/prefix/bin is not on your PATH" "$scratch/log" ||
  fail "no PATH note in: $(cat "$scratch/log")"

version=$("$scratch/prefix/bin/hexpost" --version)
[ "$version" = "$("$built" --version)" ] || fail "installed binary differs: $version"

# What bash-completion does on the first <TAB>: source the file, then call the function.
words=$(PATH="$scratch/prefix/bin:/usr/bin:/bin" bash --norc --noprofile -c "
  source '$completion'
  COMP_WORDS=(hexpost ga); COMP_CWORD=1; _hexpost; printf '%s\n' \"\${COMPREPLY[@]}\"")
[ "$words" = "games" ] || fail "completing 'hexpost ga' gave: $words"

"$root/ops/install-cli" --binary "$scratch/missing" 2>/dev/null && fail "a missing binary was accepted"
echo "ok: installed, completion loads and completes"
