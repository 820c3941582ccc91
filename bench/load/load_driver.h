#pragma once
// The Hexpost load driver: many concurrent players, each making random legal moves over HTTP in
// many games. Used by the `hexpost_load` benchmark (ops/bench-service) and by the crash, restart
// and two-instance tests, which check every acknowledged move against the database.
//
// Model: `clients` threads, one account each; clients 2k and 2k+1 play `games_per_pair` games
// against each other. A client loops over its games and, when it is its turn, POSTs a random
// legal move (with an Idempotency-Key, retried with the same key after a connection error or
// 503, so a move whose answer was lost is never made twice). After a connection error or a 503
// a client pauses 20 ms before its next request of any kind. A finished game is replaced by a
// new one (challenge + accept). How a client learns whose turn it is depends on the mode:
//   kGetThenPost  GET the game before every move (what a polling client does);
//   kPostOnly     the two clients of a pair share what the last 201 answer said (ply, status,
//                 who moves, the position), as a client fed by the event stream would know it,
//                 so a move costs one POST. The next move is a legal move of the position last
//                 given, computed with the game's rules (the test-only counting game, which the
//                 rules library does not hold: the legal moves last listed); after a 409 or 422
//                 the client GETs the game once and goes on;
//   kStreamThenPost  each client follows GET /v1/stream/events and answers every `your_turn`
//                 line as a bot does: a GET of the game, then the POST of a legal move.

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace loadtest {

struct Endpoint {
  std::string host = "127.0.0.1";
  int port = 0;
};

struct Player {
  std::string username;
  std::string token;
};

struct DriverOptions {
  std::vector<Endpoint> endpoints;  // client i uses endpoints[i % size] (moves spread over them)
  int clients = 16;
  int games_per_pair = 4;
  std::string game;                 // game id from /v1/catalog
  std::string options_json = "{}";  // challenge options
  double seconds = 10;
  std::string username_prefix = "load";
  int request_timeout_s = 10;
  bool per_request_endpoint_rotation = false;  // alternate endpoints request by request
  enum class Mode { kGetThenPost, kPostOnly, kStreamThenPost } mode = Mode::kGetThenPost;
};

struct Ack {
  std::int64_t game_id = 0;
  int ply = 0;
  std::string record;
};

struct DriverStats {
  long moves_ok = 0;       // 201
  long replays = 0;        // 201 with Idempotent-Replayed (a retry of a committed move)
  long conflicts = 0;      // 409
  long unavailable = 0;    // 503
  long server_errors = 0;  // other 5xx (must stay 0)
  long client_errors = 0;  // other 4xx (must stay 0)
  long connection_errors = 0;
  long refusals = 0;  // 422 to a guessed move in kPostOnly mode (then the game is re-read)
  long games_started = 0;
  double seconds = 0;
  double max_request_ms = 0;              // slowest answered request of any kind
  std::vector<double> move_latencies_ms;  // 201 answers to POST .../moves
  std::vector<Ack> acks;
  std::map<int, long> status_counts;
};

// Creates the accounts (username_prefix + index) and returns their tokens.
std::vector<Player> create_players(const Endpoint& endpoint, const std::string& prefix, int count);

// Runs until options.seconds elapse or *stop turns true. Players come from create_players.
DriverStats run_load(const DriverOptions& options, const std::vector<Player>& players,
                     const std::atomic<bool>* stop = nullptr);

struct ReadStats {
  long ok = 0;      // 200 answers
  long failed = 0;  // any other answer, or none
  double seconds = 0;
  std::vector<double> latencies_ms;  // of the 200 answers
};

// GETs by `clients` threads for `seconds`, each on a keep-alive connection of its own: client i
// GETs paths[i % size] again and again, with players[i % size]'s token (none without players).
ReadStats run_reads(const Endpoint& endpoint, const std::vector<std::string>& paths,
                    const std::vector<Player>& players, int clients, double seconds);

// GETs of `path` (no token) by `clients` threads for `seconds`, each on a keep-alive connection
// of its own, made the way run_load's clients make their requests: the HTTP floor of a request.
// Returns the requests answered with 200.
long run_plain_gets(const Endpoint& endpoint, const std::string& path, int clients, double seconds);

double percentile(std::vector<double> values, double p);

}  // namespace loadtest
