#include "services/tournament/engine.h"

#include <algorithm>
#include <map>

#include "lib/competition/berger.h"
#include "lib/competition/knockout.h"
#include "lib/competition/swiss.h"
#include "lib/competition/tables.h"

namespace tournament {
namespace {

namespace comp = competition;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::vector<int> members(const State& s, int division) {
  std::vector<int> out;
  for (int p = 0; p < static_cast<int>(s.entrants.size()); ++p)
    if (s.entrants[at(p)].division == division) out.push_back(p);
  return out;
}

bool round_robin_like(Format f) {
  return f == Format::kRoundRobin || f == Format::kDoubleRoundRobin || f == Format::kLeague;
}

std::vector<comp::Round> cycle(const State& s, int players) {
  if (players < 2) return {};
  return s.format == Format::kDoubleRoundRobin ? comp::double_berger_rounds(players)
                                               : comp::berger_rounds(players);
}

// A game row; a pairing with a withdrawn or forfeited entrant is decided at once (forfeit).
NewPairing pairing(const State& s, int round, int board, int division, std::vector<int> seats,
                   int match_game = 0) {
  NewPairing p{round, board, match_game, division, std::move(seats), std::nullopt};
  const bool any_out = std::any_of(p.seats.begin(), p.seats.end(),
                                   [&](int seed) { return !s.entrants[at(seed)].active; });
  if (any_out && p.seats.size() > 1) {
    std::vector<double> scores;
    for (int seed : p.seats) scores.push_back(s.entrants[at(seed)].active ? 1.0 : 0.0);
    p.scores = scores;
  }
  return p;
}

std::vector<NewPairing> round_robin_round(const State& s, int round) {
  std::vector<NewPairing> out;
  int board = 0;  // numbered through the divisions
  for (int d = 0; d < division_count(s); ++d) {
    const auto local = members(s, d);
    const auto table = cycle(s, static_cast<int>(local.size()));
    if (round > static_cast<int>(table.size())) continue;
    for (const auto& p : table[at(round - 1)]) {
      if (p.second == comp::kBye) {  // round-robin byes score nothing
        out.push_back({round, board++, 0, d, {local[at(p.first)]}, std::vector<double>{0.0}});
      } else {
        out.push_back(pairing(s, round, board++, d, {local[at(p.first)], local[at(p.second)]}));
      }
    }
  }
  return out;
}

std::vector<comp::SwissPlayer> swiss_players(const State& s) {
  std::vector<comp::SwissPlayer> players(s.entrants.size());
  for (std::size_t p = 0; p < players.size(); ++p) players[p].active = s.entrants[p].active;
  for (const auto& g : s.games)
    if (g.scores)
      comp::swiss_record(players, g.round - 1,
                         {g.seats[0], g.seats.size() > 1 ? g.seats[1] : comp::kBye},
                         (*g.scores)[0]);
  return players;
}

std::optional<std::vector<NewPairing>> swiss_next(const State& s, int round) {
  const auto paired = comp::swiss_round(swiss_players(s), {true, s.planned_rounds});
  if (!paired) return std::nullopt;
  std::vector<NewPairing> out;
  int board = 0;
  for (const auto& p : *paired) {
    if (p.second == comp::kBye) {
      out.push_back(
          {round, board++, 0, 0, {p.first}, std::vector<double>{s.settings.swiss_bye_points}});
    } else {
      out.push_back(pairing(s, round, board++, 0, {p.first, p.second}));
    }
  }
  return out;
}

std::vector<const PlayedGame*> board_games(const State& s, int round, int board) {
  std::vector<const PlayedGame*> out;
  for (const auto& g : s.games)
    if (g.round == round && g.board == board) out.push_back(&g);
  std::sort(out.begin(), out.end(),
            [](const PlayedGame* a, const PlayedGame* b) { return a->match_game < b->match_game; });
  return out;
}

// The match on a knockout board: its status (decided or the next game to play).
comp::MatchStatus match_on(const State& s, int round, int board) {
  const auto games = board_games(s, round, board);
  const PlayedGame& first = *games.front();
  if (first.seats.size() == 1) return {true, first.seats[0], comp::kBye, comp::kBye, false};
  const int higher = first.seats[0];
  const int lower = first.seats[1];
  std::vector<double> higher_scores;
  for (const PlayedGame* g : games) {
    if (!g->scores) return {false, comp::kBye, comp::kBye, comp::kBye, false};  // still playing
    higher_scores.push_back(g->seats[0] == higher ? (*g->scores)[0] : (*g->scores)[1]);
  }
  const comp::MatchConfig config{s.settings.games_per_match, s.settings.max_tiebreaks};
  return comp::match_status(higher, lower, higher_scores, config);
}

int boards_in(const State& s, int round) {
  int boards = 0;
  for (const auto& g : s.games)
    if (g.round == round) boards = std::max(boards, g.board + 1);
  return boards;
}

std::vector<NewPairing> knockout_round(const State& s, int round, const comp::Round& pairs) {
  std::vector<NewPairing> out;
  int board = 0;
  for (const auto& p : pairs) {
    if (p.second == comp::kBye) {
      out.push_back({round, board++, 0, 0, {p.first}, std::vector<double>{1.0}});
    } else {
      out.push_back(pairing(s, round, board++, 0, {p.first, p.second}));
    }
  }
  return out;
}

// Further games of undecided matches whose games so far are all over.
std::vector<NewPairing> knockout_continuations(const State& s) {
  std::vector<NewPairing> out;
  for (int b = 0; b < boards_in(s, s.current_round); ++b) {
    const auto status = match_on(s, s.current_round, b);
    if (status.decided || status.next_first == comp::kBye) continue;
    const int next_game = static_cast<int>(board_games(s, s.current_round, b).size());
    out.push_back(
        pairing(s, s.current_round, b, 0, {status.next_first, status.next_second}, next_game));
  }
  return out;
}

std::vector<int> knockout_winners(const State& s, int round) {
  std::vector<int> winners;
  for (int b = 0; b < boards_in(s, round); ++b) winners.push_back(match_on(s, round, b).winner);
  return winners;
}

bool all_scored(const State& s) {
  return std::all_of(s.games.begin(), s.games.end(), [&](const PlayedGame& g) {
    return g.round > s.current_round || g.scores.has_value();
  });
}

std::vector<double> scores_of(const State& s) {
  std::vector<double> scores(s.entrants.size(), 0.0);
  for (const auto& g : s.games)
    if (g.scores)
      for (std::size_t i = 0; i < g.seats.size(); ++i) scores[at(g.seats[i])] += (*g.scores)[i];
  return scores;
}

// How often each entrant has taken each seat of a table game so far.
std::vector<std::vector<int>> seat_history(const State& s) {
  std::vector<std::vector<int>> seat_counts(s.entrants.size(),
                                            std::vector<int>(at(s.players_per_game), 0));
  for (const auto& g : s.games)
    for (std::size_t i = 0; i < g.seats.size() && g.seats.size() > 1; ++i)
      ++seat_counts[at(g.seats[i])][i];
  return seat_counts;
}

// Multi-player table rounds: score groups cut into tables, fair seats, byes for the leftovers.
std::vector<NewPairing> table_round(const State& s, int round) {
  const int k = s.players_per_game;
  const std::vector<double> scores = scores_of(s);
  std::vector<bool> had_bye(s.entrants.size(), false);
  const auto seat_counts = seat_history(s);
  for (const auto& g : s.games)
    if (g.seats.size() == 1) had_bye[at(g.seats[0])] = true;
  std::vector<int> ranked;
  for (int p = 0; p < static_cast<int>(s.entrants.size()); ++p)
    if (s.entrants[at(p)].active) ranked.push_back(p);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](int a, int b) { return scores[at(a)] > scores[at(b)]; });
  const auto grouped = comp::group_tables(ranked, k, had_bye);
  std::vector<NewPairing> out;
  int board = 0;
  for (const auto& table : grouped.tables)
    out.push_back(pairing(s, round, board++, 0, comp::assign_seats(table, seat_counts)));
  for (int bye : grouped.byes)
    out.push_back({round, board++, 0, 0, {bye}, std::vector<double>{1.0 / k}});
  return out;
}

// The table design of one division (competition::table_round_robin); a double round robin
// plays it twice, the second cycle with every table's seats rotated by one.
std::vector<comp::TableRound> table_cycle(const State& s, int players) {
  // The design is a pure function of (players, seats) and costs a search: computed once per
  // thread (views and steps ask for it round after round).
  thread_local std::map<std::pair<int, int>, std::vector<comp::TableRound>> designs;
  const auto key = std::pair{players, s.players_per_game};
  auto found = designs.find(key);
  if (found == designs.end())
    found = designs.emplace(key, comp::table_round_robin(players, s.players_per_game)).first;
  auto rounds = found->second;
  if (s.format != Format::kDoubleRoundRobin) return rounds;
  const std::size_t first_cycle = rounds.size();
  for (std::size_t r = 0; r < first_cycle; ++r) {
    comp::TableRound again = rounds[r];
    for (auto& table : again.tables) std::rotate(table.begin(), table.begin() + 1, table.end());
    rounds.push_back(again);
  }
  return rounds;
}

// Round robin, double round robin and league at tables: each division plays its table design;
// a bye is worth 1/players_per_game, as in table rounds.
std::vector<NewPairing> table_round_robin_round(const State& s, int round) {
  std::vector<NewPairing> out;
  int board = 0;
  const double bye_points = 1.0 / s.players_per_game;
  for (int d = 0; d < division_count(s); ++d) {
    const auto local = members(s, d);
    const auto design = table_cycle(s, static_cast<int>(local.size()));
    if (round > static_cast<int>(design.size())) continue;
    const comp::TableRound& planned = design[at(round - 1)];
    for (const auto& table : planned.tables) {
      std::vector<int> seats;
      for (int p : table) seats.push_back(local[at(p)]);
      out.push_back(pairing(s, round, board++, d, seats));
    }
    for (int p : planned.byes)
      out.push_back({round, board++, 0, d, {local[at(p)]}, std::vector<double>{bye_points}});
  }
  return out;
}

// Knockout at tables: who goes through from `round` (byes, and each table's top
// knockout_advance by score, then seed), in seed order.
std::vector<int> table_knockout_through(const State& s, int round) {
  std::vector<int> through;
  for (const auto& g : s.games) {
    if (g.round != round) continue;
    std::vector<std::size_t> order(g.seats.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const double sa = (*g.scores)[a], sb = (*g.scores)[b];
      return sa != sb ? sa > sb : g.seats[a] < g.seats[b];
    });
    const std::size_t places = std::min(order.size(), at(knockout_advance(s)));
    for (std::size_t i = 0; i < places; ++i) through.push_back(g.seats[order[i]]);
  }
  std::sort(through.begin(), through.end());
  return through;
}

// Knockout at tables: round 1 seats every entrant, later rounds those who went through.
std::vector<NewPairing> table_knockout_next(const State& s, int round) {
  std::vector<int> field;
  if (round == 1) {
    for (int p = 0; p < static_cast<int>(s.entrants.size()); ++p) field.push_back(p);
  } else {
    field = table_knockout_through(s, round - 1);
  }
  const auto planned = comp::table_knockout_round(field, s.players_per_game, knockout_advance(s));
  const auto seat_counts = seat_history(s);
  std::vector<NewPairing> out;
  int board = 0;
  for (const auto& table : planned.tables)
    out.push_back(pairing(s, round, board++, 0, comp::assign_seats(table, seat_counts)));
  for (int bye : planned.byes)
    out.push_back({round, board++, 0, 0, {bye}, std::vector<double>{1.0}});
  return out;
}

// Knockout at tables: by the round reached, then the final's placement (score), then seed;
// score = the points of every game.
std::vector<comp::Standing> table_knockout_standings(const State& s) {
  const std::vector<double> scores = scores_of(s);
  std::vector<int> reached(s.entrants.size(), 0);
  std::vector<double> final_score(s.entrants.size(), 0.0);
  const int last = total_rounds(s);
  for (const auto& g : s.games)
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
      reached[at(g.seats[i])] = std::max(reached[at(g.seats[i])], g.round);
      if (g.round == last && g.scores) final_score[at(g.seats[i])] = (*g.scores)[i];
    }
  std::vector<comp::Standing> table;
  for (int p = 0; p < static_cast<int>(s.entrants.size()); ++p)
    table.push_back({p, scores[at(p)], 0, 0, 0, 0, 0, 0});
  std::stable_sort(table.begin(), table.end(), [&](const auto& a, const auto& b) {
    const auto pa = at(a.player), pb = at(b.player);
    return reached[pa] != reached[pb] ? reached[pa] > reached[pb]
                                      : final_score[pa] > final_score[pb];
  });
  return table;
}

std::optional<std::vector<NewPairing>> next_round(const State& s, int round) {
  if (s.players_per_game > 2 && s.format == Format::kKnockout) return table_knockout_next(s, round);
  if (s.players_per_game > 2 && round_robin_like(s.format))
    return table_round_robin_round(s, round);
  if (s.players_per_game > 2) return table_round(s, round);
  switch (s.format) {
    case Format::kSwiss:
      return swiss_next(s, round);
    case Format::kKnockout:
      if (round == 1)
        return knockout_round(s, 1,
                              comp::knockout_first_round(static_cast<int>(s.entrants.size())));
      return knockout_round(s, round, comp::knockout_next_round(knockout_winners(s, round - 1)));
    default:
      return round_robin_round(s, round);
  }
}

// Multi-player tables: score, then seed (one division's entrants).
std::vector<comp::Standing> table_standings(const State& s, int division) {
  const std::vector<double> scores = scores_of(s);
  std::vector<comp::Standing> table;
  for (int p : members(s, division)) table.push_back({p, scores[at(p)], 0, 0, 0, 0, 0, 0});
  std::stable_sort(table.begin(), table.end(),
                   [](const auto& a, const auto& b) { return a.score > b.score; });
  return table;
}

// Knockout: by the round reached (the champion one further), then seed; score = games won.
std::vector<comp::Standing> knockout_standings(const State& s) {
  const std::size_t n = s.entrants.size();
  std::vector<int> reached(n, 0);
  std::vector<double> won(n, 0.0);
  for (const auto& g : s.games) {
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
      reached[at(g.seats[i])] = std::max(reached[at(g.seats[i])], g.round);
      if (g.scores) won[at(g.seats[i])] += (*g.scores)[i];
    }
  }
  if (s.current_round > 0 && s.current_round == total_rounds(s) && all_scored(s)) {
    const int champion = match_on(s, s.current_round, 0).winner;
    if (champion != comp::kBye) ++reached[at(champion)];
  }
  std::vector<comp::Standing> table;
  for (int p = 0; p < static_cast<int>(n); ++p) table.push_back({p, won[at(p)], 0, 0, 0, 0, 0, 0});
  std::stable_sort(table.begin(), table.end(), [&](const auto& a, const auto& b) {
    return reached[at(a.player)] > reached[at(b.player)];
  });
  return table;
}

Decision first_step(const State& s) {
  Decision d;
  d.round_started = true;
  const bool all = round_robin_like(s.format) && s.settings.all_at_once;
  const int last = all ? total_rounds(s) : 1;
  for (int r = 1; r <= last; ++r) {
    auto pairs = next_round(s, r);
    if (!pairs) break;
    d.pairings.insert(d.pairings.end(), pairs->begin(), pairs->end());
    d.current_round = r;
  }
  if (d.current_round == 0) d.finished = true;
  return d;
}

}  // namespace

std::optional<Format> parse_format(std::string_view text) {
  if (text == "round-robin") return Format::kRoundRobin;
  if (text == "double-round-robin") return Format::kDoubleRoundRobin;
  if (text == "swiss") return Format::kSwiss;
  if (text == "knockout") return Format::kKnockout;
  if (text == "league") return Format::kLeague;
  return std::nullopt;
}

std::string format_name(Format format) {
  switch (format) {
    case Format::kRoundRobin:
      return "round-robin";
    case Format::kDoubleRoundRobin:
      return "double-round-robin";
    case Format::kSwiss:
      return "swiss";
    case Format::kKnockout:
      return "knockout";
    case Format::kLeague:
      return "league";
  }
  return "";
}

int division_count(const State& s) {
  int count = 1;
  for (const auto& e : s.entrants) count = std::max(count, e.division + 1);
  return count;
}

int knockout_advance(const State& s) {
  return s.settings.advance > 0 ? s.settings.advance : s.players_per_game - 1;
}

bool field_can_start(const State& s) {
  return s.players_per_game <= 2 || s.format != Format::kKnockout ||
         comp::table_knockout_feasible(static_cast<int>(s.entrants.size()), s.players_per_game,
                                       knockout_advance(s));
}

int total_rounds(const State& s) {
  const int n = static_cast<int>(s.entrants.size());
  if (s.players_per_game > 2 && s.format == Format::kKnockout)
    return comp::table_knockout_rounds(n, s.players_per_game, knockout_advance(s));
  if (s.players_per_game > 2 && round_robin_like(s.format)) {
    int most = 0;
    for (int d = 0; d < division_count(s); ++d)
      most = std::max(
          most, static_cast<int>(table_cycle(s, static_cast<int>(members(s, d).size())).size()));
    return most;
  }
  if (s.format == Format::kSwiss || s.players_per_game > 2) return s.planned_rounds;
  if (s.format == Format::kKnockout) {
    int rounds = 0;
    for (int size = comp::bracket_size(n); size > 1; size /= 2) ++rounds;
    return rounds;
  }
  int most = 0;
  for (int d = 0; d < division_count(s); ++d)
    most =
        std::max(most, static_cast<int>(cycle(s, static_cast<int>(members(s, d).size())).size()));
  return most;
}

std::vector<NewPairing> scheduled_round(const State& s, int round) {
  if (!round_robin_like(s.format) || round < 1) return {};
  return s.players_per_game > 2 ? table_round_robin_round(s, round) : round_robin_round(s, round);
}

Decision decide(const State& s) {
  if (s.current_round == 0) return first_step(s);
  Decision d;
  d.current_round = s.current_round;
  if (s.format == Format::kKnockout && s.players_per_game == 2) {
    d.pairings = knockout_continuations(s);
    if (!d.pairings.empty()) return d;
  }
  if (!all_scored(s)) return d;
  if (s.current_round >= total_rounds(s)) {
    d.finished = true;
    return d;
  }
  auto pairs = next_round(s, s.current_round + 1);
  if (!pairs) {  // Swiss: no legal pairing is left
    d.finished = true;
    return d;
  }
  d.pairings = std::move(*pairs);
  d.current_round = s.current_round + 1;
  d.round_started = true;
  return d;
}

std::vector<comp::Standing> division_standings(const State& s, int division) {
  if (s.players_per_game > 2 && s.format == Format::kKnockout) return table_knockout_standings(s);
  if (s.players_per_game > 2) return table_standings(s, division);
  if (s.format == Format::kKnockout) return knockout_standings(s);
  std::vector<comp::GameResult> results;
  for (const auto& g : s.games) {
    if (!g.scores || g.division != division) continue;
    results.push_back(
        {g.round, g.seats[0], g.seats.size() > 1 ? g.seats[1] : comp::kBye, (*g.scores)[0]});
  }
  const auto order =
      s.format == Format::kSwiss ? comp::TieBreakOrder::kSwiss : comp::TieBreakOrder::kRoundRobin;
  std::vector<comp::Standing> table;
  const int n = static_cast<int>(s.entrants.size());
  for (const auto& row : comp::standings(n, total_rounds(s), results, order))
    if (s.entrants[at(row.player)].division == division) table.push_back(row);
  return table;
}

}  // namespace tournament
