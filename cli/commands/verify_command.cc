#include "cli/commands/verify_command.h"

#include <iostream>
#include <memory>
#include <numeric>

#include "cli/commands/exit_codes.h"
#include "cli/commands/remote.h"
#include "lib/fairness/fairness.h"
#include "rules/core/play.h"
#include "rules/core/registry.h"

namespace cli {

using nlohmann::json;

namespace {

struct Checker {
  VerifyReport report;
  void expect(bool same, const std::string& what, const std::string& expected,
              const std::string& got) {
    if (!same) report.differences.push_back(what + ": expected " + expected + ", got " + got);
  }
};

std::string text(const json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

rules::GameConfig config_of(const json& game) {
  rules::GameConfig config;
  config.players = game.value("players", 2);
  const json options =
      game.contains("options") && game["options"].is_object() ? game["options"] : json::object();
  for (const auto& [k, v] : options.items()) {
    config.options[k] = v.is_string() ? v.get<std::string>() : v.dump();
  }
  return config;
}

// Player seeds in slot order, and the seat each slot holds.
void slots_of(const json& fairness, std::vector<std::string>& seeds, std::vector<int>& seats) {
  json list = fairness.value("player_seeds", json::array());
  std::sort(list.begin(), list.end(),
            [](const json& a, const json& b) { return a.value("slot", 0) < b.value("slot", 0); });
  for (const json& s : list) {
    seeds.push_back(s.value("player_seed", ""));
    seats.push_back(s.value("seat", -1));
  }
}

std::string recorded_draws(const json& fairness, std::size_t index) {
  const json draws = fairness.value("draws", json::array());
  return index < draws.size() ? draws[index].value("draws", "") : "";
}

// The draws of one ply: re-derived from the game seed, or (seed still secret) the recorded ones.
std::unique_ptr<rules::RandomSource> ply_random(const fairness::Bytes& game_seed,
                                                const std::string& id, int ply,
                                                const std::string& recorded) {
  if (!game_seed.empty()) return std::make_unique<fairness::HmacRandom>(game_seed, id, ply);
  std::vector<rules::Draw> draws;
  rules::parse_draws(recorded, draws);
  return std::make_unique<rules::ReplayRandom>(draws);
}

// Steps 1-3: returns the game seed, or empty when it cannot be derived.
fairness::Bytes check_seeds(Checker& c, const json& game, const json& fair) {
  const json server_seed = fair.value("server_seed", json());
  if (!server_seed.is_string()) {
    c.report.notes.push_back(
        "the server seed is revealed when the game ends: commitment and draws not re-derived");
    return {};
  }
  const auto seed = fairness::from_hex(server_seed.get<std::string>());
  if (!seed) {
    c.report.differences.push_back("server seed: not hex");
    return {};
  }
  c.expect(fairness::commitment(*seed) == fair.value("commitment", ""), "commitment",
           fairness::commitment(*seed) + " (SHA-256 of the server seed)",
           fair.value("commitment", ""));
  c.expect(
      game.value("fairness", json::object()).value("commitment", fair.value("commitment", "")) ==
          fair.value("commitment", ""),
      "commitment in the game", fair.value("commitment", ""), text(game["fairness"]["commitment"]));
  std::vector<std::string> seeds;
  std::vector<int> seats;
  slots_of(fair, seeds, seats);
  const std::string id = text(game.value("id", json("")));
  const fairness::Bytes game_seed = fairness::game_seed(*seed, id, seeds);
  c.expect(fairness::to_hex(game_seed) == fair.value("game_seed", ""), "game seed",
           fairness::to_hex(game_seed), text(fair.value("game_seed", json())));
  c.report.notes.push_back("commitment matches the revealed server seed");
  return game_seed;
}

// Step 3: seats and setup; returns the initial state (null on failure).
std::unique_ptr<rules::State> check_setup(Checker& c, const rules::GameDef& def, const json& game,
                                          const json& fair, const fairness::Bytes& game_seed) {
  const std::string id = text(game.value("id", json("")));
  const rules::GameConfig config = config_of(game);
  const auto rng = ply_random(game_seed, id, 0, recorded_draws(fair, 0));
  std::vector<int> seat_slot(config.players);
  std::iota(seat_slot.begin(), seat_slot.end(), 0);
  for (int i = config.players - 1; i > 0; --i) {
    std::swap(seat_slot[i], seat_slot[rng->draw("seat", static_cast<std::uint32_t>(i + 1))]);
  }
  std::vector<std::string> seeds;
  std::vector<int> seats_by_slot;
  slots_of(fair, seeds, seats_by_slot);
  for (int seat = 0; seat < config.players && !game_seed.empty(); ++seat) {
    const int slot = seat_slot[seat];
    const int stored = slot < static_cast<int>(seats_by_slot.size()) ? seats_by_slot[slot] : -1;
    c.expect(stored == seat, "seat of slot " + std::to_string(slot), std::to_string(seat),
             std::to_string(stored));
  }
  auto created = def.create(config, *rng);
  if (!created.ok()) {
    c.report.differences.push_back("setup: " + created.error().message);
    return nullptr;
  }
  c.expect(rules::format_draws(rng->draws()) == recorded_draws(fair, 0), "setup draws (ply 0)",
           rules::format_draws(rng->draws()), recorded_draws(fair, 0));
  return std::move(created.value());
}

// Steps 4-5.
void check_entries(Checker& c, rules::State& state, const json& game, const json& fair,
                   const fairness::Bytes& game_seed) {
  const std::string id = text(game.value("id", json("")));
  const json hashes = fair.value("move_hashes", json::array());
  const json moves = game.value("moves", json::array());
  c.expect(moves.size() == hashes.size(), "number of moves", std::to_string(hashes.size()),
           std::to_string(moves.size()));
  std::string previous = fair.value("commitment", "");
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    const int ply = hashes[i].value("ply", 0);
    const std::string where = "ply " + std::to_string(ply);
    const std::string record = hashes[i].value("record", "");
    const std::string stored_draws = recorded_draws(fair, i + 1);
    if (i < moves.size()) {
      c.expect(moves[i].value("record", "") == record, where + " record in the game", record,
               moves[i].value("record", ""));
    }
    const auto rng = ply_random(game_seed, id, ply, stored_draws);
    auto replayed = rules::play_entry(state, record, *rng);
    if (!replayed.ok()) {
      c.report.differences.push_back(where + ": " + record +
                                     " does not replay: " + replayed.error().message);
      return;
    }
    c.expect(replayed.value() == record, where + " record", replayed.value(), record);
    const std::string draws = rules::format_draws(rng->draws());
    c.expect(draws == stored_draws, where + " draws", draws, stored_draws);
    const std::string hash = fairness::move_hash(previous, ply, record, stored_draws);
    c.expect(hash == hashes[i].value("hash", ""), where + " hash", hash,
             hashes[i].value("hash", ""));
    previous = hashes[i].value("hash", "");
    ++c.report.entries;
  }
  c.expect(previous == fair.value("last_hash", previous), "last hash", previous,
           text(fair.value("last_hash", json())));
}

}  // namespace

VerifyReport verify_game(const json& game, const json& fair) {
  Checker c;
  const rules::GameDef* def = rules::find_game(game.value("game", ""));
  if (def == nullptr) {
    c.report.differences.push_back("this client does not know the game " +
                                   game.value("game", std::string("?")));
    return c.report;
  }
  const fairness::Bytes game_seed = check_seeds(c, game, fair);
  auto state = check_setup(c, *def, game, fair, game_seed);
  if (!state) return c.report;
  check_entries(c, *state, game, fair, game_seed);
  c.expect(state->serialize() == game.value("position", ""), "final position", state->serialize(),
           game.value("position", ""));
  c.report.notes.push_back(std::to_string(c.report.entries) +
                           " entries replayed with the rules library; hash chain recomputed");
  return c.report;
}

namespace {

json report_json(const VerifyReport& report) {
  return {{"ok", report.ok()},
          {"entries", report.entries},
          {"checked", report.notes},
          {"differences", report.differences}};
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string id;
    bool json = false;
  };
  auto f = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "verify", "check the fairness commitment, every draw, every move and the hash chain");
  cmd->add_option("GAME_ID", f->id, "the game")->required();
  cmd->add_flag("--json", f->json, "print the report as JSON: ok, entries, checked, differences");
  cmd->callback([f, &exit_code] {
    exit_code = run_remote([&](Client& client) {
      require_token(client);
      const std::string path = "/v1/games/" + url_encode(f->id);
      const VerifyReport report =
          verify_game(client.get_json(path), client.get_json(path + "/fairness"));
      if (f->json) {
        std::cout << report_json(report).dump(2) << "\n";
      } else {
        for (const std::string& note : report.notes) std::cerr << "checked: " << note << "\n";
        for (const std::string& d : report.differences) std::cout << "DIFFERS: " << d << "\n";
        std::cout << (report.ok() ? "OK" : "FAILED") << "\n";
      }
      return static_cast<int>(report.ok() ? kExitOk : kExitFailed);
    });
  });
}

}  // namespace cli
