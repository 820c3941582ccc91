#pragma once
// Move choosers of the reference bot (`hexpost bot run`; docs/bot-protocol.md).
//
// --engine random: a uniformly random move from the legal moves the server lists (the server
// computes them with the rules library).
// --engine-cmd "<program>": a long-running child process spoken to over stdin/stdout, one
// request per turn (the "engine line protocol"):
//   bot -> engine:  game <game_id> <game> seat <seat> ply <ply>
//                   position <serialized position, one line>
//                   time <seconds left, or - when unclocked>
//                   legal <n>
//                   <n lines, one legal move each>
//                   go
//   engine -> bot:  move <move text>          (one line; anything else is an error)
// The engine is started once and kept; if it exits or answers garbage the bot falls back to a
// random legal move for that turn and restarts the engine for the next one.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace cli {

struct TurnRequest {
  std::string game_id;
  std::string game;
  int seat = 0;
  int ply = 0;
  std::string position;
  std::string time_left = "-";
  std::vector<std::string> legal_moves;
};

class Engine {
 public:
  virtual ~Engine() = default;
  // A move from request.legal_moves (which is not empty).
  virtual std::string choose(const TurnRequest& request) = 0;
};

std::unique_ptr<Engine> random_engine(std::uint64_t seed);
std::unique_ptr<Engine> command_engine(const std::string& command, std::uint64_t seed);

}  // namespace cli
