#include "tests/services/domain/game_builder.h"

#include <algorithm>
#include <stdexcept>
#include <variant>

#include "lib/fairness/fairness.h"
#include "tests/services/game/counting_game.h"

namespace domaintest {

namespace {

const fairness::Bytes& server_seed() {
  static const fairness::Bytes seed = fairness::sha256("domain test server seed");
  return seed;
}

}  // namespace

const domain::Catalog& catalog() {
  static const domain::Catalog catalog =
      domain::Catalog::from_registry({&testgame::counting_game()});
  return catalog;
}

domain::ChallengeRecord challenge(const std::string& game, int players,
                                  const std::string& options_json) {
  domain::ChallengeRecord c;
  c.id = 3;
  c.game = game;
  c.players = players;
  c.options_json = options_json;
  c.status = "open";
  c.server_seed_hex = fairness::to_hex(server_seed());
  c.commitment = fairness::commitment(server_seed());
  for (int i = 0; i < players; ++i) {
    domain::ChallengePlayer p;
    p.account_id = 100 + i;
    p.username = "player" + std::to_string(100 + i);
    p.slot = i;
    p.accepted = true;
    p.player_seed = "seed" + std::to_string(i);
    c.players_list.push_back(p);
  }
  return c;
}

domain::GameRecord started(const std::string& game, int players, const std::string& options_json) {
  const domain::ChallengeRecord c = challenge(game, players, options_json);
  auto made = domain::start_game(catalog(), c, kGameId);
  if (auto* reason = std::get_if<std::string>(&made)) {
    throw std::runtime_error("start_game refused: " + *reason);
  }
  const domain::NewGame& n = std::get<domain::NewGame>(made);
  domain::GameRecord g;
  g.id = kGameId;
  g.game = game;
  g.players = players;
  g.options_json = options_json;
  g.challenge_id = c.id;
  g.status = "active";
  g.position = n.position;
  g.to_move = n.to_move;
  g.server_seed_hex = c.server_seed_hex;
  g.commitment = c.commitment;
  g.game_seed_hex = n.game_seed_hex;
  g.setup_draws = n.setup_draws;
  g.last_hash = c.commitment;
  for (int s = 0; s < players; ++s) {
    domain::SeatRecord seat;
    seat.seat = s;
    seat.account_id = n.seat_accounts[s];
    seat.username = "player" + std::to_string(n.seat_accounts[s]);
    seat.slot = n.seat_slots[s];
    seat.player_seed = n.seat_seeds[s];
    g.seats.push_back(seat);
  }
  return g;
}

domain::Id account_of(const domain::GameRecord& game, int seat) {
  return game.seats.at(seat).account_id;
}

domain::MoveRecord move_row(const domain::Entry& write) {
  domain::MoveRecord m;
  m.ply = write.expected_ply + 1;
  m.seat = write.seat;
  m.record = write.record;
  m.draws = write.draws;
  m.hash = write.hash;
  return m;
}

std::string expected_hash(const std::string& previous, int ply, const std::string& record,
                          const std::string& draws) {
  return fairness::to_hex(
      fairness::sha256(previous + "\n" + std::to_string(ply) + "\n" + record + "\n" + draws));
}

unsigned expected_draw(const domain::GameRecord& game, int ply, const std::string& purpose,
                       unsigned bound) {
  fairness::HmacRandom rng(*fairness::from_hex(game.game_seed_hex), std::to_string(game.id), ply);
  return rng.draw(purpose, bound);
}

std::string counting_position(int count, int turn, int seats, int out, int winner, int target) {
  return "count=" + std::to_string(count) + ";turn=" + std::to_string(turn) +
         ";seats=" + std::to_string(seats) + ";out=" + std::to_string(out) +
         ";winner=" + std::to_string(winner) + ";target=" + std::to_string(target);
}

}  // namespace domaintest
