#include "bench/load/load_driver.h"

#include <httplib.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "rules/core/registry.h"

namespace loadtest {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
// How long a client waits after a connection error or a 503 before its next request.
constexpr auto kRetryPause = std::chrono::milliseconds(20);

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

class Http {
 public:
  Http(const Endpoint& endpoint, int timeout_s) : endpoint_(endpoint), timeout_s_(timeout_s) {
    reset();
  }

  // nullopt on a connection error (the connection is reopened next time). Pauses kRetryPause
  // after a connection error or a 503.
  std::optional<httplib::Response> request(const std::string& method, const std::string& path,
                                           const std::string& token, const std::string& body,
                                           const httplib::Headers& extra, DriverStats& stats) {
    httplib::Headers headers = extra;
    if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
    const auto start = Clock::now();
    httplib::Result result = method == "GET"
                                 ? client_->Get(path.c_str(), headers)
                                 : client_->Post(path.c_str(), headers, body, "application/json");
    const double ms = ms_since(start);
    // A client that cannot reach the service, or is told it is unavailable, waits before its
    // next request, as a real one would. Without the pause, the clients' GETs spun on a
    // restarting server (tens of thousands of refused connections a second) and, on 2 cores,
    // slowed its start.
    if (!result) {
      ++stats.connection_errors;
      reset();
      std::this_thread::sleep_for(kRetryPause);
      return std::nullopt;
    }
    stats.max_request_ms = std::max(stats.max_request_ms, ms);
    ++stats.status_counts[result->status];
    if (result->status == 503) std::this_thread::sleep_for(kRetryPause);
    return *result;
  }

 private:
  void reset() {
    client_ = std::make_unique<httplib::Client>(endpoint_.host, endpoint_.port);
    client_->set_keep_alive(true);
    client_->set_tcp_nodelay(true);
    client_->set_connection_timeout(timeout_s_, 0);
    client_->set_read_timeout(timeout_s_, 0);
    client_->set_write_timeout(timeout_s_, 0);
  }

  Endpoint endpoint_;
  int timeout_s_;
  std::unique_ptr<httplib::Client> client_;
};

// What the clients of a pair last learnt about one game (kPostOnly mode).
struct Seen {
  bool known = false;  // false: GET the game before moving in it
  bool active = true;
  int ply = 0;
  std::vector<std::string> to_move;  // usernames
  std::vector<std::string> legal;    // the last legal moves either client was shown
};

struct Pair {
  std::mutex mutex;
  std::vector<std::int64_t> games;
  std::map<std::int64_t, Seen> seen;
};

// The legal moves in the position `view` shows, computed from the game's rules as a bot
// computes them, for whichever seat is to move. A game the rules library does not hold (the
// test-only counting game, whose moves are the same whoever moves) falls back on the
// `legal_moves` the view lists, if any.
std::vector<std::string> legal_moves_of(const std::string& game_name, const json& view) {
  std::vector<std::string> out;
  const rules::GameDef* def = rules::find_game(game_name);
  const auto position = view.find("position");
  if (def == nullptr || position == view.end() || !position->is_string()) {
    const auto legal = view.find("legal_moves");
    if (legal != view.end() && legal->is_array()) out = legal->get<std::vector<std::string>>();
    return out;
  }
  auto loaded = def->load(position->get<std::string>());
  if (!loaded.ok()) return out;
  const std::unique_ptr<rules::State> state = std::move(loaded).value();
  for (rules::Move m : state->legal_moves()) out.push_back(state->format_move(m));
  return out;
}

// Records what a game view (a GET answer, or the "game" of a 201 answer) says.
// Keeps the newest view of the game: an answer read late (its client was descheduled) must not
// replace what the partner learnt since, or the pair would post a stale ply.
void remember(Pair& pair, const std::string& game_name, std::int64_t game, const json& view) {
  std::vector<std::string> legal = legal_moves_of(game_name, view);
  std::lock_guard lock(pair.mutex);
  Seen& seen = pair.seen[game];
  if (seen.known && view.at("ply").get<int>() < seen.ply) return;
  seen.known = true;
  seen.active = view.at("status") == "active";
  seen.ply = view.at("ply").get<int>();
  seen.to_move = view.at("to_move").get<std::vector<std::string>>();
  if (!legal.empty()) seen.legal = std::move(legal);
}

void forget(Pair& pair, std::int64_t game) {
  std::lock_guard lock(pair.mutex);
  pair.seen[game].known = false;
}

std::string random_key(std::mt19937_64& rng) {
  static const char* hex = "0123456789abcdef";
  std::string key;
  for (int i = 0; i < 32; ++i) key += hex[rng() % 16];
  return key;
}

// Challenge from `me` to `partner`, accepted by `partner`. 0 on failure.
std::int64_t start_game(Http& http, const DriverOptions& options, const Player& me,
                        const Player& partner, DriverStats& stats) {
  const json challenge = {{"game", options.game},
                          {"players", 2},
                          {"opponents", {partner.username}},
                          {"options", json::parse(options.options_json)}};
  auto created = http.request("POST", "/v1/challenges", me.token, challenge.dump(), {}, stats);
  if (!created || created->status != 201) return 0;
  const std::string id = json::parse(created->body).at("id").get<std::string>();
  auto accepted =
      http.request("POST", "/v1/challenges/" + id + "/accept", partner.token, "{}", {}, stats);
  if (!accepted || accepted->status != 200) return 0;
  const json body = json::parse(accepted->body);
  if (!body.at("game_id").is_string()) return 0;
  ++stats.games_started;
  return std::stoll(body.at("game_id").get<std::string>());
}

// Posts a move, retrying with the same Idempotency-Key while the outcome is unknown. Returns the
// final status (0 when given up) and, for a 201, the answer in *answer. A 422 to a `guessed`
// move counts as a refusal (the guess was stale), not as a client error.
int post_move(Http& http, const Player& me, std::int64_t game, const std::string& move, int ply,
              bool guessed, std::mt19937_64& rng, Clock::time_point deadline,
              const std::atomic<bool>* stop, DriverStats& stats, json* answer = nullptr) {
  const std::string key = random_key(rng);
  const std::string body = json{{"move", move}, {"ply", ply}}.dump();
  const std::string path = "/v1/games/" + std::to_string(game) + "/moves";
  for (;;) {
    const auto start = Clock::now();
    auto res = http.request("POST", path, me.token, body, {{"Idempotency-Key", key}}, stats);
    if (res && res->status == 201) {
      ++stats.moves_ok;
      if (res->get_header_value("Idempotent-Replayed") == "true") ++stats.replays;
      stats.move_latencies_ms.push_back(ms_since(start));
      json parsed = json::parse(res->body);
      stats.acks.push_back({game, parsed.at("ply").get<int>(), parsed.at("record")});
      if (answer) *answer = std::move(parsed);
      return 201;
    }
    if (res && res->status == 409) {
      ++stats.conflicts;
      return 409;
    }
    if (res && res->status == 503) {
      ++stats.unavailable;
    } else if (res && res->status >= 500) {
      ++stats.server_errors;
      return res->status;
    } else if (res) {
      ++(guessed && res->status == 422 ? stats.refusals : stats.client_errors);
      return res->status;
    }
    // Unknown outcome (connection lost or 503, after request()'s pause): retry the same
    // request with the same key.
    if ((stop && stop->load()) || Clock::now() > deadline + std::chrono::seconds(30)) return 0;
  }
}

// Everything one client needs while it runs.
struct ClientContext {
  int index = 0;
  const DriverOptions& options;
  const Player& me;
  const Player& partner;
  Pair& pair;
  Clock::time_point deadline;
  const std::atomic<bool>* stop;
  DriverStats& stats;
  std::mt19937_64 rng;
  // get-post: the ply of this client's last GET of each game; the next GET asks only for the
  // moves after it (?moves_after=), as a client that keeps the history it has seen would.
  std::map<std::int64_t, int> seen_ply = {};
};

// The even client of a pair replaces a game that is over by a new one.
void replace_game(ClientContext& c, Http& http, std::size_t slot) {
  if (c.index % 2 != 0) return;
  const std::int64_t fresh = start_game(http, c.options, c.me, c.partner, c.stats);
  if (fresh == 0) return;
  std::lock_guard lock(c.pair.mutex);
  c.pair.games[slot] = fresh;
}

// kGetThenPost: GET the game, then POST a random legal move when it is our turn.
bool get_then_post(ClientContext& c, Http& get_http, Http& post_http, std::int64_t game,
                   std::size_t slot) {
  int& seen_ply = c.seen_ply[game];
  auto res = get_http.request(
      "GET", "/v1/games/" + std::to_string(game) + "?moves_after=" + std::to_string(seen_ply),
      c.me.token, "", {}, c.stats);
  if (!res) return false;
  if (res->status != 200) {
    if (res->status >= 500 && res->status != 503) ++c.stats.server_errors;
    return false;
  }
  const json view = json::parse(res->body);
  seen_ply = view.at("ply").get<int>();
  if (view.at("status") != "active") {
    replace_game(c, get_http, slot);
    return false;
  }
  const json& legal = view.at("legal_moves");
  if (!legal.is_array() || legal.empty()) return false;
  const std::string move = legal[c.rng() % legal.size()].get<std::string>();
  post_move(post_http, c.me, game, move, view.at("ply").get<int>(), false, c.rng, c.deadline,
            c.stop, c.stats);
  return true;
}

// kPostOnly: move from what the pair last learnt; GET only when that is unknown or stale.
bool post_only(ClientContext& c, Http& http, std::int64_t game, std::size_t slot) {
  Seen seen;
  {
    std::lock_guard lock(c.pair.mutex);
    seen = c.pair.seen[game];
  }
  if (!seen.known || seen.legal.empty()) {
    auto res =
        http.request("GET", "/v1/games/" + std::to_string(game), c.me.token, "", {}, c.stats);
    if (!res || res->status != 200) {
      if (res && res->status >= 500 && res->status != 503) ++c.stats.server_errors;
      return false;
    }
    remember(c.pair, c.options.game, game, json::parse(res->body));
    std::lock_guard lock(c.pair.mutex);
    seen = c.pair.seen[game];
  }
  if (!seen.active) {
    replace_game(c, http, slot);
    return false;
  }
  if (seen.legal.empty() ||
      std::find(seen.to_move.begin(), seen.to_move.end(), c.me.username) == seen.to_move.end()) {
    return false;
  }
  const std::string move = seen.legal[c.rng() % seen.legal.size()];
  json answer;
  if (post_move(http, c.me, game, move, seen.ply, true, c.rng, c.deadline, c.stop, c.stats,
                &answer) == 201) {
    remember(c.pair, c.options.game, game, answer.at("game"));
  } else {
    forget(c.pair, game);
  }
  return true;
}

// kStreamThenPost: the games a client's event stream announced as its turn, in order.
struct Turns {
  std::mutex mutex;
  std::condition_variable announced;
  std::deque<std::int64_t> games;
};

// Follows GET /v1/stream/events (ndjson) until `done` or the stream ends, queueing the game of
// each `your_turn` line (the snapshot lines at the start included).
void follow_turns(httplib::Client& stream, const Player& me, Turns& turns,
                  const std::atomic<bool>& done) {
  std::string pending;
  stream.Get("/v1/stream/events", {{"Authorization", "Bearer " + me.token}},
             [&](const char* data, std::size_t size) {
               pending.append(data, size);
               for (std::size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
                 const json line = json::parse(pending.substr(0, nl), nullptr, false);
                 pending.erase(0, nl + 1);
                 if (!line.is_object() || line.value("type", "") != "your_turn") continue;
                 const auto turn = line.find("your_turn");
                 if (turn == line.end() || !turn->is_object() || turn->value("stale", false)) {
                   continue;
                 }
                 std::lock_guard lock(turns.mutex);
                 turns.games.push_back(std::stoll(turn->value("game_id", "0")));
                 turns.announced.notify_one();
               }
               return !done.load();
             });
}

// kStreamThenPost: answers each announced turn as a bot does, with a GET of the game and the
// POST of a legal move.
void answer_turns(ClientContext& c, Http& http, Turns& turns) {
  while (Clock::now() < c.deadline && !(c.stop && c.stop->load())) {
    std::int64_t game = 0;
    {
      std::unique_lock lock(turns.mutex);
      turns.announced.wait_for(lock, std::chrono::milliseconds(50),
                               [&] { return !turns.games.empty(); });
      if (turns.games.empty()) continue;
      game = turns.games.front();
      turns.games.pop_front();
    }
    std::size_t slot = 0;
    {
      std::lock_guard lock(c.pair.mutex);
      const auto it = std::find(c.pair.games.begin(), c.pair.games.end(), game);
      if (it == c.pair.games.end()) continue;  // a game replaced meanwhile
      slot = static_cast<std::size_t>(it - c.pair.games.begin());
    }
    get_then_post(c, http, http, game, slot);
  }
}

void stream_client(ClientContext& c, const Endpoint& endpoint, Http& http) {
  Turns turns;
  std::atomic<bool> done{false}, finished{false};
  httplib::Client stream(endpoint.host, endpoint.port);
  stream.set_read_timeout(120, 0);
  std::thread follower([&] {
    while (!done.load()) {
      follow_turns(stream, c.me, turns, done);
      if (!done.load()) std::this_thread::sleep_for(kRetryPause);  // the stream ended: again
    }
    finished = true;
  });
  answer_turns(c, http, turns);
  done = true;
  // stop() ends only a request in flight: repeat until the follower has seen `done`.
  while (!finished.load()) {
    stream.stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  follower.join();
}

void client_loop(int index, const DriverOptions& options, const std::vector<Player>& players,
                 Pair& pair, Clock::time_point deadline, const std::atomic<bool>* stop,
                 DriverStats& stats) {
  ClientContext c{
      index,
      options,
      players[index],
      players[index ^ 1],
      pair,
      deadline,
      stop,
      stats,
      std::mt19937_64(std::random_device{}() ^ (static_cast<std::uint64_t>(index) << 32))};
  std::vector<std::unique_ptr<Http>> https;
  for (const Endpoint& e : options.endpoints) {
    https.push_back(std::make_unique<Http>(e, options.request_timeout_s));
  }
  std::size_t endpoint = static_cast<std::size_t>(index) % https.size();
  auto next_http = [&]() -> Http& {
    if (options.per_request_endpoint_rotation) endpoint = (endpoint + 1) % https.size();
    return *https[endpoint];
  };
  if (options.mode == DriverOptions::Mode::kStreamThenPost) {
    stream_client(c, options.endpoints[endpoint], *https[endpoint]);
    return;
  }
  while (Clock::now() < deadline && !(stop && stop->load())) {
    std::vector<std::int64_t> games;
    {
      std::lock_guard lock(pair.mutex);
      games = pair.games;
    }
    bool moved = false;
    for (std::size_t slot = 0; slot < games.size(); ++slot) {
      if (Clock::now() >= deadline || (stop && stop->load())) break;
      if (options.mode == DriverOptions::Mode::kPostOnly) {
        moved = post_only(c, next_http(), games[slot], slot) || moved;
      } else {
        Http& get_http = next_http();
        moved = get_then_post(c, get_http, next_http(), games[slot], slot) || moved;
      }
    }
    if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace

std::vector<Player> create_players(const Endpoint& endpoint, const std::string& prefix, int count) {
  std::vector<Player> players(count);
  std::vector<std::thread> threads;
  std::atomic<int> next{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      Http http(endpoint, 30);
      DriverStats ignored;
      for (int i = next++; i < count; i = next++) {
        const std::string name = prefix + std::to_string(i);
        const json body = {{"username", name},
                           {"email", name + "@load.test"},
                           {"password", "load-password-" + name}};
        for (int attempt = 0; attempt < 50; ++attempt) {
          auto res = http.request("POST", "/v1/accounts", "", body.dump(), {}, ignored);
          if (res && res->status == 201) {
            players[i] = {name, json::parse(res->body).at("token").get<std::string>()};
            break;
          }
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  return players;
}

DriverStats run_load(const DriverOptions& options, const std::vector<Player>& players,
                     const std::atomic<bool>* stop) {
  const int clients = options.clients - options.clients % 2;
  std::vector<Pair> pairs(clients / 2);
  DriverStats total;
  {
    // Set-up: the games of every pair, before the clock starts.
    Http http(options.endpoints.front(), 30);
    for (int p = 0; p < clients / 2; ++p) {
      for (int g = 0; g < options.games_per_pair; ++g) {
        const std::int64_t id =
            start_game(http, options, players[2 * p], players[2 * p + 1], total);
        if (id != 0) pairs[p].games.push_back(id);
      }
    }
  }
  std::vector<DriverStats> stats(clients);
  const auto start = Clock::now();
  const auto deadline =
      start + std::chrono::milliseconds(static_cast<long long>(options.seconds * 1000));
  std::vector<std::thread> threads;
  for (int i = 0; i < clients; ++i) {
    threads.emplace_back(
        [&, i] { client_loop(i, options, players, pairs[i / 2], deadline, stop, stats[i]); });
  }
  for (auto& t : threads) t.join();
  total.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (const DriverStats& s : stats) {
    total.moves_ok += s.moves_ok;
    total.replays += s.replays;
    total.conflicts += s.conflicts;
    total.unavailable += s.unavailable;
    total.server_errors += s.server_errors;
    total.client_errors += s.client_errors;
    total.connection_errors += s.connection_errors;
    total.refusals += s.refusals;
    total.games_started += s.games_started;
    total.max_request_ms = std::max(total.max_request_ms, s.max_request_ms);
    total.move_latencies_ms.insert(total.move_latencies_ms.end(), s.move_latencies_ms.begin(),
                                   s.move_latencies_ms.end());
    total.acks.insert(total.acks.end(), s.acks.begin(), s.acks.end());
    for (const auto& [status, count] : s.status_counts) total.status_counts[status] += count;
  }
  return total;
}

ReadStats run_reads(const Endpoint& endpoint, const std::vector<std::string>& paths,
                    const std::vector<Player>& players, int clients, double seconds) {
  ReadStats total;
  if (paths.empty()) return total;
  std::mutex mutex;
  const auto start = Clock::now();
  const auto deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<std::thread> threads;
  for (int i = 0; i < clients; ++i) {
    threads.emplace_back([&, i] {
      Http http(endpoint, 10);
      DriverStats ignored;
      const std::string& path = paths[static_cast<std::size_t>(i) % paths.size()];
      const std::string token =
          players.empty() ? "" : players[static_cast<std::size_t>(i) % players.size()].token;
      ReadStats mine;
      while (Clock::now() < deadline) {
        const auto sent = Clock::now();
        auto res = http.request("GET", path, token, "", {}, ignored);
        if (!res || res->status != 200) {
          ++mine.failed;
          continue;
        }
        ++mine.ok;
        mine.latencies_ms.push_back(ms_since(sent));
      }
      std::lock_guard lock(mutex);
      total.ok += mine.ok;
      total.failed += mine.failed;
      total.latencies_ms.insert(total.latencies_ms.end(), mine.latencies_ms.begin(),
                                mine.latencies_ms.end());
    });
  }
  for (auto& t : threads) t.join();
  total.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return total;
}

long run_plain_gets(const Endpoint& endpoint, const std::string& path, int clients,
                    double seconds) {
  return run_reads(endpoint, {path}, {}, clients, seconds).ok;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t index =
      std::min(values.size() - 1, static_cast<std::size_t>(std::ceil(p * values.size())) - 1);
  return values[index];
}

}  // namespace loadtest
