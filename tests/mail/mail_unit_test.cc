// Pure parts of play by email: addresses and tags, rendering, MIME parsing (GMime), command
// extraction, backoff. No database, no network.
#include <gtest/gtest.h>

#include <string>

#include "services/mail/addresses.h"
#include "services/mail/inbound_parse.h"
#include "services/mail/render.h"
#include "services/mail/sender.h"
#include "tests/mail/smtp_sink.h"

namespace {

using mail::MailCommand;
using mailtest::header_of;

std::string message(const std::string& headers, const std::string& body) {
  return "From: Alice <alice@example.org>\r\nTo: move+12.0.0123456789abcdef@games.test\r\n"
         "Message-ID: <r1@example.org>\r\nSubject: Re: your move\r\nMIME-Version: 1.0\r\n" +
         headers + "\r\n" + body;
}

std::string command_of(const std::string& raw) {
  const auto parsed = mail::parse_mail(raw);
  EXPECT_TRUE(parsed.has_value());
  return parsed ? mail::first_command_line(parsed->text) : "";
}

TEST(MailAddresses, FormatParseRoundTrip) {
  const std::string tag = mail::move_tag("secret", 123, 1);
  ASSERT_EQ(tag.size(), 16u);
  const std::string address = mail::format_move_address({123, 1, tag}, "games.test");
  EXPECT_EQ(address, "move+123.1." + tag + "@games.test");
  const auto parsed = mail::parse_move_address("MOVE+123.1." + tag + "@Games.Test", "games.test");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->game_id, 123);
  EXPECT_EQ(parsed->seat, 1);
  EXPECT_EQ(parsed->tag, tag);
  EXPECT_FALSE(mail::parse_move_address(address, "other.test"));
  EXPECT_FALSE(mail::parse_move_address("move+123.1.abc@games.test", "games.test"));
  EXPECT_FALSE(mail::parse_move_address("move+x.1." + tag + "@games.test", "games.test"));
  EXPECT_FALSE(mail::parse_move_address("alice@games.test", "games.test"));
}

TEST(MailAddresses, TagsDependOnSecretGameAndSeat) {
  const std::string tag = mail::move_tag("secret", 123, 1);
  EXPECT_EQ(tag, mail::move_tag("secret", 123, 1));
  EXPECT_NE(tag, mail::move_tag("secret2", 123, 1));
  EXPECT_NE(tag, mail::move_tag("secret", 123, 0));
  EXPECT_NE(tag, mail::move_tag("secret", 124, 1));
  EXPECT_TRUE(mail::same_tag(tag, mail::move_tag("secret", 123, 1)));
  EXPECT_FALSE(mail::same_tag(tag, mail::move_tag("secret", 123, 0)));
  EXPECT_NE(mail::unsubscribe_tag("secret", 5, "your_turn"),
            mail::unsubscribe_tag("secret", 5, "game_over"));
}

mail::GameNotice sample_notice() {
  mail::GameNotice n;
  n.outbox_id = 5;
  n.kind = "your_turn";
  n.game_id = 123;
  n.game = "hex-quoridor";
  n.opponents = "bob";
  n.ply = 7;
  n.board = "  a b\n1 . .\n";
  n.last_move = "bob: Fe5E+";
  n.time_left = "2 days 3 hours (until 2026-11-27 14:00 UTC)";
  n.legal_moves = 42;
  return n;
}

mail::Envelope sample_envelope() {
  mail::Envelope e;
  e.from = "Hexpost <games@games.test>";
  e.domain = "games.test";
  e.to = "alice@example.org";
  e.date = mail::format_date(0);
  e.unsubscribe_url = "https://games.test/v1/mail/unsubscribe?a=1&k=your_turn&t=x";
  e.reply_to = "move+123.0.0123456789abcdef@games.test";
  return e;
}

TEST(MailRender, SubjectAndHeaders) {
  const auto mail = mail::render_game_mail(sample_notice(), sample_envelope());
  EXPECT_EQ(mail.subject, "[Hexpost] Game 123 (hex-quoridor) vs bob: your move");
  EXPECT_EQ(mail.message_id, "<outbox-5@games.test>");
  EXPECT_EQ(header_of(mail.text, "Subject"), mail.subject);
  EXPECT_EQ(header_of(mail.text, "Message-ID"), "<outbox-5@games.test>");
  EXPECT_EQ(header_of(mail.text, "In-Reply-To"), "<game-123@games.test>");
  EXPECT_EQ(header_of(mail.text, "References"), "<game-123@games.test>");
  EXPECT_EQ(header_of(mail.text, "Auto-Submitted"), "auto-generated");
  EXPECT_EQ(header_of(mail.text, "Reply-To"), "move+123.0.0123456789abcdef@games.test");
  EXPECT_EQ(header_of(mail.text, "List-Unsubscribe"),
            "<https://games.test/v1/mail/unsubscribe?a=1&k=your_turn&t=x>");
  EXPECT_EQ(header_of(mail.text, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");
  EXPECT_EQ(header_of(mail.text, "Date"), "Thu, 01 Jan 1970 00:00:00 +0000");
  EXPECT_EQ(header_of(mail.text, "Content-Transfer-Encoding"), "7bit");
}

TEST(MailRender, BodyHasBoardLastMoveTimeAndLegalMoves) {
  const std::string body = mail::game_body(sample_notice(), sample_envelope());
  EXPECT_NE(body.find("It is your move in game 123 (hex-quoridor) against bob, ply 7."),
            std::string::npos);
  EXPECT_NE(body.find("Last move: bob: Fe5E+\n"), std::string::npos);
  EXPECT_NE(body.find("Time left: 2 days 3 hours (until 2026-11-27 14:00 UTC)\n"),
            std::string::npos);
  EXPECT_NE(body.find("Legal moves: 42\n"), std::string::npos);
  EXPECT_NE(body.find("  a b\n1 . .\n"), std::string::npos);
  EXPECT_NE(body.find("\"#7\""), std::string::npos);
}

TEST(MailRender, ReplyQuotesTheReasonAndThreadsToTheIncomingMail) {
  auto n = sample_notice();
  n.kind = "reply";
  n.reason = "illegal move: a fence is there";
  n.quoted = "Fe5E+";
  auto e = sample_envelope();
  e.in_reply_to = "<r1@example.org>";
  const auto mail = mail::render_game_mail(n, e);
  EXPECT_EQ(header_of(mail.text, "In-Reply-To"), "<r1@example.org>");
  EXPECT_EQ(header_of(mail.text, "References"), "<game-123@games.test> <r1@example.org>");
  const std::string body = mail::game_body(n, e);
  EXPECT_NE(body.find("was not applied:\n  illegal move: a fence is there\n\n> Fe5E+\n"),
            std::string::npos);
}

TEST(MailRender, NonAsciiRoundTripsThroughGMime) {
  auto n = sample_notice();
  n.opponents = "Jürgen";
  n.board = "⬡ ⬢\n";
  const auto mail = mail::render_game_mail(n, sample_envelope());
  EXPECT_EQ(header_of(mail.text, "Content-Transfer-Encoding"), "base64");
  EXPECT_EQ(header_of(mail.text, "Subject").rfind("=?UTF-8?B?", 0), 0u);
  const auto parsed = mail::parse_mail(mail.text);
  ASSERT_TRUE(parsed);
  EXPECT_NE(parsed->text.find("against Jürgen"), std::string::npos);
  EXPECT_NE(parsed->text.find("⬡ ⬢"), std::string::npos);
}

TEST(MailRender, TournamentPairingRoundAndStandings) {
  mail::TournamentNotice t{"tournament_pairing", "5", 2, "41", {"ann", "bob"}, {}};
  mail::PlainNotice n = mail::tournament_notice(t);
  EXPECT_EQ(n.subject, "[Hexpost] Tournament 5, round 2: game 41, ann vs bob");
  EXPECT_EQ(n.body,
            "Your game of round 2 is game 41: ann vs bob (ann moves first).\n"
            "Show it: hexpost show 41\n"
            "Standings and pairings: hexpost tournament show 5\n");
  t.event_kind = "tournament_round_started";
  EXPECT_EQ(mail::tournament_notice(t).subject, "[Hexpost] Tournament 5: round 2 has started");
  t.event_kind = "tournament_finished";
  t.standings = {"1. ann  2.5", "2. bob  0.5"};
  n = mail::tournament_notice(t);
  EXPECT_EQ(n.subject, "[Hexpost] Tournament 5: final standings");
  EXPECT_EQ(n.body,
            "Tournament 5 is over. Final standings:\n  1. ann  2.5\n  2. bob  0.5\n"
            "Standings and pairings: hexpost tournament show 5\n");
}

TEST(MailRender, DurationsAndDates) {
  EXPECT_EQ(mail::format_duration(2 * 86400 + 3 * 3600 + 59), "2 days 3 hours");
  EXPECT_EQ(mail::format_duration(3600 + 60), "1 hour 1 minute");
  EXPECT_EQ(mail::format_duration(59), "0 minutes");
  EXPECT_EQ(mail::format_date(1795617508), "Wed, 25 Nov 2026 14:38:28 +0000");
}

TEST(MailParse, QuotedReplyTakesTheFirstOwnLine) {
  EXPECT_EQ(command_of(message("Content-Type: text/plain; charset=utf-8\r\n",
                               "\r\n  Fe5E+  \r\n\r\nOn Wed, Hexpost wrote:\r\n> It is your "
                               "move\r\n> resign\r\n")),
            "Fe5E+");
  EXPECT_EQ(command_of(message("Content-Type: text/plain\r\n",
                               "On Wed, 25 Nov 2026, Hexpost wrote:\r\n> It is your move\r\n\r\n"
                               "Fe5E+\r\n")),
            "Fe5E+");
}

TEST(MailParse, SignatureIsNotACommand) {
  EXPECT_EQ(command_of(message("Content-Type: text/plain\r\n", "\r\n-- \r\nAlice\r\nresign\r\n")),
            "");
  EXPECT_EQ(command_of(message("Content-Type: text/plain\r\n", "show\r\n-- \r\nAlice\r\n")),
            "show");
}

TEST(MailParse, HtmlOnlyFallsBackToText) {
  EXPECT_EQ(command_of(message("Content-Type: text/html; charset=utf-8\r\n",
                               "<html><body><div dir=\"ltr\">Fe5E+&nbsp;#3</div><br>"
                               "<blockquote class=\"gmail_quote\">resign</blockquote>"
                               "</body></html>\r\n")),
            "Fe5E+ #3");
}

TEST(MailParse, Base64Body) {
  // "Fe5E+\r\n\r\n-- \r\nAlice\r\n"
  EXPECT_EQ(command_of(message("Content-Type: text/plain; charset=utf-8\r\n"
                               "Content-Transfer-Encoding: base64\r\n",
                               "RmU1RSsNCg0KLS0gDQpBbGljZQ0K\r\n")),
            "Fe5E+");
}

TEST(MailParse, Iso88591QuotedPrintable) {
  const auto parsed = mail::parse_mail(
      message("Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: "
              "quoted-printable\r\n",
              "Fe5E+ #3\r\n\r\nGr=FC=DFe, J=FCrgen\r\n"));
  ASSERT_TRUE(parsed);
  EXPECT_EQ(mail::first_command_line(parsed->text), "Fe5E+ #3");
  EXPECT_NE(parsed->text.find("Grüße, Jürgen"), std::string::npos);
}

TEST(MailParse, MultipartPrefersPlainAndSkipsAttachments) {
  const std::string body =
      "--b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Disposition: attachment; "
      "filename=x.txt\r\n\r\nresign\r\n--b\r\nContent-Type: multipart/alternative; "
      "boundary=c\r\n\r\n--c\r\nContent-Type: text/html\r\n\r\n<p>draw offer</p>\r\n--c\r\n"
      "Content-Type: text/plain\r\n\r\nshow\r\n--c--\r\n--b--\r\n";
  EXPECT_EQ(command_of(message("Content-Type: multipart/mixed; boundary=b\r\n", body)), "show");
}

TEST(MailParse, HeadersAddressesAndAutoReplies) {
  const auto plain =
      mail::parse_mail(message("Cc: Other <move+1.1.0123456789abcdef@games.test>\r\nDelivered-To: "
                               "move+2.0.0123456789abcdef@games.test\r\nAuto-Submitted: no\r\n",
                               "x\r\n"));
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->message_id, "r1@example.org");
  EXPECT_EQ(plain->from, "alice@example.org");
  ASSERT_EQ(plain->recipients.size(), 3u);
  EXPECT_EQ(plain->recipients[1], "move+1.1.0123456789abcdef@games.test");
  EXPECT_EQ(plain->recipients[2], "move+2.0.0123456789abcdef@games.test");
  EXPECT_FALSE(plain->auto_reply);
  for (const std::string h :
       {"Auto-Submitted: auto-replied\r\n", "Precedence: bulk\r\n", "Precedence: list\r\n",
        "Precedence: junk\r\n", "Return-Path: <>\r\n"}) {
    const auto parsed = mail::parse_mail(message(h, "Fe5E+\r\n"));
    ASSERT_TRUE(parsed);
    EXPECT_TRUE(parsed->auto_reply) << h;
  }
}

// Found by the fuzz target "mail_in": 8-bit bytes that no charset declares came through as
// invalid UTF-8, which the JSON payload of the refusal reply cannot hold (dump() threw).
TEST(MailParse, UndeclaredEightBitBecomesValidUtf8) {
  const auto parsed = mail::parse_mail(
      "From: Alice <alice@example.org>\r\nTo: move+12.0.0123456789abcdef@games.test\r\n"
      "Message-ID: <r\xff"
      "1@example.org>\r\nMIME-Version: 1.0\r\n\r\nFe5E+ \xff\xfe\r\n");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(mail::first_command_line(parsed->text), "Fe5E+ \xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(parsed->message_id,
            "r\xC3\xBF"
            "1@example.org");  // GMime reads undeclared 8-bit header bytes as Latin-1
}

TEST(MailCommands, Parse) {
  using Kind = MailCommand::Kind;
  EXPECT_EQ(mail::parse_command("resign").kind, Kind::kResign);
  EXPECT_EQ(mail::parse_command("Draw Offer").kind, Kind::kDrawOffer);
  EXPECT_EQ(mail::parse_command("draw").kind, Kind::kDrawOffer);
  const auto accept = mail::parse_command("draw accept #12");
  EXPECT_EQ(accept.kind, Kind::kDrawAccept);
  EXPECT_EQ(accept.seen_ply, 12);
  EXPECT_EQ(mail::parse_command("SHOW").kind, Kind::kShow);
  const auto move = mail::parse_command(" Fe5E+#7 ");
  EXPECT_EQ(move.kind, Kind::kMove);
  EXPECT_EQ(move.move, "Fe5E+");
  EXPECT_EQ(move.seen_ply, 7);
  const auto winning = mail::parse_command("Ta1-b2#");  // iso-path marks wins with '#'
  EXPECT_EQ(winning.move, "Ta1-b2#");
  EXPECT_FALSE(winning.seen_ply);
  EXPECT_EQ(mail::parse_command("   ").kind, Kind::kNone);
}

TEST(MailSender, BackoffDoublesWithJitterInTheUpperHalf) {
  mail::MailOptions o;
  o.backoff_base_s = 60;
  o.backoff_max_s = 3600;
  EXPECT_DOUBLE_EQ(mail::backoff_s(o, 1, 0), 30);
  EXPECT_DOUBLE_EQ(mail::backoff_s(o, 1, 0.999999), 59.99997);
  EXPECT_DOUBLE_EQ(mail::backoff_s(o, 3, 1), 240);
  EXPECT_DOUBLE_EQ(mail::backoff_s(o, 20, 0), 1800);
}

TEST(MailSender, OptionsFromTheEnvironment) {
  const auto o = mail::mail_options({{"HEXPOST_SMTP_URL", "smtps://mx.test:465"},
                                     {"HEXPOST_MAIL_DOMAIN", "games.test"},
                                     {"HEXPOST_SMTP_STARTTLS", "require"}});
  EXPECT_TRUE(o.enabled());
  EXPECT_EQ(o.from, "Hexpost <hexpost@games.test>");
  EXPECT_EQ(o.smtp.starttls, mail::StartTls::kRequire);
  EXPECT_FALSE(mail::mail_options({}).enabled());
  EXPECT_THROW(mail::mail_options({{"HEXPOST_SMTP_URL", "http://x"}}), std::invalid_argument);
  EXPECT_THROW(mail::mail_options({{"HEXPOST_SMTP_STARTTLS", "maybe"}}), std::invalid_argument);
  EXPECT_THROW(mail::mail_options({{"HEXPOST_MAIL_POLL_MS", "0"}}), std::invalid_argument);
  EXPECT_EQ(mail::mail_options({}).retain_days, 30);
  EXPECT_EQ(mail::mail_options({{"HEXPOST_MAIL_RETAIN_DAYS", "400"}}).retain_days, 400);
  EXPECT_THROW(mail::mail_options({{"HEXPOST_MAIL_RETAIN_DAYS", "0"}}), std::invalid_argument);
  EXPECT_THROW(mail::mail_options({{"HEXPOST_MAIL_RETAIN_DAYS", "3651"}}), std::invalid_argument);
}

}  // namespace

namespace {

TEST(MailParse, OwnTextIsTheReplyWithoutQuotesAttributionsAndSignature) {
  EXPECT_EQ(mail::own_text("\r\nThanks, good luck!\r\n\r\nSee you.  \r\n\r\nOn Wed, 25 Nov 2026, "
                           "Hexpost wrote:\r\n> It is your move\r\n>\r\n-- \r\nBob\r\n"),
            "Thanks, good luck!\n\nSee you.");
  EXPECT_EQ(mail::own_text("> only a quote\r\n\r\n-- \r\nBob\r\n"), "");
  EXPECT_EQ(mail::own_text("Nice one\n-----Original Message-----\nFrom: Hexpost\n"), "Nice one");
}

TEST(MailRender, AMessageMailNamesItsAuthorAndCarriesTheText) {
  mail::GameNotice n;
  n.outbox_id = 9;
  n.kind = "message";
  n.game_id = 7;
  n.game = "hex-quoridor";
  n.opponents = "bob";
  n.author = "bob";
  n.text = "good luck\nhave fun";
  EXPECT_EQ(mail::game_subject(n), "[Hexpost] Game 7 (hex-quoridor) vs bob: message from bob");
  const std::string body = mail::game_body(n, mail::Envelope{});
  EXPECT_EQ(
      body.rfind("bob wrote in game 7 (hex-quoridor) against bob:\n\ngood luck\nhave fun\n", 0), 0u)
      << body;
}

}  // namespace
