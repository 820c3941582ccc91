#pragma once
// Helpers for the clock tests: a server on a ManualClock, clocked challenges, and
// direct reads of game_seats / game_events.

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "lib/clock/clock.h"
#include "tests/services/game/service_fixture.h"

namespace clocktest {

using namespace svctest;
using namespace std::chrono_literals;
using hxclock::TimePoint;

TimePoint at(const std::string& rfc3339);
std::string text(TimePoint t);  // RFC 3339 with microseconds

// A server whose service runs on `clock`, and a client for it.
struct ClockedServer {
  explicit ClockedServer(hxclock::Clock& clock, api::GameServiceOptions options = test_options());
  std::unique_ptr<TestServer> server;
  std::unique_ptr<Client> client;
  api::GameService& service() { return server->service(); }
};

// Everything a clock test starts with: a ManualClock at t0, a server on it, its client and
// `players` new accounts. Tests bind it: auto& [t0, clock, s, c, p] = world;
struct ClockWorld {
  ClockWorld(const std::string& start, const std::string& stem, int players = 2);
  TimePoint t0;
  hxclock::ManualClock clock;
  ClockedServer s;
  Client& c;
  std::vector<Account> p;
};

// A 2-, 3- or 4-player counting game with this clock (target 100000: it never ends by counting).
std::string start_clocked(Client& client, const std::vector<Account>& players, const json& clock);
json game(Client& client, const std::string& id, const Account& viewer);
// The seat's deadline as stored (empty when NULL), straight from game_seats.
std::string deadline_of(const std::string& game_id, int seat);
// The seat of `account` in the game view, and the seat to move.
bool list_key_matches_deadline(const std::string& game_id, int seat);
int seat_of(const json& view, const Account& account);
int seat_to_move(const json& view);
long long event_count(const std::string& game_id, const std::string& kind);
long long global_events(const std::string& kind);
void set_time_zone(Client& client, const Account& account, const std::string& zone);
// A move by whoever is to move ("1" in the counting game); returns the status.
int move(Client& client, const std::string& id, const std::vector<Account>& players);

}  // namespace clocktest
