#include "tests/services/domain/game_builder.h"

#include <algorithm>
#include <stdexcept>
#include <variant>

#include "services/fairness/fairness.h"
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

storage::ChallengeRecord challenge(const std::string& game, int players,
                                   const std::string& options_json) {
  storage::ChallengeRecord c;
  c.id = 3;
  c.game = game;
  c.players = players;
  c.options_json = options_json;
  c.status = "open";
  c.server_seed_hex = fairness::to_hex(server_seed());
  c.commitment = fairness::commitment(server_seed());
  for (int i = 0; i < players; ++i) {
    storage::ChallengePlayer p;
    p.account_id = 100 + i;
    p.username = "player" + std::to_string(100 + i);
    p.slot = i;
    p.accepted = true;
    p.player_seed = "seed" + std::to_string(i);
    c.players_list.push_back(p);
  }
  return c;
}

storage::GameRecord started(const std::string& game, int players, const std::string& options_json) {
  const storage::ChallengeRecord c = challenge(game, players, options_json);
  auto made = domain::start_game(catalog(), c, kGameId);
  if (auto* reason = std::get_if<std::string>(&made)) {
    throw std::runtime_error("start_game refused: " + *reason);
  }
  const storage::NewGame& n = std::get<storage::NewGame>(made);
  storage::GameRecord g;
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
    storage::SeatRecord seat;
    seat.seat = s;
    seat.account_id = n.seat_accounts[s];
    seat.username = "player" + std::to_string(n.seat_accounts[s]);
    seat.slot = n.seat_slots[s];
    seat.player_seed = n.seat_seeds[s];
    g.seats.push_back(seat);
  }
  return g;
}

storage::Id account_of(const storage::GameRecord& game, int seat) {
  return game.seats.at(seat).account_id;
}

storage::GameRecord after(storage::GameRecord game, const storage::EntryWrite& write) {
  game.ply += 1;
  game.version += 1;
  game.position = write.position;
  game.to_move = write.to_move;
  game.last_hash = write.hash;
  // The mover's own standing draw offer survives its entry; every other offer lapses.
  const bool offered = std::find(game.draw_offers.begin(), game.draw_offers.end(), write.seat) !=
                       game.draw_offers.end();
  game.draw_offers = offered ? std::vector<int>{write.seat} : std::vector<int>{};
  if (write.is_move && std::find(game.moved_seats.begin(), game.moved_seats.end(), write.seat) ==
                           game.moved_seats.end()) {
    game.moved_seats.push_back(write.seat);
  }
  if (write.finished) {
    game.status = "finished";
    game.result_json = write.result_json;
    for (std::size_t s = 0; s < game.seats.size() && s < write.placements.size(); ++s) {
      game.seats[s].placement = write.placements[s];
      game.seats[s].score = write.scores[s];
    }
  }
  return game;
}

storage::MoveRecord move_row(const storage::EntryWrite& write) {
  storage::MoveRecord m;
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

unsigned expected_draw(const storage::GameRecord& game, int ply, const std::string& purpose,
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
