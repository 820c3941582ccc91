#include "services/storage/tournaments_repository.h"

#include <map>
#include <stdexcept>

#include "services/storage/game_inserts.h"
#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {
namespace {

using nlohmann::json;

std::string entrants_json() {
  return "(SELECT json_agg(json_build_object('account_id', e.account_id, 'username', a.username, "
         "'seed', e.seed, 'division', e.division, 'status', e.status, 'rejoin', e.rejoin, "
         "'timeouts', e.timeouts, 'rating', r.rating, 'joined_at', " +
         sql::ts("e.joined_at") +
         ") ORDER BY e.seed NULLS LAST, e.joined_at, e.account_id) FROM tournament_entrants e "
         "JOIN accounts a ON a.id = e.account_id LEFT JOIN ratings r ON r.game = t.game AND "
         "r.system = 'glicko2' AND r.account_id = e.account_id WHERE e.tournament_id = t.id)::text";
}

std::string games_json() {
  return "(SELECT json_agg(json_build_object('round', g.round, 'board', g.board, 'match_game', "
         "g.match_game, 'division', g.division, 'game_id', g.game_id, 'seats', g.seats, "
         "'usernames', (SELECT array_agg(a.username ORDER BY x.i) FROM unnest(g.seats) WITH "
         "ORDINALITY x(id, i) JOIN accounts a ON a.id = x.id), 'scores', g.scores, "
         "'game_status', gm.status) ORDER BY g.round, g.division, g.board, g.match_game) "
         "FROM tournament_games g LEFT JOIN games gm ON gm.id = g.game_id "
         "WHERE g.tournament_id = t.id)::text";
}

std::string columns(bool with_games) {
  return "t.id, t.organiser_id, (SELECT username FROM accounts WHERE id = t.organiser_id), "
         "t.name, t.game, t.format, t.rounds, t.players_per_game, t.options::text, t.clock::text, "
         "t.rated, t.settings::text, t.capacity, " +
         sql::ts("t.entry_opens_at") + ", " + sql::ts("t.entry_closes_at") +
         ", t.status, t.current_round, t.league_id, t.season, " + sql::ts("t.created_at") + ", " +
         sql::ts("t.started_at") + ", " + sql::ts("t.finished_at") + ", " + entrants_json() + ", " +
         (with_games ? games_json() : std::string("NULL"));
}

template <class T>
std::optional<T> optional_of(const json& value) {
  return value.is_null() ? std::nullopt : std::optional<T>(value.get<T>());
}

EntrantRecord entrant_from(const json& e) {
  return {e.at("account_id").get<Id>(),
          e.at("username"),
          optional_of<int>(e.at("seed")),
          e.at("division"),
          e.at("status"),
          e.at("rejoin"),
          e.at("timeouts"),
          optional_of<double>(e.at("rating")),
          e.at("joined_at")};
}

TournamentGameRecord game_from(const json& g) {
  TournamentGameRecord r{g.at("round"),
                         g.at("board"),
                         g.at("match_game"),
                         g.at("division"),
                         optional_of<Id>(g.at("game_id")),
                         g.at("seats").get<std::vector<Id>>(),
                         {},
                         optional_of<std::vector<double>>(g.at("scores")),
                         g.at("game_status").is_null() ? "" : g.at("game_status")};
  if (!g.at("usernames").is_null()) r.usernames = g.at("usernames").get<std::vector<std::string>>();
  return r;
}

TournamentRecord tournament_from(const pqxx::row& row) {
  TournamentRecord t;
  t.id = row[0].as<Id>();
  t.organiser_id = row[1].as<Id>();
  t.organiser = sql::text(row[2]);
  t.name = row[3].c_str();
  t.game = row[4].c_str();
  t.format = row[5].c_str();
  if (!row[6].is_null()) t.rounds = row[6].as<int>();
  t.players_per_game = row[7].as<int>();
  t.options_json = row[8].c_str();
  t.clock_json = row[9].c_str();
  t.rated = row[10].as<bool>();
  t.settings_json = row[11].c_str();
  if (!row[12].is_null()) t.capacity = row[12].as<int>();
  t.entry_opens_at = sql::text(row[13]);
  t.entry_closes_at = sql::text(row[14]);
  t.status = row[15].c_str();
  t.current_round = row[16].as<int>();
  if (!row[17].is_null()) t.league_id = row[17].as<Id>();
  t.season = row[18].as<int>();
  t.created_at = row[19].c_str();
  t.started_at = sql::text(row[20]);
  t.finished_at = sql::text(row[21]);
  if (!row[22].is_null())
    for (const json& e : json::parse(row[22].c_str())) t.entrants.push_back(entrant_from(e));
  if (!row[23].is_null())
    for (const json& g : json::parse(row[23].c_str())) t.games.push_back(game_from(g));
  return t;
}

std::optional<TournamentRecord> find_in(pqxx::transaction_base& tx, Id id) {
  const pqxx::result r =
      tx.exec_params("SELECT " + columns(true) + " FROM tournaments t WHERE t.id = $1", id);
  if (r.empty()) return std::nullopt;
  return tournament_from(r[0]);
}

std::vector<Id> entrant_ids(const TournamentRecord& t) {
  std::vector<Id> ids;
  for (const auto& e : t.entrants) ids.push_back(e.account_id);
  return ids;
}

// Finished (or aborted: 0 each) games' scores, and the serial-timeout policy. A seat handed
// over to a replacement scores for the entrant who left it, as a resignation: 0.
void bring_in_results(pqxx::transaction_base& tx, Id id) {
  tx.exec_params(
      "UPDATE tournament_games tg SET scores = CASE WHEN g.status = 'aborted' THEN "
      "array_fill(0::float8, ARRAY[cardinality(tg.seats)]) ELSE (SELECT "
      "array_agg(CASE WHEN h.leaver_id IS NULL THEN coalesce(gs.score, 0) ELSE 0 END ORDER BY "
      "array_position(tg.seats, coalesce(h.leaver_id, gs.account_id))) FROM game_seats gs LEFT "
      "JOIN LATERAL (SELECT l.leaver_id FROM seat_leave_requests l WHERE l.game_id = gs.game_id "
      "AND l.seat = gs.seat AND l.status = 'handed_over' ORDER BY l.id LIMIT 1) h ON true WHERE "
      "gs.game_id = g.id) END FROM games g WHERE g.id = tg.game_id AND tg.tournament_id = $1 AND "
      "tg.scores IS NULL AND g.status IN ('finished', 'aborted')",
      id);
  tx.exec_params(
      "UPDATE tournament_entrants e SET timeouts = x.n FROM (SELECT a.id AS account_id, "
      "count(*)::int AS n FROM tournament_games tg JOIN game_events ev ON ev.game_id = "
      "tg.game_id AND ev.kind = 'timeout' JOIN accounts a ON a.username = "
      "ev.payload->>'username' WHERE tg.tournament_id = $1 GROUP BY a.id) x WHERE "
      "e.tournament_id = $1 AND e.account_id = x.account_id AND e.timeouts <> x.n",
      id);
  tx.exec_params(
      "UPDATE tournament_entrants e SET status = 'forfeited' FROM tournaments t WHERE t.id = $1 "
      "AND e.tournament_id = $1 AND e.status = 'active' AND "
      "coalesce((t.settings->>'timeout_limit')::int, 2) > 0 AND "
      "e.timeouts >= coalesce((t.settings->>'timeout_limit')::int, 2)",
      id);
}

Id insert_tournament(pqxx::transaction_base& tx, const NewTournament& n) {
  const Id id =
      tx.exec_params1(
            "INSERT INTO tournaments (organiser_id, name, game, format, rounds, "
            "players_per_game, options, clock, settings, rated, capacity, entry_opens_at, "
            "entry_closes_at, league_id, season, created_at) VALUES ($1, $2, $3, $4, "
            "NULLIF($5, 0), $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, NULLIF($11, 0), "
            "NULLIF($12, '')::timestamptz, NULLIF($13, '')::timestamptz, NULLIF($14, 0), $15, "
            "$16::timestamptz) RETURNING id",
            n.organiser_id, n.name, n.game, n.format, n.rounds.value_or(0), n.players_per_game,
            n.options_json, n.clock_json, n.settings_json, n.rated, n.capacity.value_or(0),
            n.entry_opens_at, n.entry_closes_at, n.league_id.value_or(0), n.season, n.at)[0]
          .as<Id>();
  for (const auto& [account, division] : n.entrants)
    tx.exec_params(
        "INSERT INTO tournament_entrants (tournament_id, account_id, division, joined_at) "
        "VALUES ($1, $2, $3, $4::timestamptz)",
        id, account, division, n.at);
  return id;
}

struct StepContext {
  pqxx::transaction_base& tx;
  const TournamentRecord& t;
  const GameStarter& start;
  const SeedMaker& seeds;
  const std::string& at;
};

// Creates the game of one pairing: a started challenge with the seats in order, then the game.
Id create_game(const StepContext& c, const PairingWrite& p) {
  const auto [seed_hex, commitment] = c.seeds();
  ChallengeRecord ch;
  ch.id = c.tx.exec_params1(
                  "INSERT INTO challenges (creator_id, game, players, options, clock, rated, "
                  "open_seek, server_seed, commitment, expires_at, created_at) VALUES ($1, $2, "
                  "$3, $4::jsonb, $5::jsonb, $6, false, decode($7, 'hex'), $8, $9::timestamptz, "
                  "$9::timestamptz) RETURNING id",
                  c.t.organiser_id, c.t.game, static_cast<int>(p.seats.size()), c.t.options_json,
                  c.t.clock_json, c.t.rated, seed_hex, commitment, c.at)[0]
              .as<Id>();
  ch.creator_id = c.t.organiser_id;
  ch.game = c.t.game;
  ch.players = static_cast<int>(p.seats.size());
  ch.options_json = c.t.options_json;
  ch.clock_json = c.t.clock_json;
  ch.rated = c.t.rated;
  ch.server_seed_hex = seed_hex;
  ch.commitment = commitment;
  for (std::size_t slot = 0; slot < p.seats.size(); ++slot) {
    c.tx.exec_params(
        "INSERT INTO challenge_players (challenge_id, account_id, slot, accepted) VALUES ($1, "
        "$2, $3, true)",
        ch.id, p.seats[slot], static_cast<int>(slot));
    ch.players_list.push_back({p.seats[slot], "", static_cast<int>(slot), true, ""});
  }
  const Id game_id = c.tx.exec("SELECT nextval('games_id_seq')")[0][0].as<Id>();
  auto decided = c.start(ch, game_id);
  if (auto* error = std::get_if<std::string>(&decided)) throw std::runtime_error(*error);
  insert_game(c.tx, ch, game_id, std::get<NewGame>(decided), c.at);
  add_event(c.tx, game_id, ch.id, "game_started", p.seats,
            {{"challenge_id", std::to_string(ch.id)},
             {"game_id", std::to_string(game_id)},
             {"tournament_id", std::to_string(c.t.id)},
             {"round", p.round}});
  return game_id;
}

void store_pairing(const StepContext& c, const PairingWrite& p,
                   const std::map<Id, std::string>& names) {
  std::optional<Id> game_id;
  if (!p.scores) game_id = create_game(c, p);
  c.tx.exec_params(
      "INSERT INTO tournament_games (tournament_id, round, board, match_game, division, game_id, "
      "seats, scores) VALUES ($1, $2, $3, $4, $5, NULLIF($6, '')::bigint, ARRAY(SELECT "
      "jsonb_array_elements_text($7::jsonb)::bigint), CASE WHEN $8 = 'null' THEN NULL ELSE "
      "ARRAY(SELECT jsonb_array_elements_text($8::jsonb)::float8) END)",
      c.t.id, p.round, p.board, p.match_game, p.division,
      game_id ? std::to_string(*game_id) : std::string(), sql::json_array(p.seats),
      p.scores ? json(*p.scores).dump() : std::string("null"));
  if (!game_id) return;
  json usernames = json::array();
  for (Id seat : p.seats) usernames.push_back(names.at(seat));
  add_event(c.tx, game_id, 0, "tournament_pairing", p.seats,
            {{"tournament_id", std::to_string(c.t.id)},
             {"round", p.round},
             {"game_id", std::to_string(*game_id)},
             {"seats", usernames}});
}

void store_step(const StepContext& c, const StepWrite& w) {
  for (const auto& e : w.seeding)
    c.tx.exec_params(
        "UPDATE tournament_entrants SET seed = $3, division = $4 WHERE tournament_id = $1 AND "
        "account_id = $2",
        c.t.id, e.account_id, e.seed.value_or(0), e.division);
  c.tx.exec_params(
      "UPDATE tournaments SET current_round = $2, status = CASE WHEN $3 THEN 'finished' ELSE "
      "'running' END, started_at = coalesce(started_at, $4::timestamptz), finished_at = CASE "
      "WHEN $3 THEN $4::timestamptz END WHERE id = $1",
      c.t.id, w.current_round, w.finished, c.at);
  std::map<Id, std::string> names;
  for (const auto& e : c.t.entrants) names[e.account_id] = e.username;
  if (w.round_started)
    add_event(c.tx, std::nullopt, 0, "tournament_round_started", entrant_ids(c.t),
              {{"tournament_id", std::to_string(c.t.id)}, {"round", w.current_round}});
  for (const auto& p : w.pairings) store_pairing(c, p, names);
  if (w.finished)
    add_event(
        c.tx, std::nullopt, 0, "tournament_finished", entrant_ids(c.t),
        {{"tournament_id", std::to_string(c.t.id)}, {"standings", json::parse(w.standings_json)}});
  if (w.next_season) insert_tournament(c.tx, *w.next_season);
}

}  // namespace

TournamentRecord TournamentsRepository::create(const NewTournament& n) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    TournamentRecord t = *find_in(tx, insert_tournament(tx, n));
    tx.commit();
    return t;
  });
}

std::optional<TournamentRecord> TournamentsRepository::find(Id id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return find_in(tx, id);
  });
}

std::vector<TournamentRecord> TournamentsRepository::list(const std::string& status, int limit,
                                                          Id entrant) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    const pqxx::result r = tx.exec_params("SELECT " + columns(false) +
                                              " FROM tournaments t WHERE ($1 = '' OR t.status = "
                                              "$1) AND ($3::bigint = 0 OR EXISTS (SELECT 1 "
                                              "FROM tournament_entrants e WHERE e.tournament_id = "
                                              "t.id AND e.account_id = $3::bigint)) "
                                              "ORDER BY t.id DESC LIMIT $2",
                                          status, limit, entrant);
    std::vector<TournamentRecord> out;
    for (const auto& row : r) out.push_back(tournament_from(row));
    return out;
  });
}

JoinStatus TournamentsRepository::join(Id tournament_id, Id account_id, const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT status = 'open' AND (entry_opens_at IS NULL OR entry_opens_at <= $2::timestamptz) "
        "AND (entry_closes_at IS NULL OR entry_closes_at > $2::timestamptz), capacity IS NOT NULL "
        "AND capacity <= (SELECT count(*) FROM tournament_entrants WHERE tournament_id = $1), "
        "EXISTS (SELECT 1 FROM tournament_entrants WHERE tournament_id = $1 AND account_id = $3) "
        "FROM tournaments WHERE id = $1 FOR UPDATE",
        tournament_id, at, account_id);
    if (r.empty()) return JoinStatus::kNotFound;
    // A caller already in is told so, whether or not the tournament has filled or closed since.
    if (r[0][2].as<bool>()) return JoinStatus::kAlreadyJoined;
    if (!r[0][0].as<bool>()) return JoinStatus::kClosed;
    if (r[0][1].as<bool>()) return JoinStatus::kFull;
    const pqxx::result inserted = tx.exec_params(
        "INSERT INTO tournament_entrants (tournament_id, account_id, joined_at) VALUES ($1, $2, "
        "$3::timestamptz) ON CONFLICT DO NOTHING RETURNING account_id",
        tournament_id, account_id, at);
    tx.commit();
    return inserted.empty() ? JoinStatus::kAlreadyJoined : JoinStatus::kJoined;
  });
}

WithdrawStatus TournamentsRepository::withdraw(Id tournament_id, Id account_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r =
        tx.exec_params("SELECT status FROM tournaments WHERE id = $1 FOR UPDATE", tournament_id);
    if (r.empty()) return WithdrawStatus::kNotFound;
    const std::string status = r[0][0].c_str();
    if (status != "open" && status != "running") return WithdrawStatus::kClosed;
    const pqxx::result changed =
        status == "open"
            ? tx.exec_params(
                  "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND "
                  "account_id = $2 RETURNING account_id",
                  tournament_id, account_id)
            : tx.exec_params(
                  "UPDATE tournament_entrants SET status = 'withdrawn', rejoin = false "
                  "WHERE tournament_id = $1 AND account_id = $2 RETURNING account_id",
                  tournament_id, account_id);
    tx.commit();
    return changed.empty() ? WithdrawStatus::kNotEntered : WithdrawStatus::kWithdrawn;
  });
}

WithdrawStatus TournamentsRepository::opt_out(Id tournament_id, Id account_id) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT format = 'league' AND status IN ('open', 'running') FROM tournaments WHERE id = $1",
        tournament_id);
    if (r.empty()) return WithdrawStatus::kNotFound;
    if (!r[0][0].as<bool>()) return WithdrawStatus::kClosed;
    const pqxx::result changed = tx.exec_params(
        "UPDATE tournament_entrants SET rejoin = false WHERE tournament_id = $1 AND account_id = "
        "$2 RETURNING account_id",
        tournament_id, account_id);
    tx.commit();
    return changed.empty() ? WithdrawStatus::kNotEntered : WithdrawStatus::kWithdrawn;
  });
}

std::vector<Id> TournamentsRepository::closed_entry_ids(const std::string& now) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<Id> ids;
    for (const auto& row : tx.exec_params("SELECT id FROM tournaments WHERE status = 'open' AND "
                                          "entry_closes_at <= $1::timestamptz ORDER BY id",
                                          now))
      ids.push_back(row[0].as<Id>());
    return ids;
  });
}

std::vector<Id> TournamentsRepository::running_ids() {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<Id> ids;
    for (const auto& row :
         tx.exec("SELECT id FROM tournaments WHERE status = 'running' ORDER BY id"))
      ids.push_back(row[0].as<Id>());
    return ids;
  });
}

bool TournamentsRepository::step(Id tournament_id, const StepDecider& decide,
                                 const GameStarter& start, const SeedMaker& seeds,
                                 const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    if (tx.exec_params("SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE SKIP LOCKED",
                       tournament_id)
            .empty())
      return false;
    bring_in_results(tx, tournament_id);
    const TournamentRecord t = *find_in(tx, tournament_id);
    const std::optional<StepWrite> write = decide(t);
    if (!write) {
      tx.commit();  // results and timeouts brought in
      return false;
    }
    store_step({tx, t, start, seeds, at}, *write);
    tx.commit();
    return true;
  });
}

}  // namespace storage
