// Leaving a multi-player game (docs/game-service.md, "Leaving a game"): the request, the vote,
// the replacement's acceptance, the handover entry in the hash chain, the resignation when the
// vote fails or the deadline passes, and the ratings. Real PostgreSQL, REST, a ManualClock.
#include <gtest/gtest.h>

#include <algorithm>

#include "lib/fairness/fairness.h"
#include "tests/services/game/clock_support.h"

namespace {

using namespace clocktest;

const json kThreeDays = {{"days_per_move", 3}};

// A counting game of p[0..seats-1] with this clock; `rated` makes it a rated challenge.
std::string start_seated(Client& c, const std::vector<Account>& p, int seats, bool rated = false) {
  const std::vector<Account> players(p.begin(), p.begin() + seats);
  if (!rated) return start_clocked(c, players, kThreeDays);
  json opponents = json::array();
  for (int i = 1; i < seats; ++i) opponents.push_back(p[i].username);
  const Reply ch = c.post("/v1/challenges",
                          {{"game", "counting"},
                           {"players", seats},
                           {"opponents", opponents},
                           {"options", {{"target", 100000}}},
                           {"rated", true},
                           {"clock", kThreeDays}},
                          p[0].token);
  Reply a;
  for (int i = 1; i < seats; ++i) {
    a = c.post("/v1/challenges/" + ch.body.at("id").get<std::string>() + "/accept", json::object(),
               p[i].token);
  }
  return a.body.at("game_id").get<std::string>();
}

const Account& holder(const json& view, int seat, const std::vector<Account>& p) {
  const std::string name = view.at("seats").at(seat).at("username");
  return *std::find_if(p.begin(), p.end(), [&](const Account& a) { return a.username == name; });
}

Reply leave(Client& c, const std::string& id, const Account& who, const std::string& replacement) {
  return c.post("/v1/games/" + id + "/leave",
                replacement.empty() ? json::object() : json{{"replacement", replacement}},
                who.token);
}

Reply vote(Client& c, const std::string& id, const Account& who, bool approve) {
  return c.post("/v1/games/" + id + "/leave/vote", {{"approve", approve}}, who.token);
}

Reply accept(Client& c, const std::string& id, const Account& who) {
  return c.post("/v1/games/" + id + "/leave/accept", json::object(), who.token);
}

// The other seated accounts, seat order.
std::vector<Account> voters(const json& view, int leaver, const std::vector<Account>& p) {
  std::vector<Account> out;
  for (const auto& seat : view.at("seats")) {
    if (seat.at("seat") != leaver) out.push_back(holder(view, seat.at("seat"), p));
  }
  return out;
}

std::string last_record(const json& view) { return view.at("moves").back().at("record"); }

// The fairness data's hash chain, recomputed from the commitment, matches every stored hash.
void expect_chain_verifies(Client& c, const std::string& id, const Account& viewer) {
  const json fair = c.get("/v1/games/" + id + "/fairness", viewer.token).body;
  std::string previous = fair.at("commitment");
  const json hashes = fair.at("move_hashes");
  const json draws = fair.at("draws");
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    const std::string expected = fairness::move_hash(previous, hashes[i].at("ply").get<int>(),
                                                     hashes[i].at("record").get<std::string>(),
                                                     draws[i + 1].at("draws").get<std::string>());
    EXPECT_EQ(hashes[i].at("hash"), expected) << "ply " << hashes[i].at("ply");
    previous = expected;
  }
}

TEST(SeatReplacement, VotePassesAndTheReplacementAcceptsTheSeatIsHandedOver) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "sr", 5);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_seated(c, p, 4);
  clock.set(t0 + 1h);
  ASSERT_EQ(move(c, id, p), 201);
  clock.set(t0 + 2h);
  const json before = game(c, id, p[0]);
  const int seat = seat_to_move(before);
  const Account leaver = holder(before, seat, p);
  const Account& newcomer = p[4];

  const Reply asked = leave(c, id, leaver, newcomer.username);
  ASSERT_EQ(asked.status, 200) << asked.text;
  const json request = asked.body.at("leave_request");
  EXPECT_EQ(request.at("status"), "pending");
  EXPECT_EQ(request.at("seat"), seat);
  EXPECT_EQ(request.at("leaver"), leaver.username);
  EXPECT_EQ(request.at("replacement"), newcomer.username);
  EXPECT_EQ(request.at("voters").size(), 3u);
  EXPECT_EQ(request.at("deadline"), "2026-05-06T12:00:00.000000Z");  // 2 days after the request
  EXPECT_EQ(game(c, id, p[0]).at("leave_request").at("status"), "pending");
  EXPECT_EQ(event_count(id, "leave_requested"), 1);

  const std::vector<Account> others = voters(before, seat, p);
  const Reply accepted = accept(c, id, newcomer);
  ASSERT_EQ(accepted.status, 200) << accepted.text;
  EXPECT_EQ(accepted.body.at("leave_request").at("accepted"), true);
  EXPECT_EQ(vote(c, id, others[0], true).body.at("leave_request").at("status"), "pending");
  EXPECT_EQ(vote(c, id, others[1], true).body.at("leave_request").at("status"), "pending");
  const Reply last = vote(c, id, others[2], true);
  ASSERT_EQ(last.status, 200) << last.text;
  EXPECT_EQ(last.body.at("leave_request").at("status"), "handed_over");

  const json after = game(c, id, newcomer);
  EXPECT_EQ(after.at("seats").at(seat).at("username"), newcomer.username);
  EXPECT_EQ(after.at("your_seat"), seat);
  EXPECT_EQ(after.at("ply"), before.at("ply").get<int>() + 1);
  EXPECT_EQ(last_record(after), "handover " + std::to_string(seat) + " " + newcomer.username);
  EXPECT_EQ(after.at("moves").at(0).at("username"), before.at("moves").at(0).at("username"));
  EXPECT_EQ(after.at("seats").at(seat).at("deadline"), before.at("seats").at(seat).at("deadline"));
  EXPECT_EQ(after.at("leave_request"), nullptr);
  EXPECT_EQ(after.at("status"), "active");
  EXPECT_EQ(event_count(id, "seat_replaced"), 1);
  // The replacement heard of both in its inbox, newest first.
  const json inbox = c.get("/v1/me/events", newcomer.token).body.at("events");
  ASSERT_EQ(inbox.size(), 2u) << inbox.dump();
  EXPECT_EQ(inbox.at(0).at("kind"), "seat_replaced");
  // ... and, being to move, the handover is its turn (as a move event would be).
  EXPECT_EQ(inbox.at(0).at("type"), "your_turn");
  EXPECT_EQ(inbox.at(0).at("your_turn").at("seat"), seat);
  EXPECT_EQ(inbox.at(0).at("your_turn").at("ply"), after.at("ply"));
  EXPECT_EQ(inbox.at(0).at("payload").at("to"), newcomer.username);
  EXPECT_EQ(inbox.at(1).at("kind"), "leave_requested");

  // The replacement moves next, on the seat's clock; the leaver has no seat any more.
  EXPECT_EQ(
      c.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", after.at("ply")}}, leaver.token)
          .status,
      403);
  const Reply moved = c.post("/v1/games/" + id + "/moves",
                             {{"move", "1"}, {"ply", after.at("ply")}}, newcomer.token);
  ASSERT_EQ(moved.status, 201) << moved.text;
  expect_chain_verifies(c, id, p[0]);
}

TEST(SeatReplacement, ANoVoteMakesTheLeaverResign) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "sn", 5);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_seated(c, p, 4);
  const json before = game(c, id, p[0]);
  const int seat = seat_of(before, p[1]);
  ASSERT_EQ(leave(c, id, p[1], p[4].username).status, 200);
  ASSERT_EQ(accept(c, id, p[4]).status, 200);
  const Reply no = vote(c, id, voters(before, seat, p)[0], false);
  ASSERT_EQ(no.status, 200) << no.text;
  EXPECT_EQ(no.body.at("leave_request").at("status"), "resigned");
  const json after = game(c, id, p[0]);
  EXPECT_EQ(last_record(after), "resign " + std::to_string(seat));
  EXPECT_EQ(after.at("seats").at(seat).at("username"), p[1].username);
  EXPECT_EQ(after.at("status"), "active");  // three players go on
  EXPECT_EQ(after.at("leave_request"), nullptr);
  EXPECT_EQ(event_count(id, "seat_replaced"), 0);
  expect_chain_verifies(c, id, p[0]);
}

TEST(SeatReplacement, TheDeadlinePassingWithoutAcceptanceIsAResignation) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "sd", 5);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_seated(c, p, 4);
  const json before = game(c, id, p[0]);
  const int seat = seat_of(before, p[2]);
  ASSERT_EQ(leave(c, id, p[2], p[4].username).status, 200);
  for (const Account& v : voters(before, seat, p)) ASSERT_EQ(vote(c, id, v, true).status, 200);
  EXPECT_EQ(game(c, id, p[0]).at("leave_request").at("status"), "pending");  // not accepted

  clock.set(t0 + std::chrono::hours(48) - 1s);
  EXPECT_EQ(s.service().sweeper.sweep_once().leave_requests, 0);
  clock.set(t0 + std::chrono::hours(48));
  EXPECT_EQ(s.service().sweeper.sweep_once().leave_requests, 1);
  const json after = game(c, id, p[0]);
  EXPECT_EQ(last_record(after), "resign " + std::to_string(seat));
  EXPECT_EQ(after.at("leave_request"), nullptr);
  EXPECT_EQ(accept(c, id, p[4]).body.value("code", ""), "no_leave_request");
}

// Three voters or more: silence is consent at the deadline.
TEST(SeatReplacement, WithThreeVotersNoVoteCountsAsYesAtTheDeadline) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "ss", 5);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_seated(c, p, 4);
  const int seat = seat_of(game(c, id, p[0]), p[3]);
  ASSERT_EQ(leave(c, id, p[3], p[4].username).status, 200);
  ASSERT_EQ(accept(c, id, p[4]).status, 200);
  clock.set(t0 + std::chrono::hours(48));
  EXPECT_EQ(s.service().sweeper.sweep_once().leave_requests, 1);
  const json after = game(c, id, p[4]);
  EXPECT_EQ(after.at("your_seat"), seat);
  EXPECT_EQ(last_record(after), "handover " + std::to_string(seat) + " " + p[4].username);
}

// "If the resignation will leave only two players, both players must agree."
TEST(SeatReplacement, WithTwoPlayersLeftBothMustAgree) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "s2", 4);
  auto& [t0, clock, s, c, p] = world;
  // One of the two says yes, the other says nothing: at the deadline the leaver resigns.
  const std::string silent = start_seated(c, p, 3);
  const json view = game(c, silent, p[0]);
  const std::vector<Account> two = voters(view, seat_of(view, p[0]), p);
  ASSERT_EQ(leave(c, silent, p[0], p[3].username).status, 200);
  ASSERT_EQ(accept(c, silent, p[3]).status, 200);
  ASSERT_EQ(vote(c, silent, two[0], true).status, 200);
  clock.set(t0 + std::chrono::hours(48));
  EXPECT_EQ(s.service().sweeper.sweep_once().leave_requests, 1);
  EXPECT_EQ(last_record(game(c, silent, p[1])), "resign " + std::to_string(seat_of(view, p[0])));
  // Both say yes: the seat passes at once.
  const std::string agreed = start_seated(c, p, 3);
  const json fresh = game(c, agreed, p[0]);
  ASSERT_EQ(leave(c, agreed, p[0], p[3].username).status, 200);
  ASSERT_EQ(accept(c, agreed, p[3]).status, 200);
  const std::vector<Account> both = voters(fresh, seat_of(fresh, p[0]), p);
  EXPECT_EQ(vote(c, agreed, both[0], true).body.at("leave_request").at("status"), "pending");
  EXPECT_EQ(vote(c, agreed, both[1], true).body.at("leave_request").at("status"), "handed_over");
}

// "If the Resignation will leave a single player, that player may opt to refuse the Resignation
// in favor of Concession": the last opponent says no, and the leaver's resignation ends the game.
TEST(SeatReplacement, TheLastOpponentMayRefuseInFavourOfAConcession) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "s1", 4);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_seated(c, p, 3);
  ASSERT_EQ(c.post("/v1/games/" + id + "/resign", json::object(), p[2].token).status, 200);
  const Reply asked = leave(c, id, p[0], p[3].username);
  ASSERT_EQ(asked.status, 200) << asked.text;
  EXPECT_EQ(asked.body.at("leave_request").at("voters"),
            json::array({seat_of(game(c, id, p[1]), p[1])}));
  const Reply refused = vote(c, id, p[1], false);
  ASSERT_EQ(refused.status, 200) << refused.text;
  EXPECT_EQ(refused.body.at("leave_request").at("status"), "resigned");
  const json over = game(c, id, p[1]);
  EXPECT_EQ(over.at("status"), "finished");
  EXPECT_EQ(over.at("seats").at(seat_of(over, p[1])).at("placement"), 1);
}

TEST(SeatReplacement, RefusalsSayWhyAndChangeNothing) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "sx", 5);
  auto& [t0, clock, s, c, p] = world;
  const std::string duel = start_seated(c, p, 2);
  const Reply two = leave(c, duel, p[0], p[4].username);
  EXPECT_EQ(two.status, 422);
  EXPECT_EQ(two.body.value("code", ""), "leave_not_allowed");
  EXPECT_EQ(two.header("Content-Type"), "application/problem+json");

  const std::string id = start_seated(c, p, 4);
  const long long version = game(c, id, p[0]).at("version");
  EXPECT_EQ(leave(c, id, p[4], p[3].username).status, 403);
  const Reply seated = leave(c, id, p[0], p[1].username);
  EXPECT_EQ(seated.status, 422);
  EXPECT_EQ(seated.body.value("code", ""), "invalid_replacement");
  const Reply unknown = leave(c, id, p[0], "nobody_here");
  EXPECT_EQ(unknown.status, 422);
  EXPECT_EQ(unknown.body.value("code", ""), "unknown_user");
  EXPECT_EQ(vote(c, id, p[1], true).body.value("code", ""), "no_leave_request");
  EXPECT_EQ(game(c, id, p[0]).at("version"), version);  // nothing changed

  ASSERT_EQ(leave(c, id, p[0], p[4].username).status, 200);
  const Reply again = leave(c, id, p[1], p[4].username);
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body.value("code", ""), "leave_pending");
  EXPECT_EQ(vote(c, id, p[0], true).body.value("code", ""), "not_a_voter");
  EXPECT_EQ(vote(c, id, p[0], true).status, 403);
  EXPECT_EQ(accept(c, id, p[1]).body.value("code", ""), "not_the_replacement");
  const Reply missing = c.post("/v1/games/" + id + "/leave/vote", json::object(), p[1].token);
  EXPECT_EQ(missing.status, 400);
  EXPECT_EQ(missing.body.value("field", ""), "approve");
  ASSERT_EQ(vote(c, id, p[1], true).status, 200);
  const Reply twice = vote(c, id, p[1], false);
  EXPECT_EQ(twice.status, 409);
  EXPECT_EQ(twice.body.value("code", ""), "already_voted");
  EXPECT_EQ(game(c, id, p[0]).at("leave_request").at("approvals").size(), 1u);
}

// Leaving without naming a replacement is the rules' resignation, at once.
TEST(SeatReplacement, NoReplacementNamedIsAResignationAtOnce) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "so", 4);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_seated(c, p, 4);
  const int seat = seat_of(game(c, id, p[0]), p[2]);
  const Reply r = leave(c, id, p[2], "");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body.at("leave_request").at("status"), "resigned");
  EXPECT_EQ(r.body.at("leave_request").at("replacement"), nullptr);
  EXPECT_EQ(last_record(game(c, id, p[0])), "resign " + std::to_string(seat));
}

// The leaver is rated for the game as a resignation (placed after every seat still in the game
// when they left); the replacement is not rated for it.
TEST(SeatReplacement, TheLeaverIsRatedAsAResignationAndTheReplacementIsNotRated) {
  SVC_REQUIRE_DB();
  ClockWorld world("2026-05-04T10:00:00Z", "sg", 5);
  auto& [t0, clock, s, c, p] = world;
  const std::string id = start_seated(c, p, 4, true);
  const json before = game(c, id, p[0]);
  const int seat = seat_of(before, p[0]);
  ASSERT_EQ(leave(c, id, p[0], p[4].username).status, 200);
  ASSERT_EQ(accept(c, id, p[4]).status, 200);
  for (const Account& v : voters(before, seat, p)) ASSERT_EQ(vote(c, id, v, true).status, 200);
  // The replacement wins: the three others resign.
  for (const Account& v : voters(before, seat, p)) {
    ASSERT_EQ(c.post("/v1/games/" + id + "/resign", json::object(), v.token).status, 200);
  }
  const json over = game(c, id, p[4]);
  ASSERT_EQ(over.at("status"), "finished");
  EXPECT_EQ(over.at("seats").at(seat).at("placement"), 1);
  s.service().competition.run_once();
  const json rated = game(c, id, p[1]);
  ASSERT_EQ(rated.at("rating_changes").size(), 4u) << rated.dump();
  for (const auto& change : rated.at("rating_changes")) {
    EXPECT_NE(change.at("username"), p[4].username);
    if (change.at("username") == p[0].username) {
      EXPECT_LT(change.at("change").get<double>(), 0);
    }
  }
  const json elo = c.get("/v1/ratings/counting?system=elo", p[0].token).body;
  EXPECT_EQ(elo.at("ratings").size(), 4u);
  EXPECT_EQ(elo.at("ratings").back().at("username"), p[0].username);  // last: placed 4th
}

}  // namespace
