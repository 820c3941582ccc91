# shellcheck disable=SC2207  # COMPREPLY=($(compgen ...)) is the completion idiom
# bash completion for hexpost, the Hexpost command-line client.
# Installed by ops/install-cli (into ~/.local/share/bash-completion/completions/hexpost), or
# source it from ~/.bashrc. Game ids come from `hexpost games --json`, challenge ids from
# `hexpost challenges --json`, game names from `hexpost rules list --json` (offline).

_hexpost_ids() {
  # $1: the read command printing JSON with "id" members
  hexpost "$1" --json 2>/dev/null | grep -o '"id": *"[^"]*"' | sed 's/.*"\([^"]*\)"$/\1/'
}

_hexpost_game_names() {
  hexpost rules list --json 2>/dev/null | grep -o '"id": *"[^"]*"' | sed 's/.*"\([^"]*\)"$/\1/'
}

_hexpost() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null; then
    _init_completion || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  fi
  local commands="rules server signup login logout whoami games next show move conditional resign
    abort draw leave vote accept-seat record watch challenge seek challenges accept decline cancel
    inbox say message messages verify vacation tournaments tournament ratings bot help"
  local cmd=${words[1]:-} sub=${words[2]:-}

  case "$prev" in
    --game | -g) COMPREPLY=($(compgen -W "$(_hexpost_game_names)" -- "$cur")); return ;;
    --status) COMPREPLY=($(compgen -W "active finished aborted" -- "$cur")); return ;;
    --username | -u | --email | --password | --option | -o | --days | --bank | --players | \
      --ply | --seed | --reason | --limit | -n | --if | --replacement | -r) return ;;
  esac

  if [ "$cword" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi

  local options="--help"
  case "$cmd" in
    rules) [ "$cword" -eq 2 ] && { COMPREPLY=($(compgen -W "list play notation replay" -- "$cur")); return; }
      [ "$sub" = replay ] && { COMPREPLY=($(compgen -f -- "$cur")); return; }
      { [ "$sub" = play ] || [ "$sub" = notation ]; } && [ "$cword" -eq 3 ] && {
        COMPREPLY=($(compgen -W "$(_hexpost_game_names)" -- "$cur")); return; }
      options="--json --players --seed --option --perspective --seat --svg --highlight
        --highlight-last --help" ;;
    server) [ "$cword" -eq 2 ] && { COMPREPLY=($(compgen -W "set show" -- "$cur")); return; } ;;
    draw) [ "$cword" -eq 2 ] && { COMPREPLY=($(compgen -W "offer accept decline" -- "$cur")); return; }
      [ "$cword" -eq 3 ] && { COMPREPLY=($(compgen -W "$(_hexpost_ids games)" -- "$cur")); return; }
      options="--json --help" ;;
    conditional) [ "$cword" -eq 2 ] && { COMPREPLY=($(compgen -W "list clear" -- "$cur")); return; }
      [ "$cword" -eq 3 ] && { COMPREPLY=($(compgen -W "$(_hexpost_ids games)" -- "$cur")); return; }
      [ "$sub" = list ] && options="--json --help" ;;
    tournament) [ "$cword" -eq 2 ] && {
        COMPREPLY=($(compgen -W "create start join withdraw show pairings" -- "$cur")); return; }
      if [ "$sub" = create ]; then
        options="--name --game --format --rounds --players-per-game --capacity --rated
          --entry-opens-at --entry-closes-at --games-per-match --max-tiebreaks --division-size
          --promote --relegate --timeout-limit --season-break-days --bye-points --all-at-once
          --allow-replacement --advance --days --bank --unclocked --option --json --help"
      else
        [ "$cword" -eq 3 ] && [[ $cur != -* ]] && {
          COMPREPLY=($(compgen -W "$(_hexpost_ids tournaments)" -- "$cur")); return; }
        options="--json --help"
        [ "$sub" = withdraw ] && options="--next-season-only --json --help"
      fi ;;
    help) COMPREPLY=($(compgen -W "exit-codes" -- "$cur")); return ;;
    bot) [ "$cword" -eq 2 ] && { COMPREPLY=($(compgen -W "run create" -- "$cur")); return; }
      [ "$prev" = --accept ] && { COMPREPLY=($(compgen -W "humans bots all" -- "$cur")); return; }
      [ "$prev" = --games ] && { COMPREPLY=($(compgen -W "$(_hexpost_game_names)" -- "$cur")); return; }
      [ "$sub" = create ] && options="--email --help" ||
        options="--games --accept --max-games --engine --engine-cmd --seed --state-file
          --events-log --stop-after --max-plies --idle-timeout --help" ;;
    signup) options="--username --email --password --password-stdin --help" ;;
    login) options="--username --password --password-stdin --help" ;;
    games) options="--json --status --help" ;;
    next) options="--json --ascii --legal --from-seat --no-rotate --help" ;;
    show | move | resign | abort | leave | vote | accept-seat | record | watch | verify)
      if [ "$cword" -eq 2 ] && [[ $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$(_hexpost_ids games)" -- "$cur"))
        return
      fi
      case "$cmd" in
        show) options="--json --ascii --legal --from-seat --no-rotate --help" ;;
        move) options="--dry-run --ply --if --json --ascii --help" ;;
        watch) options="--json --ascii --help" ;;
        resign) options="--yes --json --help" ;;
        abort | accept-seat) options="--json --help" ;;
        leave) options="--replacement --yes --json --help" ;;
        vote) [ "$cword" -eq 3 ] && { COMPREPLY=($(compgen -W "yes no" -- "$cur")); return; }
          options="--json --help" ;;
      esac ;;
    accept | decline | cancel)
      if [ "$cword" -eq 2 ] && [[ $cur != -* ]]; then
        COMPREPLY=($(compgen -W "$(_hexpost_ids challenges)" -- "$cur"))
        return
      fi
      options="--json --seed --reason --help" ;;
    challenge | seek) options="--game --players --days --bank --unclocked --option --unrated --json
      --help" ;;
    inbox) options="--limit --json --help" ;;
    say | message | messages) options="--json --help" ;;
    challenges | tournaments | whoami) options="--json --help" ;;
    vacation) options="--stop --json --help" ;;
    ratings) [ "$cword" -eq 2 ] && [[ $cur != -* ]] && {
        COMPREPLY=($(compgen -W "$(_hexpost_game_names)" -- "$cur")); return; }
      options="--json --help" ;;
  esac
  COMPREPLY=($(compgen -W "$options" -- "$cur"))
}

complete -F _hexpost hexpost
