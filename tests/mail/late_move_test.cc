// A move that arrives after the mover's deadline gets the same outcome whichever way it comes,
// by HTTP or by mail-in (label db). With HEXPOST_AUTO_VACATION on, a flag fall takes a day of
// the player's vacation allowance instead of losing the game; a late move finds the flag fall
// first (as the sweeper would have) and then counts, by either path.
#include <gtest/gtest.h>

#include "tests/mail/mail_world.h"

namespace {

using mailtest::header_of;
using mailtest::MailWorld;
using svctest::Account;
using svctest::json;
using namespace std::chrono_literals;

api::GameServiceOptions auto_vacation_options() {
  api::GameServiceOptions options = svctest::test_options();
  options.clocks.auto_vacation = true;
  options.clocks.vacation_days_per_year = 30;
  return options;
}

// A counting game with one day per move between two new accounts; returns its id.
std::string start_one_day_game(MailWorld& w, const Account& a, const Account& b) {
  const auto challenge = w.client.post("/v1/challenges",
                                       {{"game", "counting"},
                                        {"players", 2},
                                        {"opponents", {b.username}},
                                        {"options", {{"target", 100000}}},
                                        {"clock", {{"days_per_move", 1}}}},
                                       a.token);
  EXPECT_EQ(challenge.status, 201) << challenge.text;
  const auto accepted =
      w.client.post("/v1/challenges/" + challenge.body.at("id").get<std::string>() + "/accept",
                    json::object(), b.token);
  EXPECT_EQ(accepted.status, 200) << accepted.text;
  return accepted.body.at("game_id").get<std::string>();
}

struct LateGame {
  std::string id;
  Account mover, other;
};

LateGame start_late_game(MailWorld& w) {
  const Account a = svctest::make_account(w.client, "late");
  const Account b = svctest::make_account(w.client, "late");
  const std::string id = start_one_day_game(w, a, b);
  const bool a_moves = w.game(id, a).at("to_move").at(0) == a.username;
  return {id, a_moves ? a : b, a_moves ? b : a};
}

std::string your_move_reply_to(MailWorld& w, const Account& to, const std::string& game_id) {
  for (const std::string& m : w.mails_to(to)) {
    if (header_of(m, "Subject").find("Game " + game_id + " ") != std::string::npos &&
        header_of(m, "Subject").find(": your move") != std::string::npos) {
      return header_of(m, "Reply-To");
    }
  }
  return "";
}

double used_vacation_days(MailWorld& w, const Account& a) {
  return w.client.get("/v1/me/vacation", a.token).body.at("used_days").get<double>();
}

TEST(LateMove, HttpAndMailInAgreeUnderAutoVacation) {
  SVC_REQUIRE_DB();
  MailWorld w(auto_vacation_options());
  const LateGame by_http = start_late_game(w);
  const LateGame by_mail = start_late_game(w);
  w.sender->run_once();
  const std::string reply_to = your_move_reply_to(w, by_mail.mover, by_mail.id);
  ASSERT_FALSE(reply_to.empty());

  w.clock.set(w.clock.now() + 24h + 1s);  // both movers' deadlines have passed

  const auto posted = w.client.post("/v1/games/" + by_http.id + "/moves",
                                    {{"move", "1"}, {"ply", 0}}, by_http.mover.token);
  EXPECT_EQ(posted.status, 201) << posted.text;
  const auto mailed = w.mail_in(w.reply(by_mail.mover, reply_to, "late-1@example.test", "1\r\n"));
  EXPECT_EQ(mailed.outcome, "applied");

  for (const LateGame* g : {&by_http, &by_mail}) {
    const json view = w.game(g->id, g->mover);
    EXPECT_EQ(view.at("status"), "active") << g->id;
    EXPECT_EQ(view.at("ply"), 1) << g->id;
    EXPECT_EQ(view.at("to_move").at(0), g->other.username) << g->id;
    EXPECT_DOUBLE_EQ(used_vacation_days(w, g->mover), 1.0) << g->id;
    EXPECT_EQ(w.sql_count("SELECT count(*) FROM game_events WHERE kind = 'timeout' AND game_id = " +
                          g->id),
              0);
  }
}

// Without auto-vacation the late move is refused by both paths, and the game is forfeited once.
TEST(LateMove, HttpAndMailInBothForfeitWithoutAutoVacation) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const LateGame by_http = start_late_game(w);
  const LateGame by_mail = start_late_game(w);
  w.sender->run_once();
  const std::string reply_to = your_move_reply_to(w, by_mail.mover, by_mail.id);
  ASSERT_FALSE(reply_to.empty());

  w.clock.set(w.clock.now() + 24h + 1s);

  const auto posted = w.client.post("/v1/games/" + by_http.id + "/moves",
                                    {{"move", "1"}, {"ply", 0}}, by_http.mover.token);
  EXPECT_EQ(posted.status, 409) << posted.text;
  EXPECT_EQ(posted.body.value("code", ""), "time_expired") << posted.text;
  const auto mailed = w.mail_in(w.reply(by_mail.mover, reply_to, "late-2@example.test", "1\r\n"));
  EXPECT_EQ(mailed.outcome, "refused");

  for (const LateGame* g : {&by_http, &by_mail}) {
    const json view = w.game(g->id, g->mover);
    EXPECT_EQ(view.at("status"), "finished") << g->id;
    EXPECT_EQ(view.at("ply"), 1) << g->id;  // the timeout entry, not the move
    EXPECT_EQ(w.sql_count("SELECT count(*) FROM game_events WHERE kind = 'timeout' AND game_id = " +
                          g->id),
              1);
  }
}

}  // namespace
