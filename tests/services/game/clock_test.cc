// Correspondence clocks, against the real PostgreSQL with a ManualClock: time controls,
// the deadline edge, vacation, weekends in two zones, DST, the admin pause, outages, reminders,
// dead games and multi-player timeouts. No test sleeps: time moves by ManualClock::set.
#include <gtest/gtest.h>

#include "services/domain/clock_rules.h"
#include "services/storage/clocks_repository.h"
#include "services/storage/instances.h"
#include "tests/services/game/clock_support.h"

namespace {

using namespace clocktest;

const json kOneDay = {{"days_per_move", 1}};

// Challenges expire by the injected clock too (the default 7 days), not by the database's now().
TEST(ClockChallenges, ExpireSevenDaysAfterCreationByTheInjectedClock) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "cx");
  auto& [t0, clock, s, c, p] = world;
  const auto offer = [&] {
    return c
        .post("/v1/challenges", {{"game", "counting"}, {"opponents", {p[1].username}}}, p[0].token)
        .body.at("id")
        .get<std::string>();
  };
  const std::string early = offer(), late = offer();
  EXPECT_EQ(c.get("/v1/challenges/" + late, p[1].token).body.at("expires_at"),
            "2026-03-09T12:00:00.000000Z");
  clock.set(t0 + std::chrono::hours(7 * 24) - 1s);
  EXPECT_EQ(c.get("/v1/challenges", p[1].token).body.at("challenges").size(), 2u);
  const Reply in_time = c.post("/v1/challenges/" + early + "/accept", json::object(), p[1].token);
  EXPECT_EQ(in_time.status, 200) << in_time.body.dump();
  EXPECT_EQ(in_time.body.at("status"), "started");

  clock.set(t0 + std::chrono::hours(7 * 24));
  EXPECT_EQ(c.get("/v1/challenges/" + late, p[1].token).body.at("status"), "expired");
  EXPECT_EQ(c.get("/v1/challenges", p[1].token).body.at("challenges"), json::array());
  const Reply too_late = c.post("/v1/challenges/" + late + "/accept", json::object(), p[1].token);
  EXPECT_EQ(too_late.status, 409);
  EXPECT_EQ(too_late.body.at("challenge_status"), "expired");
  const Reply decline = c.post("/v1/challenges/" + late + "/decline", json::object(), p[1].token);
  EXPECT_EQ(decline.status, 409);
}

TEST(ClockControls, ValidatedNormalisedShownAndInTheRecord) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "tc");
  auto& [t0, clock, s, c, p] = world;
  for (const json& bad :
       {json{{"days_per_move", 0}}, json{{"days_per_move", 61}}, json{{"days_per_move", "3"}},
        json{{"bank", {{"initial_days", 5}, {"increment_days", 1}}}},
        json{{"bank", {{"initial_days", 5}, {"increment_days", 1}, {"max_days", 4}}}},
        json{{"days_per_move", 3}, {"bank", {{"initial_days", 5}}}}, json{{"type", "blitz"}},
        json{{"days_per_move", 3}, {"weekends_off", "yes"}}, json{{"days", 3}}}) {
    const Reply r =
        c.post("/v1/challenges",
               {{"game", "counting"}, {"opponents", {p[1].username}}, {"clock", bad}}, p[0].token);
    EXPECT_EQ(r.status, 400) << bad.dump();
    EXPECT_EQ(r.body.value("code", ""), "invalid_clock") << bad.dump();
    EXPECT_EQ(r.header("Content-Type"), "application/problem+json");
  }
  const json bank = {{"bank", {{"initial_days", 7}, {"increment_days", 1}, {"max_days", 14}}},
                     {"weekends_off", true}};
  const std::string id = start_clocked(c, p, bank);
  const json view = game(c, id, p[0]);
  EXPECT_EQ(view.at("clock"),
            json({{"type", "bank"},
                  {"bank", {{"initial_days", 7}, {"increment_days", 1}, {"max_days", 14}}},
                  {"vacation", true},
                  {"weekends_off", true}}));
  const int mover = seat_to_move(view);
  EXPECT_EQ(view.at("seats").at(mover).at("remaining_s"), 7 * 86400);
  EXPECT_EQ(view.at("seats").at(1 - mover).at("deadline"), nullptr);
  const std::string record = c.get("/v1/games/" + id + "/record", p[0].token).text;
  EXPECT_NE(record.find("[TimeControl \"7d+1d max 14d, weekends off\"]"), std::string::npos);
  // Unclocked: no deadlines, no remaining time.
  const std::string free = start_clocked(c, p, json{{"type", "none"}});
  const json free_view = game(c, free, p[0]);
  EXPECT_EQ(free_view.at("clock"), json({{"type", "none"}}));
  for (const json& seat : free_view.at("seats")) {
    EXPECT_EQ(seat.at("deadline"), nullptr);
    EXPECT_EQ(seat.at("remaining_s"), nullptr);
  }
}

TEST(ClockDeadline, MoveOneSecondBeforeIsAcceptedOneSecondAfterForfeitsOnce) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "edge");
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_clocked(c, p, kOneDay);
  json view = game(c, id, p[0]);
  const int first = seat_to_move(view);
  EXPECT_EQ(view.at("seats").at(first).at("deadline"), "2026-03-03T12:00:00.000000Z");
  clock.set(t0 + 24h - 1s);
  const Account& on_time = view.at("to_move").at(0) == p[0].username ? p[0] : p[1];
  const httplib::Headers key = {{"Idempotency-Key", "edge-" + id}};
  const Reply made =
      c.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}}, on_time.token, key);
  ASSERT_EQ(made.status, 201) << made.text;
  view = game(c, id, p[0]);
  const int second = seat_to_move(view);
  EXPECT_EQ(view.at("seats").at(second).at("deadline"), "2026-03-04T11:59:59.000000Z");
  // The answer (and its replay) carries the deadlines the move produced.
  EXPECT_EQ(made.body.at("game").at("seats").at(second).at("deadline"),
            "2026-03-04T11:59:59.000000Z");
  EXPECT_EQ(made.body.at("game").at("seats").at(second).at("remaining_s"), 86400);
  EXPECT_EQ(made.body.at("game").at("seats").at(first).at("deadline"), nullptr);
  const Reply replay =
      c.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}}, on_time.token, key);
  EXPECT_EQ(replay.status, 201);
  EXPECT_EQ(replay.text, made.text);
  {
    pqxx::connection conn(database_url());
    pqxx::nontransaction tx(conn);
    const auto r = tx.exec_params(
        "SELECT payload->'deadlines'->>$2::int, payload->'deadlines'->>$3::int FROM game_events "
        "WHERE game_id = $1 AND kind = 'move' AND ply = 1",
        std::stoll(id), second, first);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(std::string(r[0][0].c_str()), "2026-03-04T11:59:59.000000Z");
    EXPECT_TRUE(r[0][1].is_null());
  }
  EXPECT_EQ(view.at("seats").at(first).at("deadline"), nullptr);
  EXPECT_EQ(list_key_matches_deadline(id, second), true);
  clock.set(at("2026-03-04T11:59:59Z") + 1s);
  const Account& late = view.at("to_move").at(0) == p[0].username ? p[0] : p[1];
  const Reply r = c.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 1}}, late.token);
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(r.body.value("code", ""), "time_expired");
  EXPECT_EQ(r.body.at("current").at("status"), "finished");
  view = game(c, id, p[0]);
  EXPECT_EQ(view.at("status"), "finished");
  EXPECT_EQ(view.at("result").at("summary"), late.username + " lost on time");
  EXPECT_EQ(view.at("moves").size(), 2u);
  EXPECT_EQ(view.at("moves").at(1).at("record"), "resign " + std::to_string(second));
  EXPECT_EQ(event_count(id, "timeout"), 1);
  EXPECT_EQ(event_count(id, "game_finished"), 1);
  // Nothing left for the sweeper, and a second late move changes nothing.
  s.service().sweeper.sweep_at(clock.now());
  EXPECT_EQ(event_count(id, "timeout"), 1);
  EXPECT_EQ(c.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 1}}, late.token).status,
            409);
  EXPECT_EQ(event_count(id, "timeout"), 1);
}

}  // namespace

namespace {

// The seat of `player` in game `id` is to move (the opponent moves once if needed).
void make_to_move(Client& c, const std::string& id, const std::vector<Account>& p,
                  const Account& player) {
  if (seat_to_move(game(c, id, player)) != seat_of(game(c, id, player), player)) {
    ASSERT_EQ(move(c, id, p), 201);
  }
}

TEST(ClockVacation, FreezesExactlyInEveryGameThatAllowsIt) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "vac", 1);
  auto& [t0, clock, s, c, p] = world;
  const Account a = p[0];
  std::vector<std::string> frozen, running;
  for (int i = 0; i < 3; ++i) {
    const std::vector<Account> pair = {a, make_account(c, "vacop")};
    const json clock_json =
        i < 2 ? json{{"days_per_move", 5}} : json{{"days_per_move", 5}, {"vacation", false}};
    const std::string id = start_clocked(c, pair, clock_json);
    make_to_move(c, id, pair, a);
    (i < 2 ? frozen : running).push_back(id);
  }
  const auto deadline = [&](const std::string& id) {
    const json v = game(c, id, a);
    return v.at("seats").at(seat_of(v, a)).at("deadline").get<std::string>();
  };
  std::map<std::string, TimePoint> before;
  for (const auto& id : frozen) before[id] = at(deadline(id));
  for (const auto& id : running) before[id] = at(deadline(id));
  clock.set(t0 + 24h);
  const Reply started = c.post("/v1/me/vacation", {{"days", 10}}, a.token);
  ASSERT_EQ(started.status, 201) << started.text;
  EXPECT_EQ(started.header("Location"), "/v1/me/vacation");
  EXPECT_EQ(started.body.at("on_vacation"), true);
  EXPECT_DOUBLE_EQ(started.body.at("remaining_days").get<double>(), 20.0);
  EXPECT_EQ(c.post("/v1/me/vacation", {{"days", 1}}, a.token).body.at("code"),
            "already_on_vacation");
  for (const auto& id : frozen) EXPECT_EQ(at(deadline(id)), before[id] + 10 * 24h) << id;
  for (const auto& id : running) EXPECT_EQ(at(deadline(id)), before[id]) << id;
  // Stopped after 3 days: frozen exactly 3 days, 27 days of allowance left.
  clock.set(t0 + 4 * 24h);
  const Reply stopped = c.post("/v1/me/vacation/stop", json::object(), a.token);
  ASSERT_EQ(stopped.status, 200) << stopped.text;
  EXPECT_EQ(stopped.body.at("on_vacation"), false);
  EXPECT_NEAR(stopped.body.at("remaining_days").get<double>(), 27.0, 1e-9);
  for (const auto& id : frozen) EXPECT_EQ(at(deadline(id)), before[id] + 3 * 24h) << id;
  EXPECT_EQ(global_events("vacation_started"), 1);
  EXPECT_EQ(global_events("vacation_ended"), 1);
  // More than is left is refused; all that is left is granted.
  EXPECT_EQ(c.post("/v1/me/vacation", {{"days", 28}}, a.token).body.at("code"),
            "vacation_allowance_exceeded");
  EXPECT_EQ(c.post("/v1/me/vacation", json::object(), a.token).status, 201);
  EXPECT_NEAR(c.get("/v1/me/vacation", a.token).body.at("remaining_days").get<double>(), 0, 1e-9);
  // It runs out by itself: the sweeper reports it once.
  clock.set(t0 + 40 * 24h);
  EXPECT_EQ(s.service().sweeper.sweep_at(clock.now()).vacations_ended, 1);
  EXPECT_EQ(s.service().sweeper.sweep_at(clock.now()).vacations_ended, 0);
}

// Friday 22:00 UTC is Friday 23:00 in Berlin and Saturday 07:00 in Tokyo: with weekends off and
// one day per move, Berlin's clock runs 1 h on Friday and 23 h on Monday, Tokyo's from Monday.
TEST(ClockWeekends, CountedInEachPlayersTimeZone) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-11-27T22:00:00Z", "berlin");
  auto& [t0, clock, s, c, p] = world;
  set_time_zone(c, p[0], "Europe/Berlin");
  set_time_zone(c, p[1], "Asia/Tokyo");
  EXPECT_EQ(c.patch("/v1/me", {{"time_zone", "Mars/Olympus"}}, p[0].token).body.at("code"),
            "invalid_time_zone");
  const std::map<std::string, std::string> friday = {
      {p[0].username, "2026-11-30T22:00:00.000000Z"},
      {p[1].username, "2026-11-30T15:00:00.000000Z"}};
  const std::map<std::string, std::string> saturday = {
      {p[0].username, "2026-11-30T23:00:00.000000Z"},
      {p[1].username, "2026-11-30T15:00:00.000000Z"}};
  const std::string id = start_clocked(c, p, {{"days_per_move", 1}, {"weekends_off", true}});
  json view = game(c, id, p[0]);
  std::string first = view.at("to_move").at(0);
  EXPECT_EQ(view.at("seats").at(seat_to_move(view)).at("deadline"), friday.at(first));
  // The first player moves on Saturday 10:00 UTC; the other's clock starts on their Monday.
  clock.set(at("2026-11-28T10:00:00Z"));
  ASSERT_EQ(move(c, id, p), 201);
  view = game(c, id, p[0]);
  const std::string second = view.at("to_move").at(0);
  ASSERT_NE(first, second);
  EXPECT_EQ(view.at("seats").at(seat_to_move(view)).at("deadline"), saturday.at(second));
  EXPECT_EQ(view.at("seats").at(seat_to_move(view)).at("remaining_s"), 86400);
  // Moving to the other zone on Sunday 12:00 UTC lays the running clock out again there.
  clock.set(at("2026-11-29T12:00:00Z"));
  const Account& waiting = second == p[0].username ? p[0] : p[1];
  set_time_zone(c, waiting, second == p[0].username ? "Asia/Tokyo" : "Europe/Berlin");
  view = game(c, id, p[0]);
  EXPECT_EQ(
      view.at("seats").at(seat_to_move(view)).at("deadline"),
      second == p[0].username ? "2026-11-30T15:00:00.000000Z" : "2026-11-30T23:00:00.000000Z");
  EXPECT_TRUE(list_key_matches_deadline(id, seat_to_move(view)));
}

// 3 days from Saturday 24 October 2026 12:00 in Berlin (CEST) end on Tuesday 12:00 (CET): 73 h.
TEST(ClockDst, WholeDaysSurviveTheChange) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-10-24T10:00:00Z", "dst");
  auto& [t0, clock, s, c, p] = world;
  for (const auto& a : p) set_time_zone(c, a, "Europe/Berlin");
  const std::string id = start_clocked(c, p, {{"days_per_move", 3}});
  const json view = game(c, id, p[0]);
  EXPECT_EQ(view.at("seats").at(seat_to_move(view)).at("deadline"), "2026-10-27T11:00:00.000000Z");
  clock.set(at("2026-10-27T10:59:59Z"));
  s.service().sweeper.sweep_at(clock.now());
  EXPECT_EQ(game(c, id, p[0]).at("status"), "active");
  clock.set(at("2026-10-27T11:00:00Z"));
  s.service().sweeper.sweep_at(clock.now());
  EXPECT_EQ(game(c, id, p[0]).at("status"), "finished");
  EXPECT_EQ(event_count(id, "timeout"), 1);
}

TEST(ClockPause, AdminPausesAndResumesEveryClock) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "pause");
  auto& [t0, clock, s, c, p] = world;
  const auto admin =
      api::create_account(s.service(), "clockadmin" + std::to_string(getpid() % 1000),
                          "admin@example.test", "correct horse admin", false, true);
  const std::string id = start_clocked(c, p, {{"days_per_move", 2}});
  const int mover = seat_to_move(game(c, id, p[0]));
  const TimePoint before = at(deadline_of(id, mover));
  EXPECT_EQ(c.post("/v1/admin/clocks", {{"paused", true}}, p[0].token).status, 403);
  clock.set(t0 + 24h);
  ASSERT_EQ(c.post("/v1/admin/clocks", {{"paused", true}}, *admin.token).body.at("changed"), true);
  EXPECT_EQ(deadline_of(id, mover), "");
  EXPECT_EQ(c.get("/v1/admin/clocks", *admin.token).body.at("paused"), true);
  clock.set(t0 + 6 * 24h);  // past the old deadline: nothing happens while paused
  s.service().sweeper.sweep_at(clock.now());
  EXPECT_EQ(event_count(id, "timeout"), 0);
  ASSERT_EQ(c.post("/v1/admin/clocks", {{"paused", false}}, *admin.token).body.at("changed"), true);
  EXPECT_EQ(at(deadline_of(id, mover)), before + 5 * 24h);
  EXPECT_EQ(global_events("clocks_paused"), 1);
  EXPECT_EQ(global_events("clocks_resumed"), 1);
}

// Stop the service, let 3 days pass, start it again: the outage check extends every running
// deadline by the gap before any sweep, so nobody loses on time.
TEST(ClockOutage, RestartAfterThreeDaysExtendsDeadlinesAndForfeitsNobody) {
  SVC_REQUIRE_DB();
  const TimePoint t0 = at("2026-03-02T12:00:00Z");
  hxclock::ManualClock clock(t0);
  std::string id;
  int mover = 0;
  TimePoint before;
  std::vector<Account> p;
  {
    ClockedServer s(clock);
    p = {make_account(*s.client, "outage"), make_account(*s.client, "outage")};
    id = start_clocked(*s.client, p, {{"days_per_move", 2}});
    mover = seat_to_move(game(*s.client, id, p[0]));
    before = at(deadline_of(id, mover));
    storage::ConnectionPool pool(database_url(), 1, std::chrono::milliseconds(2000));
    storage::InstanceRepository instances(pool, clock);
    instances.register_start("clock-outage-test");
    clock.advance(12h);
    ASSERT_TRUE(instances.beat("clock-outage-test"));  // the last beat before the outage
  }
  clock.advance(3 * 24h);
  ClockedServer s(clock);
  auto outage = s.service().clocks.check_outage("clock-outage-test", text(clock.now()), 600);
  ASSERT_TRUE(outage.has_value());
  EXPECT_DOUBLE_EQ(outage->extended_by_s, 3 * 86400.0);
  EXPECT_GE(outage->seats, 1);
  EXPECT_EQ(at(deadline_of(id, mover)), before + 3 * 24h);
  s.service().sweeper.sweep_at(clock.now());
  EXPECT_EQ(event_count(id, "timeout"), 0);
  EXPECT_EQ(game(*s.client, id, p[0]).at("status"), "active");
  EXPECT_EQ(global_events("outage"), 1);
  // A second start right after is no outage.
  EXPECT_FALSE(s.service().clocks.check_outage("clock-outage-2", text(clock.now()), 600));
}

TEST(ClockReminders, FireOnceEachAtTheirFractions) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "remind");
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_clocked(*s.client, p, kOneDay);
  auto& sweeper = s.service().sweeper;
  const std::vector<std::pair<std::chrono::minutes, int>> steps = {
      {0min, 0},        {11h + 59min, 0}, {12h, 1}, {13h, 0},
      {19h + 12min, 1}, {20h, 0},         {23h, 1}, {23h + 30min, 0}};
  long long sent = 0;
  for (const auto& [offset, expected] : steps) {
    clock.set(t0 + offset);
    sweeper.sweep_at(clock.now());
    sent += expected;
    EXPECT_EQ(event_count(id, "reminder"), sent) << offset.count() << " min";
  }
  pqxx::connection conn(database_url());
  pqxx::nontransaction tx(conn);
  const auto r = tx.exec_params(
      "SELECT (payload->>'fraction')::float8, recipients = ARRAY[(SELECT account_id FROM "
      "game_seats WHERE game_id = $1 AND list_rank = 0)] FROM game_events WHERE game_id = $1 AND "
      "kind = 'reminder' ORDER BY id",
      std::stoll(id));
  ASSERT_EQ(r.size(), 3u);
  EXPECT_DOUBLE_EQ(r[0][0].as<double>(), 0.5);
  EXPECT_DOUBLE_EQ(r[1][0].as<double>(), 0.8);
  EXPECT_DOUBLE_EQ(r[2][0].as<double>(), 0.95);
  for (const auto& row : r) EXPECT_TRUE(row[1].as<bool>());
  // A move starts a new turn: its reminders start again.
  ASSERT_EQ(move(*s.client, id, p), 201);
  clock.set(t0 + 23h + 30min + 12h);
  sweeper.sweep_at(clock.now());
  EXPECT_EQ(event_count(id, "reminder"), 4);
}

TEST(ClockDeadGames, AbandonedGamesEndByThemselves) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "dead");
  auto& [t0, clock, s, c, p] = world;
  const std::string clocked = start_clocked(c, p, {{"days_per_move", 3}});
  const std::string unclocked = start_clocked(c, p, json{{"type", "none"}});
  clock.set(t0 + 3 * 7 * 24h);  // three weeks
  auto report = s.service().sweeper.sweep_at(clock.now());
  EXPECT_GE(report.timeouts, 1);  // other tests' games share the database
  EXPECT_EQ(game(c, clocked, p[0]).at("status"), "finished");
  EXPECT_EQ(event_count(clocked, "timeout"), 1);
  EXPECT_EQ(game(c, unclocked, p[0]).at("status"), "active");
  clock.set(t0 + 90 * 24h);  // HEXPOST_DEAD_GAME_DAYS (90) without any change
  report = s.service().sweeper.sweep_at(clock.now());
  EXPECT_GE(report.dead_games, 1);
  const json view = game(c, unclocked, p[0]);
  EXPECT_EQ(view.at("status"), "aborted");
  EXPECT_EQ(view.at("result").at("summary"), "aborted: no move for 90 days");
  EXPECT_EQ(event_count(unclocked, "game_aborted"), 1);
  s.service().sweeper.sweep_at(clock.now());
  EXPECT_EQ(event_count(unclocked, "game_aborted"), 1);
}

// Three players: the one who runs out resigns by the rules and the other two play on.
TEST(ClockTimeout, MultiPlayerGamesGoOnWithoutTheSeatThatRanOut) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "three", 3);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_clocked(c, p, kOneDay);
  const int late = seat_to_move(game(c, id, p[0]));
  clock.set(t0 + 24h + 1s);
  EXPECT_GE(s.service().sweeper.sweep_at(clock.now()).timeouts, 1);
  const json view = game(c, id, p[0]);
  EXPECT_EQ(view.at("status"), "active");
  EXPECT_EQ(view.at("moves").at(0).at("record"), "resign " + std::to_string(late));
  const int next = seat_to_move(view);
  EXPECT_NE(next, late);
  EXPECT_EQ(view.at("seats").at(next).at("deadline"), "2026-03-04T12:00:01.000000Z");
  EXPECT_EQ(event_count(id, "timeout"), 1);
  EXPECT_EQ(event_count(id, "game_finished"), 0);
}

TEST(ClockBank, FischerIncrementUpToTheCap) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "bank");
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_clocked(
      c, p, {{"bank", {{"initial_days", 3}, {"increment_days", 1}, {"max_days", 4}}}});
  const int first = seat_to_move(game(c, id, p[0]));
  clock.set(t0 + 12h);
  ASSERT_EQ(move(c, id, p), 201);  // 2.5 days left + 1 = 3.5 days banked
  json view = game(c, id, p[0]);
  EXPECT_EQ(view.at("seats").at(first).at("remaining_s"), 3 * 86400 + 43200);
  EXPECT_EQ(view.at("seats").at(first).at("deadline"), nullptr);
  clock.set(t0 + 13h);
  ASSERT_EQ(move(c, id, p), 201);  // the other: 3 days - 1 h + 1 day
  view = game(c, id, p[0]);
  EXPECT_EQ(view.at("seats").at(1 - first).at("remaining_s"), 4 * 86400 - 3600);
  EXPECT_EQ(view.at("seats").at(first).at("deadline"), "2026-03-06T13:00:00.000000Z");
  ASSERT_EQ(move(c, id, p), 201);  // at once: 3.5 days + 1 day, capped at 4 days
  EXPECT_EQ(game(c, id, p[0]).at("seats").at(first).at("remaining_s"), 4 * 86400);
}

}  // namespace

namespace {

// "My turn, most urgent first": games to move sort by deadline, unclocked ones after them.
TEST(ClockLists, MyTurnIsOrderedByDeadline) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-03-02T12:00:00Z", "list", 1);
  auto& [t0, clock, s, c, p] = world;
  const Account me = p[0];
  std::vector<std::string> ids;
  for (const json& tc : {json{{"days_per_move", 5}}, json{{"type", "none"}},
                         json{{"days_per_move", 2}}, json{{"days_per_move", 9}}}) {
    const std::vector<Account> pair = {me, make_account(c, "listop")};
    ids.push_back(start_clocked(c, pair, tc));
    clock.advance(1h);
    make_to_move(c, ids.back(), pair, me);
  }
  const Reply r = c.get("/v1/me/games?turn=mine", me.token);
  ASSERT_EQ(r.status, 200);
  std::vector<std::string> order;
  for (const json& g : r.body.at("games")) order.push_back(g.at("id"));
  EXPECT_EQ(order, (std::vector<std::string>{ids[2], ids[0], ids[3], ids[1]}));
}

}  // namespace

namespace {

// HEXPOST_AUTO_VACATION: a flag fall takes a day of vacation while a whole day is left; a move
// after the deadline then goes through; with the allowance spent the flag fall loses.
TEST(ClockAutoVacation, FlagFallTakesADayWhileTheAllowanceLasts) {
  SVC_REQUIRE_DB();
  const TimePoint t0 = at("2026-03-02T12:00:00Z");
  hxclock::ManualClock clock(t0);
  api::GameServiceOptions options = test_options();
  options.clocks.auto_vacation = true;
  options.clocks.vacation_days_per_year = 1.5;
  ClockedServer s(clock, options);
  Client& c = *s.client;
  std::vector<Account> p = {make_account(c, "auto"), make_account(c, "auto")};
  const std::string id = start_clocked(c, p, {{"days_per_move", 1}});
  const json start = game(c, id, p[0]);
  const int first = seat_to_move(start);
  const Account& late = start.at("to_move").at(0) == p[0].username ? p[0] : p[1];
  clock.set(t0 + 24h + 1s);
  ASSERT_EQ(move(c, id, p), 201);  // the flag fell, a vacation day was taken, the move counts
  EXPECT_EQ(s.service().play.auto_vacations(), 1);
  EXPECT_EQ(event_count(id, "timeout"), 0);
  EXPECT_DOUBLE_EQ(c.get("/v1/me/vacation", late.token).body.at("used_days").get<double>(), 1.0);
  // The other player: the sweeper finds the flag fall, a day is taken; then only half a day is
  // left, so the next flag fall loses.
  const int second = 1 - first;
  clock.set(t0 + 48h + 2s);
  s.service().sweeper.sweep_at(clock.now());  // (other tests' games may share the database)
  EXPECT_GE(s.service().play.auto_vacations(), 2);
  EXPECT_EQ(event_count(id, "timeout"), 0);
  EXPECT_EQ(at(deadline_of(id, second)), t0 + 72h + 2s);
  clock.set(t0 + 72h + 2s);
  s.service().sweeper.sweep_at(clock.now());
  EXPECT_EQ(event_count(id, "timeout"), 1);
  EXPECT_EQ(game(c, id, p[0]).at("status"), "finished");
}

}  // namespace
