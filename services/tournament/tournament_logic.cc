#include "services/tournament/tournament_logic.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "lib/clock/clock.h"
#include "lib/competition/league.h"
#include "lib/competition/pairing.h"
#include "lib/competition/trf.h"

namespace tourney {
namespace {

using nlohmann::json;
namespace comp = competition;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Entrants in seed order (the record lists them so once seeded).
std::map<storage::Id, int> seed_index(const storage::TournamentRecord& t) {
  std::map<storage::Id, int> out;
  for (std::size_t i = 0; i < t.entrants.size(); ++i)
    out[t.entrants[i].account_id] = static_cast<int>(i);
  return out;
}

storage::PairingWrite to_write(const tournament::NewPairing& p,
                               const storage::TournamentRecord& t) {
  storage::PairingWrite w{p.round, p.board, p.match_game, p.division, {}, p.scores};
  for (int seed : p.seats) w.seats.push_back(t.entrants[at(seed)].account_id);
  return w;
}

json standings_json(const storage::TournamentRecord& t) {
  const tournament::State s = state_of(t);
  json out = json::array();
  for (int d = 0; d < tournament::division_count(s); ++d) {
    int rank = 0;
    for (const auto& row : tournament::division_standings(s, d)) {
      json entry = {{"rank", ++rank},
                    {"username", t.entrants[at(row.player)].username},
                    {"score", row.score}};
      if (s.format == tournament::Format::kLeague) entry["division"] = d + 1;
      if (s.players_per_game > 2) {
        // tables: score only
      } else if (s.format == tournament::Format::kSwiss) {
        entry["buchholz_cut1"] = row.buchholz_cut1;
        entry["buchholz"] = row.buchholz;
        entry["median_buchholz"] = row.median_buchholz;
        entry["sonneborn_berger"] = row.sonneborn_berger;
      } else if (s.format != tournament::Format::kKnockout) {
        entry["direct_encounter"] = row.direct_encounter;
        entry["sonneborn_berger"] = row.sonneborn_berger;
      }
      out.push_back(entry);
    }
  }
  return out;
}

// When the next season of league `t`, ending at `now`, closes its entry and starts on its own:
// settings.season_break_days (default 7; 0 = at the worker's next pass) later.
std::string season_starts_at(const storage::TournamentRecord& t, const std::string& now) {
  const int break_days = json::parse(t.settings_json).value("season_break_days", 7);
  const auto ended = hxclock::parse_rfc3339(now);
  return ended ? hxclock::to_rfc3339(*ended + std::chrono::hours(24) * break_days) : "";
}

// The next season: final division rankings rolled over; withdrawn or forfeited entrants (and
// those who opted out) are not re-registered.
storage::NewTournament next_season(const storage::TournamentRecord& t, const std::string& now) {
  const tournament::State s = state_of(t);
  const tournament::Settings settings = settings_from(json::parse(t.settings_json));
  comp::Divisions rankings;
  std::set<comp::EntrantId> out;
  for (int d = 0; d < tournament::division_count(s); ++d) {
    rankings.emplace_back();
    for (const auto& row : tournament::division_standings(s, d)) {
      const auto& e = t.entrants[at(row.player)];
      rankings.back().push_back(e.account_id);
      if (!e.rejoin || e.status != "active") out.insert(e.account_id);
    }
  }
  const auto next = comp::league_rollover(
      rankings, out, {}, {settings.division_size, settings.promote, settings.relegate});
  storage::NewTournament n{t.organiser_id,
                           t.name,
                           t.game,
                           t.format,
                           t.rounds,
                           t.players_per_game,
                           t.options_json,
                           t.clock_json,
                           t.settings_json,
                           t.rated,
                           t.capacity,
                           "",
                           season_starts_at(t, now),
                           t.league_id.value_or(t.id),
                           t.season + 1,
                           {},
                           now};
  for (std::size_t d = 0; d < next.size(); ++d)
    for (auto id : next[d]) n.entrants.emplace_back(id, static_cast<int>(d));
  return n;
}

// Seeding order: Glicko-2 rating (unrated count as 1500), then join order.
std::vector<storage::EntrantRecord> seeded(const storage::TournamentRecord& t) {
  std::vector<storage::EntrantRecord> out = t.entrants;
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.rating.value_or(1500) > b.rating.value_or(1500);
  });
  return out;
}

// Newcomers in seed order: the lowest division (already holding `in_lowest`) is filled up to
// `size`, the rest open divisions of `size` below it; a new last division of one joins the one
// above (a division of one has nobody to play).
void place_newcomers(const std::vector<storage::EntrantRecord*>& newcomers, int lowest,
                     int in_lowest, int size) {
  int division = lowest;
  int count = in_lowest;
  for (auto* x : newcomers) {
    if (count >= size) {
      ++division;
      count = 0;
    }
    x->division = division;
    ++count;
  }
  if (division > lowest && count == 1) newcomers.back()->division = division - 1;
}

// League divisions: season 1 cuts the seeds into divisions of division_size; later seasons keep
// the rolled-over divisions, newcomers (joined after the season was created) fill the lowest up
// to division_size and open new divisions below it for the rest.
void assign_divisions(const storage::TournamentRecord& t, std::vector<storage::EntrantRecord>& e) {
  const int size = std::max(2, settings_from(json::parse(t.settings_json)).division_size);
  std::vector<storage::EntrantRecord*> newcomers;
  int lowest = 0;
  int in_lowest = 0;
  for (auto& x : e) {
    if (t.season == 1 || x.joined_at > t.created_at) {
      newcomers.push_back(&x);
    } else if (x.division > lowest) {
      lowest = x.division;
      in_lowest = 1;
    } else if (x.division == lowest) {
      ++in_lowest;
    }
  }
  place_newcomers(newcomers, lowest, in_lowest, size);
  std::stable_sort(e.begin(), e.end(),
                   [](const auto& a, const auto& b) { return a.division < b.division; });
}

// rounds[].pairings[]: usernames first mover first, game_id (null: a bye or a forfeit); a
// round's status is "finished" once every pairing has its scores, "playing" before.
json rounds_view(const storage::TournamentRecord& t) {
  json rounds = json::array();
  for (const auto& g : t.games) {
    if (rounds.empty() || rounds.back().at("number") != g.round)
      rounds.push_back({{"number", g.round}, {"status", "finished"}, {"pairings", json::array()}});
    if (!g.scores) rounds.back()["status"] = "playing";
    json p = {{"usernames", g.usernames},
              {"game_id", g.game_id ? json(std::to_string(*g.game_id)) : json(nullptr)},
              {"board", g.board + 1},
              {"scores", g.scores ? json(*g.scores) : json(nullptr)}};
    if (t.format == "league") p["division"] = g.division + 1;
    if (t.format == "knockout") p["match_game"] = g.match_game + 1;
    rounds.back().at("pairings").push_back(p);
  }
  return rounds;
}

// The rounds of a fixed schedule (round robin, league) that have no games yet, as they will be
// paired: status "scheduled", no game ids (scores only for a bye or a forfeit known already).
json schedule_view(const storage::TournamentRecord& t) {
  json schedule = json::array();
  if (t.status != "running") return schedule;
  const tournament::State s = state_of(t);
  for (int r = t.current_round + 1; r <= tournament::total_rounds(s); ++r) {
    json round = {{"number", r}, {"status", "scheduled"}, {"pairings", json::array()}};
    for (const auto& p : tournament::scheduled_round(s, r)) {
      json usernames = json::array();
      for (int seed : p.seats) usernames.push_back(t.entrants[at(seed)].username);
      json pairing = {{"usernames", usernames},
                      {"game_id", nullptr},
                      {"board", p.board + 1},
                      {"scores", p.scores ? json(*p.scores) : json(nullptr)}};
      if (t.format == "league") pairing["division"] = p.division + 1;
      round.at("pairings").push_back(pairing);
    }
    if (!round.at("pairings").empty()) schedule.push_back(round);
  }
  return schedule;
}

}  // namespace

tournament::Settings settings_from(const json& j) {
  tournament::Settings s;
  s.games_per_match = j.value("games_per_match", s.games_per_match);
  s.max_tiebreaks = j.value("max_tiebreaks", s.max_tiebreaks);
  s.division_size = j.value("division_size", s.division_size);
  s.promote = j.value("promote", s.promote);
  s.relegate = j.value("relegate", s.relegate);
  s.all_at_once = j.value("all_at_once", s.all_at_once);
  s.timeout_limit = j.value("timeout_limit", s.timeout_limit);
  s.swiss_bye_points = j.value("bye_points", s.swiss_bye_points);
  s.advance = j.value("advance", s.advance);
  return s;
}

tournament::State state_of(const storage::TournamentRecord& t) {
  tournament::State s;
  s.format = tournament::parse_format(t.format).value_or(tournament::Format::kRoundRobin);
  s.settings = settings_from(json::parse(t.settings_json));
  s.planned_rounds = t.rounds.value_or(0);
  s.players_per_game = t.players_per_game;
  s.current_round = t.current_round;
  for (const auto& e : t.entrants) s.entrants.push_back({e.division, e.status == "active"});
  const auto index = seed_index(t);
  for (const auto& g : t.games) {
    tournament::PlayedGame p{g.round, g.board, g.match_game, g.division, {}, g.scores};
    for (auto id : g.seats) p.seats.push_back(index.at(id));
    s.games.push_back(p);
  }
  return s;
}

std::optional<storage::StepWrite> start_step(const storage::TournamentRecord& t) {
  if (t.status != "open" || t.entrants.size() < 2) return std::nullopt;
  storage::TournamentRecord seeded_t = t;
  seeded_t.entrants = seeded(t);
  if (t.format == "league") assign_divisions(t, seeded_t.entrants);
  storage::StepWrite w;
  for (std::size_t i = 0; i < seeded_t.entrants.size(); ++i) {
    seeded_t.entrants[i].seed = static_cast<int>(i);
    w.seeding.push_back(seeded_t.entrants[i]);
  }
  if (!tournament::field_can_start(state_of(seeded_t))) return std::nullopt;
  const tournament::Decision d = tournament::decide(state_of(seeded_t));
  for (const auto& p : d.pairings) w.pairings.push_back(to_write(p, seeded_t));
  w.current_round = d.current_round;
  w.round_started = d.round_started;
  w.finished = d.finished;
  return w;
}

std::optional<storage::StepWrite> advance_step(const storage::TournamentRecord& t,
                                               const std::string& now) {
  if (t.status != "running") return std::nullopt;
  const tournament::Decision d = tournament::decide(state_of(t));
  if (d.pairings.empty() && !d.finished) return std::nullopt;
  storage::StepWrite w;
  for (const auto& p : d.pairings) w.pairings.push_back(to_write(p, t));
  w.current_round = d.current_round;
  w.round_started = d.round_started;
  w.finished = d.finished;
  if (d.finished) {
    json top = standings_json(t);
    if (top.size() > 10) top.erase(top.begin() + 10, top.end());
    w.standings_json = top.dump();
    if (t.format == "league") w.next_season = next_season(t, now);
  }
  return w;
}

json tournament_view(const storage::TournamentRecord& t, bool with_detail) {
  json view = {{"id", std::to_string(t.id)},
               {"name", t.name},
               {"game", t.game},
               {"format", t.format},
               {"status", t.status},
               {"organiser", t.organiser},
               {"players_per_game", t.players_per_game},
               {"rated", t.rated},
               {"current_round", t.current_round},
               {"entrants", t.entrants.size()},
               {"season", t.season},
               {"created_at", t.created_at}};
  if (t.rounds) view["rounds_planned"] = *t.rounds;
  if (t.capacity) view["capacity"] = *t.capacity;
  if (t.league_id) view["league_id"] = std::to_string(*t.league_id);
  // The entry window (the tournament starts on its own when it closes) and the dates so far.
  for (const auto& [name, value] :
       {std::pair{"entry_opens_at", &t.entry_opens_at},
        std::pair{"entry_closes_at", &t.entry_closes_at}, std::pair{"started_at", &t.started_at},
        std::pair{"finished_at", &t.finished_at}}) {
    if (!value->empty()) view[name] = *value;
  }
  if (!with_detail) return view;
  view["options"] = json::parse(t.options_json);
  view["clock"] = json::parse(t.clock_json);
  view["settings"] = json::parse(t.settings_json);
  json entrants = json::array();
  for (const auto& e : t.entrants) {
    json entry = {{"username", e.username}, {"status", e.status}, {"division", e.division + 1}};
    entry["seed"] = e.seed ? json(*e.seed + 1) : json(nullptr);
    entrants.push_back(entry);
  }
  view["entrants"] = entrants;
  view["standings"] = t.status == "open" ? json::array() : standings_json(t);
  if (t.status != "open") view["total_rounds"] = tournament::total_rounds(state_of(t));
  view["rounds"] = rounds_view(t);
  view["schedule"] = schedule_view(t);
  return view;
}

std::string tournament_trf(const storage::TournamentRecord& t) {
  const tournament::State s = state_of(t);
  comp::TrfTournament trf;
  trf.name = t.name;
  trf.start_date = t.started_at.substr(0, 10);
  trf.end_date = t.finished_at.substr(0, 10);
  std::replace(trf.start_date.begin(), trf.start_date.end(), '-', '/');
  std::replace(trf.end_date.begin(), trf.end_date.end(), '-', '/');
  trf.rounds = tournament::total_rounds(s);
  trf.bye_points = s.settings.swiss_bye_points;
  for (const auto& e : t.entrants)
    trf.players.push_back({e.username, static_cast<int>(e.rating.value_or(0))});
  for (const auto& g : s.games) {
    const int second = g.seats.size() > 1 ? g.seats[1] : comp::kBye;
    if (g.scores)
      trf.results.push_back({g.round, g.seats[0], second, (*g.scores)[0]});
    else
      trf.pending.push_back({g.round, g.seats[0], second, 0.0});
  }
  return comp::trf_export(trf);
}

}  // namespace tourney
