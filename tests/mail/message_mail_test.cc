// Messages by mail (label db): a message is mailed to the other player unless their `message`
// preference is off, and a plain-text reply to a game mail becomes a message, without its quote
// and signature; a reply with nothing of its own is refused with a reply.
#include <gtest/gtest.h>

#include "services/mail/inbound_parse.h"
#include "tests/mail/mail_world.h"

namespace {

using mailtest::header_of;
using mailtest::MailWorld;
using svctest::Account;

struct Correspondents {
  Account a, b;
  std::string game_id;
  std::string messages() const { return "/v1/games/" + game_id + "/messages"; }
};

Correspondents start_correspondents(MailWorld& w) {
  const Account a = svctest::make_account(w.client, "amy");
  const Account b = svctest::make_account(w.client, "ben");
  return {a, b, svctest::start_game(w.client, {a, b}, "hex-quoridor")};
}

std::vector<std::string> message_mails(MailWorld& w, const Account& to) {
  std::vector<std::string> out;
  for (const auto& m : w.mails_to(to)) {
    if (header_of(m, "Subject").find(": message from ") != std::string::npos) out.push_back(m);
  }
  return out;
}

// The text of a mail with LF line ends.
std::string lf_text_of(const std::string& raw) {
  const auto parsed = mail::parse_mail(raw);
  std::string text = parsed ? parsed->text : "";
  std::erase(text, '\r');
  return text;
}

TEST(MessageMail, AMessageIsMailedToTheOtherPlayerUnlessTheirPreferenceIsOff) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Correspondents d = start_correspondents(w);
  EXPECT_EQ(w.client.get("/v1/me/notifications", d.b.token).body.at("kinds").at("message"),
            "every");
  ASSERT_EQ(w.client.post(d.messages(), {{"text", "good luck"}}, d.a.token).status, 201);
  w.sender->run_once();
  const auto mails = message_mails(w, d.b);
  ASSERT_EQ(mails.size(), 1u) << w.sink.count();
  EXPECT_EQ(header_of(mails[0], "Subject"), "[Hexpost] Game " + d.game_id + " (hex-quoridor) vs " +
                                                d.a.username + ": message from " + d.a.username);
  EXPECT_EQ(header_of(mails[0], "In-Reply-To"), "<game-" + d.game_id + "@games.test>");
  EXPECT_FALSE(header_of(mails[0], "Reply-To").empty());
  EXPECT_EQ(
      lf_text_of(mails[0]).rfind(d.a.username + " wrote in game " + d.game_id +
                                     " (hex-quoridor) against " + d.a.username + ":\n\ngood luck\n",
                                 0),
      0u)
      << lf_text_of(mails[0]);
  EXPECT_TRUE(message_mails(w, d.a).empty());  // not to its author

  const auto off = w.client.patch("/v1/me/notifications", {{"message", "off"}}, d.b.token);
  ASSERT_EQ(off.status, 200) << off.text;
  ASSERT_EQ(w.client.post(d.messages(), {{"text", "still there?"}}, d.a.token).status, 201);
  w.sender->run_once();
  EXPECT_EQ(message_mails(w, d.b).size(), 1u);
  EXPECT_EQ(w.sql_count("SELECT count(*) FROM mail_outbox WHERE kind = 'message' AND game_id = " +
                        d.game_id),
            1);
}

TEST(MessageMail, APlainReplyBecomesAMessageWithoutItsQuoteAndSignature) {
  SVC_REQUIRE_DB();
  MailWorld w;
  const Correspondents d = start_correspondents(w);
  ASSERT_EQ(w.client.post(d.messages(), {{"text", "good luck"}}, d.a.token).status, 201);
  w.sender->run_once();
  const auto mails = message_mails(w, d.b);
  ASSERT_EQ(mails.size(), 1u);
  const std::string reply_to = header_of(mails[0], "Reply-To");
  const auto result = w.mail_in(
      w.reply(d.b, reply_to, "msg-1@example.test",
              "Thanks, you too!\r\nSee you at the board.\r\n\r\nOn Wed, 25 Nov 2026, Hexpost "
              "wrote:\r\n> good luck\r\n\r\n-- \r\nBen\r\n"));
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.outcome, "message");
  const auto listed = w.client.get(d.messages(), d.a.token);
  ASSERT_EQ(listed.body.at("messages").size(), 2u);
  EXPECT_EQ(listed.body["messages"][1].at("author"), d.b.username);
  EXPECT_EQ(listed.body["messages"][1].at("text"), "Thanks, you too!\nSee you at the board.");
  EXPECT_EQ(w.game(d.game_id, d.a).at("ply"), 0);  // no move was made

  // Nothing of its own after the quote and the signature: refused, with a reply saying so.
  const auto empty = w.mail_in(w.reply(d.b, reply_to, "msg-2@example.test",
                                       "On Wed, Hexpost wrote:\r\n> good luck\r\n-- \r\nBen\r\n"));
  EXPECT_EQ(empty.outcome, "refused");
  w.sender->run_once();
  const auto replies = w.mails_to(d.b);
  ASSERT_FALSE(replies.empty());
  EXPECT_NE(lf_text_of(replies.back())
                .find("Your mail has no text of its own (quoted lines and the "
                      "signature are left out)"),
            std::string::npos)
      << lf_text_of(replies.back());
  EXPECT_EQ(w.client.get(d.messages(), d.a.token).body.at("messages").size(), 2u);
  // A mistyped move (one word) is still a refused move, not a message.
  EXPECT_EQ(w.mail_in(w.reply(d.b, reply_to, "msg-3@example.test", "Zz9\r\n")).outcome, "refused");
  EXPECT_EQ(w.client.get(d.messages(), d.a.token).body.at("messages").size(), 2u);
}

}  // namespace
