// Play by email end to end (label db): notifications out through a real SMTP server on loopback,
// replies in through `hexpostd mail-in`'s handler, moves stored through the domain decisions.
#include <gtest/gtest.h>

#include <pqxx/pqxx>
#include <set>

#include "services/mail/addresses.h"
#include "services/mail/inbound_parse.h"
#include "tests/mail/mail_world.h"

namespace {

using mailtest::header_of;
using mailtest::MailWorld;
using svctest::Account;

struct Duel {
  Account mover, other;
  std::string game_id;
};

Duel start_duel(MailWorld& w, const std::string& game = "hex-quoridor",
                const svctest::json& options = svctest::json::object()) {
  Account a = svctest::make_account(w.client, "alice");
  Account b = svctest::make_account(w.client, "bob");
  const std::string id = svctest::start_game(w.client, {a, b}, game, options);
  const std::string first = w.game(id, a)["to_move"][0];
  return first == a.username ? Duel{a, b, id} : Duel{b, a, id};
}

std::string last_your_move(MailWorld& w, const Account& to) {
  for (auto mails = w.mails_to(to); !mails.empty(); mails.pop_back()) {
    if (header_of(mails.back(), "Subject").find(": your move") != std::string::npos) {
      return mails.back();
    }
  }
  return "";
}

std::string body_of(const std::string& raw) {
  const auto parsed = mail::parse_mail(raw);
  return parsed ? parsed->text : "";
}

TEST(MailFlow, MoveFromNotificationThroughReplyToOpponentsNotification) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Duel d = start_duel(w);
  w.sender->run_once();
  const std::string note = last_your_move(w, d.mover);
  ASSERT_FALSE(note.empty()) << w.sink.count() << " mails: " << w.sink.messages().back();
  EXPECT_EQ(header_of(note, "Subject"), "[Hexpost] Game " + d.game_id + " (hex-quoridor) vs " +
                                            d.other.username + ": your move");
  EXPECT_EQ(header_of(note, "In-Reply-To"), "<game-" + d.game_id + "@games.test>");
  EXPECT_EQ(header_of(note, "Auto-Submitted"), "auto-generated");
  const std::string reply_to = header_of(note, "Reply-To");
  ASSERT_TRUE(mail::parse_move_address(reply_to, "games.test")) << reply_to;
  EXPECT_NE(body_of(note).find("Legal moves: "), std::string::npos);
  // The game's page, under HEXPOST_PUBLIC_URL, on a line of its own.
  const std::string body = body_of(note);
  const std::size_t link = body.find("On the web: ");
  ASSERT_NE(link, std::string::npos) << body;
  std::string line = body.substr(link, body.find('\n', link) - link);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  EXPECT_EQ(line, "On the web: https://games.test/games/" + d.game_id);
  // The challenge itself was mailed to the invited player.
  bool challenged = false;
  for (const auto& m : w.sink.messages()) {
    challenged = challenged || header_of(m, "Subject").find("[Hexpost] Challenge ") == 0;
  }
  EXPECT_TRUE(challenged);

  const auto result = w.mail_in(w.reply(d.mover, reply_to, "reply-1@example.test",
                                        "Fe5E+\r\n\r\nOn Wed, Hexpost wrote:\r\n> It is your "
                                        "move\r\n\r\n-- \r\nme\r\n"));
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.outcome, "applied");
  const auto view = w.game(d.game_id, d.mover);
  EXPECT_EQ(view["ply"], 1);
  EXPECT_EQ(view["moves"][0]["record"].get<std::string>().substr(0, 5), "Fe5E+");

  w.sender->run_once();
  const std::string next = last_your_move(w, d.other);
  ASSERT_FALSE(next.empty());
  EXPECT_NE(body_of(next).find("Last move: " + d.mover.username + ": Fe5E+"), std::string::npos);
  EXPECT_EQ(header_of(next, "References"), "<game-" + d.game_id + "@games.test>");
  // An accepted move gets no reply of its own.
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE kind = 'reply' AND game_id = " +
                        d.game_id),
            0);
}

TEST(MailFlow, ForgedWrongTagAutoReplyAndReplayHaveNoEffect) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Duel d = start_duel(w);
  w.sender->run_once();
  const std::string reply_to = header_of(last_your_move(w, d.mover), "Reply-To");
  ASSERT_FALSE(reply_to.empty());

  auto forged = w.reply(d.other, reply_to, "forged@example.test", "Fe5E+\r\n");
  EXPECT_EQ(w.mail_in(forged).outcome, "ignored_forged_sender");
  auto wrong = mail::parse_move_address(reply_to, "games.test").value();
  wrong.tag = mail::move_tag("guess", wrong.game_id, wrong.seat);
  const auto bad_tag = w.mail_in(w.reply(d.mover, mail::format_move_address(wrong, "games.test"),
                                         "tag@example.test", "Fe5E+\r\n"));
  EXPECT_EQ(bad_tag.exit_code, mail::kExitNoUser);
  const auto unknown = w.mail_in(w.reply(d.mover, "someone@games.test", "u@x", "Fe5E+\r\n"));
  EXPECT_EQ(unknown.exit_code, 67);
  EXPECT_EQ(w.mail_in(w.reply(d.mover, reply_to, "auto@example.test", "Fe5E+\r\n",
                              "Auto-Submitted: auto-replied\r\n"))
                .outcome,
            "ignored_auto_reply");
  EXPECT_EQ(w.game(d.game_id, d.mover)["ply"], 0);

  // A delivery that died after recording its Message-ID: a retry within 10 minutes is taken for
  // a concurrent duplicate, one after that applies the mail.
  {
    pqxx::connection c(svctest::database_url());
    pqxx::nontransaction(c).exec_params(
        "INSERT INTO mail_inbound (message_id, received_at) VALUES ('died@example.test', "
        "$1::timestamptz - interval '1 minute')",
        hxclock::to_rfc3339(w.clock.now()));
  }
  const std::string died = w.reply(d.mover, reply_to, "died@example.test", "show\r\n");
  EXPECT_EQ(w.mail_in(died).outcome, "ignored_replay");
  w.clock.advance(std::chrono::minutes(10));
  EXPECT_EQ(w.mail_in(died).outcome, "shown");
  EXPECT_EQ(w.mail_in(died).outcome, "ignored_replay");

  const std::string raw = w.reply(d.mover, reply_to, "once@example.test", "Fe5E+\r\n");
  EXPECT_EQ(w.mail_in(raw).outcome, "applied");
  EXPECT_EQ(w.mail_in(raw).outcome, "ignored_replay");
  EXPECT_EQ(w.game(d.game_id, d.mover)["ply"], 1);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE kind = 'reply' AND game_id = " +
                        d.game_id),
            1);  // the one `show`
}

TEST(MailFlow, RefusedMoveGetsOneReplyWithReasonAndBoard) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Duel d = start_duel(w);
  w.sender->run_once();
  const std::string reply_to = header_of(last_your_move(w, d.mover), "Reply-To");
  const std::size_t before = w.mails_to(d.mover).size();
  EXPECT_EQ(w.mail_in(w.reply(d.mover, reply_to, "bad@example.test", "Zz99\r\n")).outcome,
            "refused");
  EXPECT_EQ(w.mail_in(w.reply(d.mover, reply_to, "stale@example.test", "Fe5E+ #5\r\n")).outcome,
            "refused");
  EXPECT_EQ(w.mail_in(w.reply(d.mover, reply_to, "show@example.test", "show\r\n")).outcome,
            "shown");
  EXPECT_EQ(w.game(d.game_id, d.mover)["ply"], 0);
  w.sender->run_once();
  const auto mails = w.mails_to(d.mover);
  ASSERT_EQ(mails.size(), before + 3);
  const std::string refused = mails[before];
  EXPECT_EQ(header_of(refused, "In-Reply-To"), "<bad@example.test>");
  const std::string body = body_of(refused);
  EXPECT_NE(body.find("was not applied:"), std::string::npos) << body;
  EXPECT_NE(body.find("> Zz99"), std::string::npos) << body;
  EXPECT_NE(body_of(mails[before + 1]).find("ply"), std::string::npos);
  EXPECT_NE(body_of(mails[before + 2]).find("is at ply 0."), std::string::npos);
  // The board is in every reply.
  const std::string board = body_of(last_your_move(w, d.mover));
  const std::string first_board_line = board.substr(board.find("Legal moves"));
  EXPECT_NE(body.find(first_board_line.substr(first_board_line.find('\n') + 2, 20)),
            std::string::npos);
}

TEST(MailFlow, RotatedSecretRetiresOldAddresses) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Duel d = start_duel(w);
  w.sender->run_once();
  const std::string reply_to = header_of(last_your_move(w, d.mover), "Reply-To");
  EXPECT_EQ(
      w.client.post("/v1/me/notifications/rotate-secret", svctest::json::object(), d.mover.token)
          .status,
      200);
  EXPECT_EQ(w.mail_in(w.reply(d.mover, reply_to, "old@example.test", "Fe5E+\r\n")).exit_code, 67);
  EXPECT_EQ(w.game(d.game_id, d.mover)["ply"], 0);
}

TEST(MailFlow, TwentyMovesThreadInOneGame) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Duel d = start_duel(w, "counting", {{"target", "200"}});
  for (int ply = 0; ply < 20; ++ply) {
    const auto view = w.game(d.game_id, d.mover);
    const Account& next = view["to_move"][0] == d.mover.username ? d.mover : d.other;
    ASSERT_EQ(
        w.client
            .post("/v1/games/" + d.game_id + "/moves", {{"move", "1"}, {"ply", ply}}, next.token)
            .status,
        201);
  }
  w.sender->run_once();
  std::set<std::string> ids;
  int turns = 0;
  for (const auto& m : w.sink.messages()) {
    if (header_of(m, "Subject").find("[Hexpost] Game " + d.game_id + " ") != 0) continue;
    ++turns;
    ids.insert(header_of(m, "Message-ID"));
    EXPECT_EQ(header_of(m, "In-Reply-To"), "<game-" + d.game_id + "@games.test>");
    EXPECT_EQ(header_of(m, "References"), "<game-" + d.game_id + "@games.test>");
    const Account& to = header_of(m, "To") == w.email(d.mover) ? d.mover : d.other;
    const Account& vs = &to == &d.mover ? d.other : d.mover;
    EXPECT_EQ(header_of(m, "Subject"),
              "[Hexpost] Game " + d.game_id + " (counting) vs " + vs.username + ": your move");
  }
  EXPECT_EQ(turns, 21);  // game start + 20 moves
  EXPECT_EQ(ids.size(), 21u);
}

TEST(MailFlow, PreferencesDigestAndUnsubscribe) {
  SVC_REQUIRE_DB();
  MailWorld w;
  Account a = svctest::make_account(w.client, "carol");
  auto prefs = w.client.get("/v1/me/notifications", a.token);
  ASSERT_EQ(prefs.status, 200);
  EXPECT_EQ(prefs.body["kinds"]["your_turn"], "every");
  EXPECT_EQ(prefs.body["suppressed"], false);
  EXPECT_EQ(w.client.patch("/v1/me/notifications", {{"your_turn", "sometimes"}}, a.token).status,
            400);
  EXPECT_EQ(w.client.patch("/v1/me/notifications", {{"weather", "off"}}, a.token).status, 400);
  auto patched = w.client.patch("/v1/me/notifications", {{"your_turn", "digest"}}, a.token);
  ASSERT_EQ(patched.status, 200);
  EXPECT_EQ(patched.body["kinds"]["your_turn"], "digest");
  EXPECT_EQ(patched.body["kinds"]["game_over"], "every");

  Account b = svctest::make_account(w.client, "dave");
  for (int i = 0; i < 2; ++i) {
    const std::string id = svctest::start_game(w.client, {b, a}, "counting");
    if (w.game(id, b)["to_move"][0] == b.username) {  // then it is carol's turn
      ASSERT_EQ(
          w.client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}}, b.token).status,
          201);
    }
  }
  w.sender->run_once();
  const auto before = w.mails_to(a).size();  // the challenges (kind challenge: every)
  const std::string held_of_a =
      "SELECT count(*) FROM mail_outbox WHERE status = 'held' AND account_id = (SELECT id FROM "
      "accounts WHERE username = '" +
      a.username + "')";
  EXPECT_EQ(w.sql_count(held_of_a), 2);
  w.clock.advance(std::chrono::hours(23));
  w.sender->run_once();
  EXPECT_EQ(w.mails_to(a).size(), before);  // not a day yet
  w.clock.advance(std::chrono::hours(2));
  w.sender->run_once();
  const auto mails = w.mails_to(a);
  ASSERT_EQ(mails.size(), before + 1);
  EXPECT_EQ(header_of(mails.back(), "Subject"), "[Hexpost] Daily digest: 2 notifications");
  EXPECT_EQ(w.sql_count(held_of_a), 0);

  // One-click unsubscribe from a challenge mail's header.
  const std::string link = header_of(mails.front(), "List-Unsubscribe");
  ASSERT_GT(link.size(), 2u);
  const std::string path = link.substr(1 + std::string("https://games.test").size());
  EXPECT_EQ(w.client
                .post_raw(path.substr(0, path.size() - 1), "List-Unsubscribe=One-Click",
                          "application/x-www-form-urlencoded")
                .status,
            200);
  EXPECT_EQ(w.client.get("/v1/me/notifications", a.token).body["kinds"]["challenge"], "off");
  EXPECT_EQ(w.client
                .post_raw("/v1/mail/unsubscribe?a=1&k=challenge&t=0000000000000000", "",
                          "application/x-www-form-urlencoded")
                .status,
            404);
}

}  // namespace

namespace {

long long outbox_rows(MailWorld& w, const Account& who, const std::string& kind) {
  return w.sql_count("SELECT count(*) FROM mail_outbox WHERE kind = '" + kind +
                     "' AND account_id = (SELECT id FROM accounts WHERE username = '" +
                     who.username + "')");
}

TEST(MailOutbox, TheTriggerWritesRowsForExactlyTheRightRecipients) {
  SVC_REQUIRE_DB();
  MailWorld w;
  Account creator = svctest::make_account(w.client, "mona");
  Account invitee = svctest::make_account(w.client, "nick");
  ASSERT_EQ(w.client.patch("/v1/me/notifications", {{"game_over", "off"}}, invitee.token).status,
            200);
  const std::string id = svctest::start_game(w.client, {creator, invitee}, "counting");
  EXPECT_EQ(outbox_rows(w, creator, "challenge"), 0);  // not to the challenge's creator
  EXPECT_EQ(outbox_rows(w, invitee, "challenge"), 1);
  const bool creator_first = w.game(id, creator)["to_move"][0] == creator.username;
  EXPECT_EQ(outbox_rows(w, creator, "your_turn"), creator_first ? 1 : 0);
  EXPECT_EQ(outbox_rows(w, invitee, "your_turn"), creator_first ? 0 : 1);
  const Account& first = creator_first ? creator : invitee;
  ASSERT_EQ(
      w.client.post("/v1/games/" + id + "/resign", svctest::json::object(), first.token).status,
      200);
  EXPECT_EQ(outbox_rows(w, creator, "game_over"), 1);
  EXPECT_EQ(outbox_rows(w, invitee, "game_over"), 0);  // turned off
  // The move event of the resignation has nobody to move: no "your turn" after the end.
  EXPECT_EQ(outbox_rows(w, creator, "your_turn") + outbox_rows(w, invitee, "your_turn"), 1);
}

// A move's "your turn" rows come from the move statement itself (migration 0008), not the
// trigger: exactly one row for the account now to move, tied to the move event, and held when
// that account asked for a digest.
TEST(MailOutbox, AMoveQueuesOneYourTurnRowForTheSeatNowToMove) {
  SVC_REQUIRE_DB();
  MailWorld w;
  Account a = svctest::make_account(w.client, "olga");
  Account b = svctest::make_account(w.client, "pete");
  for (const Account* who : {&a, &b}) {
    ASSERT_EQ(w.client.patch("/v1/me/notifications", {{"your_turn", "digest"}}, who->token).status,
              200);
  }
  const std::string id = svctest::start_game(w.client, {a, b}, "counting");
  const bool a_first = w.game(id, a)["to_move"][0] == a.username;
  const Account& mover = a_first ? a : b;
  const Account& next = a_first ? b : a;
  const long long before = outbox_rows(w, next, "your_turn");
  ASSERT_EQ(
      w.client.post("/v1/games/" + id + "/moves", {{"move", "1"}, {"ply", 0}}, mover.token).status,
      201);
  EXPECT_EQ(outbox_rows(w, next, "your_turn"), before + 1);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox o JOIN game_events e ON e.id = "
                        "o.event_id WHERE o.kind = 'your_turn' AND o.event_kind = 'move' AND "
                        "e.kind = 'move' AND o.game_id = " +
                        id + " AND o.ply = 1 AND o.status = 'held'"),
            1);
}

}  // namespace

namespace {

TEST(MailOutbox, ReminderMailShowsTimeLeftAndTheMoveAddress) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Duel d = start_duel(w, "counting");  // 3 days per move (svctest::start_game)
  w.sender->run_once();
  const std::size_t before = w.mails_to(d.mover).size();
  {
    pqxx::connection c(svctest::database_url());
    pqxx::nontransaction(c).exec_params(
        "INSERT INTO game_events (game_id, kind, ply, recipients, payload) SELECT $1::bigint, "
        "'reminder', 0, ARRAY[id], '{\"fraction\": 0.5}' FROM accounts WHERE username = $2",
        d.game_id, d.mover.username);
  }
  w.clock.advance(std::chrono::hours(36));
  w.sender->run_once();
  const auto mails = w.mails_to(d.mover);
  ASSERT_EQ(mails.size(), before + 1);
  EXPECT_EQ(header_of(mails.back(), "Subject"), "[Hexpost] Game " + d.game_id + " (counting) vs " +
                                                    d.other.username + ": reminder, your move");
  EXPECT_FALSE(header_of(mails.back(), "Reply-To").empty());
  const std::string body = body_of(mails.back());
  EXPECT_NE(body.find("Reminder: it is your move"), std::string::npos) << body;
  EXPECT_NE(body.find("Time left: 1 day 12 hours (until "), std::string::npos) << body;
}

}  // namespace
