#include "services/storage/challenges_repository.h"

#include <algorithm>

#include "services/storage/game_inserts.h"
#include "services/storage/pool.h"
#include "services/storage/sql_util.h"

namespace storage {

namespace {

using nlohmann::json;

// `at` is the SQL parameter holding the injected clock's time (a challenge expires by it, never
// by the database's now()).
std::string challenge_columns(const std::string& at) {
  return "c.id, c.creator_id, (SELECT username FROM accounts WHERE id = c.creator_id), c.game, "
         "c.players, c.options::text, c.clock::text, c.rated, c.open_seek, "
         "CASE WHEN c.status = 'open' AND c.expires_at <= " +
         at +
         "::timestamptz THEN 'expired' ELSE c.status END, "
         "encode(c.server_seed, 'hex'), c.commitment, coalesce(c.decline_reason, ''), c.game_id, " +
         sql::ts("c.created_at") + ", " + sql::ts("c.expires_at") +
         ", (SELECT json_agg(json_build_object('account_id', p.account_id, 'username', "
         "a.username, 'slot', p.slot, 'accepted', p.accepted, 'player_seed', p.player_seed) "
         "ORDER BY p.slot NULLS LAST, a.username) FROM challenge_players p JOIN accounts a ON "
         "a.id = p.account_id WHERE p.challenge_id = c.id)::text";
}

ChallengeRecord challenge_from(const pqxx::row& row) {
  ChallengeRecord c;
  c.id = row[0].as<Id>();
  c.creator_id = row[1].as<Id>();
  c.creator = sql::text(row[2]);
  c.game = row[3].c_str();
  c.players = row[4].as<int>();
  c.options_json = row[5].c_str();
  c.clock_json = row[6].c_str();
  c.rated = row[7].as<bool>();
  c.open_seek = row[8].as<bool>();
  c.status = row[9].c_str();
  c.server_seed_hex = row[10].c_str();
  c.commitment = row[11].c_str();
  c.decline_reason = row[12].c_str();
  if (!row[13].is_null()) c.game_id = row[13].as<Id>();
  c.created_at = row[14].c_str();
  c.expires_at = row[15].c_str();
  if (!row[16].is_null()) {
    for (const json& p : json::parse(row[16].c_str())) {
      ChallengePlayer player;
      player.account_id = p.at("account_id").get<Id>();
      player.username = p.at("username").get<std::string>();
      if (!p.at("slot").is_null()) player.slot = p.at("slot").get<int>();
      player.accepted = p.at("accepted").get<bool>();
      player.player_seed = p.at("player_seed").get<std::string>();
      c.players_list.push_back(std::move(player));
    }
  }
  return c;
}

std::optional<ChallengeRecord> find_in(pqxx::transaction_base& tx, Id id, bool for_update,
                                       const std::string& at) {
  const pqxx::result r =
      tx.exec_params("SELECT " + challenge_columns("$2") + " FROM challenges c WHERE c.id = $1" +
                         (for_update ? " FOR UPDATE" : ""),
                     id, at);
  if (r.empty()) return std::nullopt;
  return challenge_from(r[0]);
}

std::vector<Id> participant_ids(const ChallengeRecord& c) {
  std::vector<Id> ids;
  for (const auto& p : c.players_list) ids.push_back(p.account_id);
  return ids;
}

}  // namespace

void add_event(pqxx::transaction_base& tx, std::optional<Id> game_id, Id challenge_id,
               const std::string& kind, const std::vector<Id>& recipients, const json& payload) {
  const pqxx::row row = tx.exec_params1(
      "INSERT INTO game_events (game_id, challenge_id, kind, ply, recipients, payload) VALUES "
      "(NULLIF($1, '')::bigint, NULLIF($2, 0), $3, 0, ARRAY(SELECT "
      "jsonb_array_elements_text($4::jsonb)::bigint), $5::jsonb) "
      "RETURNING id",
      game_id ? std::to_string(*game_id) : std::string(), challenge_id, kind,
      sql::json_array(recipients), payload.dump());
  tx.exec_params("SELECT pg_notify('hexpost_events', $1)", row[0].as<std::string>());
}

namespace {

// The first turn's clocks: every seat gets its starting bank; the seats to move start running
// at `at` (or when their player's vacation ends, or not at all while clocks are paused).
void start_clocks(pqxx::transaction_base& tx, Id game_id, const std::string& at) {
  tx.exec_params(
      "UPDATE game_seats gs SET bank_s = hx_turn_budget_s(g.clock, NULL), clock_from = CASE "
      "WHEN gs.list_rank = 0 AND (g.clock->>'type') <> 'none' AND cc.paused_at IS NULL THEN "
      "greatest($2::timestamptz, CASE WHEN coalesce((g.clock->>'vacation')::boolean, true) THEN "
      "a.vacation_until END) END FROM games g, accounts a, clock_control cc WHERE gs.game_id = $1 "
      "AND g.id = gs.game_id AND a.id = gs.account_id",
      game_id, at);
  tx.exec_params(
      "UPDATE game_seats gs SET deadline = x.deadline, next_reminder_at = gs.clock_from, "
      "turn_budget_s = CASE WHEN gs.list_rank = 0 THEN gs.bank_s END, "
      "list_key = coalesce(extract(epoch FROM x.deadline), gs.list_key) "
      "FROM (SELECT s.game_id, s.seat, hx_deadline(s.clock_from, s.bank_s, a.time_zone, "
      "coalesce((g.clock->>'weekends_off')::boolean, false)) AS deadline FROM game_seats s "
      "JOIN games g ON g.id = s.game_id JOIN accounts a ON a.id = s.account_id "
      "WHERE s.game_id = $1) x WHERE gs.game_id = x.game_id AND gs.seat = x.seat",
      game_id);
}

}  // namespace

void insert_game(pqxx::transaction_base& tx, const ChallengeRecord& c, Id game_id, const NewGame& g,
                 const std::string& at) {
  tx.exec_params(
      "INSERT INTO games (id, game, players, options, clock, rated, challenge_id, position, "
      "to_move, server_seed, commitment, game_seed, setup_draws, last_hash, created_at, "
      "updated_at) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, ARRAY(SELECT "
      "jsonb_array_elements_text($9::jsonb)::int), decode($10, 'hex'), $11, decode($12, 'hex'), "
      "$13, $11, $14::timestamptz, $14::timestamptz)",
      game_id, c.game, c.players, c.options_json, c.clock_json, c.rated, c.id, g.position,
      sql::json_array(g.to_move), c.server_seed_hex, c.commitment, g.game_seed_hex, g.setup_draws,
      at);
  for (std::size_t seat = 0; seat < g.seat_accounts.size(); ++seat) {
    const bool to_move =
        std::find(g.to_move.begin(), g.to_move.end(), static_cast<int>(seat)) != g.to_move.end();
    tx.exec_params(
        "INSERT INTO game_seats (game_id, seat, account_id, slot, player_seed, list_rank, "
        "list_key) VALUES ($1, $2, $3, $4, $5, $6, extract(epoch FROM $7::timestamptz) + $8)",
        game_id, static_cast<int>(seat), g.seat_accounts[seat], g.seat_slots[seat],
        g.seat_seeds[seat], to_move ? 0 : 1, at, to_move ? 1e9 : 0.0);
  }
  start_clocks(tx, game_id, at);
  tx.exec_params("UPDATE challenges SET status = 'started', game_id = $2 WHERE id = $1", c.id,
                 game_id);
}

ChallengeRecord ChallengesRepository::create(const NewChallenge& n) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const Id id =
        tx.exec_params1(
              "INSERT INTO challenges (creator_id, game, players, options, clock, rated, "
              "open_seek, server_seed, commitment, expires_at) VALUES ($1, $2, $3, $4::jsonb, "
              "$5::jsonb, $6, $7, decode($8, 'hex'), $9, $11::timestamptz + make_interval(secs => "
              "$10)) "
              "RETURNING id",
              n.creator_id, n.game, n.players, n.options_json, n.clock_json, n.rated,
              n.opponents.empty(), n.server_seed_hex, n.commitment, n.expires_in_s, n.at)[0]
            .as<Id>();
    tx.exec_params(
        "INSERT INTO challenge_players (challenge_id, account_id, slot, accepted, player_seed) "
        "VALUES ($1, $2, 0, true, $3)",
        id, n.creator_id, n.creator_seed);
    for (Id opponent : n.opponents) {
      tx.exec_params(
          "INSERT INTO challenge_players (challenge_id, account_id) VALUES ($1, $2) "
          "ON CONFLICT DO NOTHING",
          id, opponent);
    }
    ChallengeRecord record = *find_in(tx, id, false, n.at);
    add_event(tx, std::nullopt, id, "challenge_created", participant_ids(record),
              {{"challenge_id", std::to_string(id)}, {"game", n.game}});
    tx.commit();
    return record;
  });
}

std::optional<ChallengeRecord> ChallengesRepository::find(Id id, const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    return find_in(tx, id, false, at);
  });
}

std::vector<ChallengeRecord> ChallengesRepository::list_open(Id account_id, int limit,
                                                             const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    const pqxx::result r = tx.exec_params(
        "SELECT " + challenge_columns("$3") +
            " FROM challenges c WHERE c.status = 'open' AND c.expires_at > $3::timestamptz AND "
            "(c.open_seek OR EXISTS (SELECT 1 FROM challenge_players p WHERE p.challenge_id = "
            "c.id AND p.account_id = $1)) ORDER BY c.id DESC LIMIT $2",
        account_id, limit, at);
    std::vector<ChallengeRecord> out;
    for (const auto& row : r) out.push_back(challenge_from(row));
    return out;
  });
}

namespace {

// Why `account_id` cannot join the challenge (closed, already in, not invited); empty if it can.
std::optional<AcceptResult> refuse_join(const ChallengeRecord& ch, Id account_id) {
  if (ch.status != "open") return AcceptResult{AcceptStatus::kClosed, {}, ch.status};
  auto me = std::find_if(ch.players_list.begin(), ch.players_list.end(),
                         [&](const ChallengePlayer& p) { return p.account_id == account_id; });
  if (me != ch.players_list.end() && me->accepted) {
    return AcceptResult{AcceptStatus::kAlreadyJoined, {}, {}};
  }
  if (me == ch.players_list.end() && !ch.open_seek) {
    return AcceptResult{AcceptStatus::kNotInvited, {}, {}};
  }
  return std::nullopt;
}

}  // namespace

AcceptResult ChallengesRepository::accept(Id challenge_id, Id account_id,
                                          const std::string& player_seed, const GameStarter& start,
                                          const std::string& at) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    std::optional<ChallengeRecord> found = find_in(tx, challenge_id, true, at);
    if (!found) return AcceptResult{AcceptStatus::kNotFound, {}, {}};
    ChallengeRecord& ch = *found;
    if (auto refused = refuse_join(ch, account_id)) return *refused;
    const int joined =
        static_cast<int>(std::count_if(ch.players_list.begin(), ch.players_list.end(),
                                       [](const ChallengePlayer& p) { return p.accepted; }));
    tx.exec_params(
        "INSERT INTO challenge_players (challenge_id, account_id, slot, accepted, player_seed) "
        "VALUES ($1, $2, $3, true, $4) ON CONFLICT (challenge_id, account_id) DO UPDATE SET "
        "slot = excluded.slot, accepted = true, player_seed = excluded.player_seed",
        challenge_id, account_id, joined, player_seed);
    ch = *find_in(tx, challenge_id, false, at);
    if (joined + 1 < ch.players) {
      add_event(tx, std::nullopt, challenge_id, "challenge_accepted", participant_ids(ch),
                {{"challenge_id", std::to_string(challenge_id)}});
      tx.commit();
      return AcceptResult{AcceptStatus::kJoined, {}, {}};
    }
    // Every seat is filled: the accepted players, in slot order, start the game.
    std::erase_if(ch.players_list, [](const ChallengePlayer& p) { return !p.accepted; });
    std::sort(ch.players_list.begin(), ch.players_list.end(),
              [](const ChallengePlayer& a, const ChallengePlayer& b) { return a.slot < b.slot; });
    const Id game_id = tx.exec("SELECT nextval('games_id_seq')")[0][0].as<Id>();
    auto decided = start(ch, game_id);
    if (auto* error = std::get_if<std::string>(&decided)) {
      return AcceptResult{AcceptStatus::kRejected, {}, *error};
    }
    insert_game(tx, ch, game_id, std::get<NewGame>(decided), at);
    add_event(
        tx, game_id, challenge_id, "game_started", participant_ids(ch),
        {{"challenge_id", std::to_string(challenge_id)}, {"game_id", std::to_string(game_id)}});
    tx.commit();
    return AcceptResult{AcceptStatus::kStarted, game_id, {}};
  });
}

DeclineStatus ChallengesRepository::decline(Id challenge_id, Id account_id,
                                            const std::string& reason, const std::string& at) {
  return close(challenge_id, account_id, reason, at, false);
}

DeclineStatus ChallengesRepository::cancel(Id challenge_id, Id account_id,
                                           const std::string& reason, const std::string& at) {
  return close(challenge_id, account_id, reason, at, true);
}

DeclineStatus ChallengesRepository::close(Id challenge_id, Id account_id, const std::string& reason,
                                          const std::string& at, bool creator_only) {
  return pool_.run([&](pqxx::connection& c) {
    pqxx::work tx(c);
    std::optional<ChallengeRecord> found = find_in(tx, challenge_id, true, at);
    if (!found) return DeclineStatus::kNotFound;
    const bool creator = found->creator_id == account_id;
    if (creator_only && !creator) return DeclineStatus::kNotCreator;
    if (found->status != "open") return DeclineStatus::kClosed;
    const auto invitee =
        std::find_if(found->players_list.begin(), found->players_list.end(),
                     [&](const ChallengePlayer& p) { return p.account_id == account_id; });
    const bool invited = invitee != found->players_list.end();
    if (!creator && (!invited || found->open_seek)) return DeclineStatus::kNotInvited;
    tx.exec_params("UPDATE challenges SET status = $2, decline_reason = $3 WHERE id = $1",
                   challenge_id, creator ? "cancelled" : "declined", reason);
    add_event(tx, std::nullopt, challenge_id,
              creator ? "challenge_cancelled" : "challenge_declined", participant_ids(*found),
              {{"challenge_id", std::to_string(challenge_id)},
               {"reason", reason},
               {"by", creator ? found->creator : invitee->username}});
    tx.commit();
    return creator ? DeclineStatus::kCancelled : DeclineStatus::kDeclined;
  });
}

}  // namespace storage
