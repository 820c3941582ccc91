#pragma once
// Rendering of outgoing mail: pure functions from plain values to the RFC 5322 text. The sender
// gathers the values (services/mail/sender.cc); nothing here touches a database or a socket.
//
// Every message carries: Message-ID <outbox-<id>@<domain>> (stable per outbox row, so a retry
// reuses it), In-Reply-To/References to the game's root <game-<id>@<domain>> (so mail clients
// thread a game), Auto-Submitted: auto-generated, List-Unsubscribe (+ One-Click post), and for
// "your turn" mails a Reply-To of the seat's move address.

#include <cstdint>
#include <string>
#include <vector>

namespace mail {

struct Envelope {
  std::string from;             // HEXPOST_MAIL_FROM
  std::string domain;           // HEXPOST_MAIL_DOMAIN: Message-IDs and move addresses
  std::string to;               // the recipient's address
  std::string date;             // RFC 5322 date (format_date)
  std::string unsubscribe_url;  // empty: no List-Unsubscribe headers
  std::string reply_to;         // the move address; empty: none
  std::string in_reply_to;      // a message-id (with <>) this answers, besides the game root
};

// What a game notification says. Strings are UTF-8; `board` is multi-line monospace text.
struct GameNotice {
  std::int64_t outbox_id = 0;
  std::string kind;  // your_turn, game_over, reminder, message, reply (a refused move or `show`)
  std::int64_t game_id = 0;
  std::string game;       // rules id: "hex-quoridor"
  std::string opponents;  // "bob" or "bob, carol"
  int ply = 0;
  std::string board;
  std::string last_move;  // "bob: Fe5E+"; empty before the first move
  std::string time_left;  // "2 days 3 hours (until 2026-11-27 14:00 UTC)"; empty: no clock
  int legal_moves = -1;   // -1: not the recipient's turn
  std::string result;     // game over: the summary
  std::string reason;     // reply: why the move was refused; empty for `show`
  std::string quoted;     // reply: the line the player sent
  std::string author;     // message: who wrote it
  std::string text;       // message: what they wrote
  std::string page_url;   // the game's web page (HEXPOST_PUBLIC_URL + /games/{id}); empty: none
};

// A notification without a game (challenge, tournaments, digest): subject and body given.
struct PlainNotice {
  std::int64_t outbox_id = 0;
  std::string subject;
  std::string body;
  std::int64_t thread_game_id = 0;  // 0: no game thread
};

// A tournament notification, from the event's payload (docs/events.md).
struct TournamentNotice {
  std::string event_kind;  // tournament_round_started, tournament_pairing, tournament_finished
  std::string tournament_id;
  int round = 0;
  std::string game_id;                 // pairing: the recipient's game
  std::vector<std::string> seats;      // pairing: usernames, first mover first
  std::vector<std::string> standings;  // finished: "1. ann  2.5", best first
};
// Subject and body of a tournament mail, e.g. "[Hexpost] Tournament 5, round 2: game 41, ann vs
// bob" and a body that says how to look at it from the CLI.
PlainNotice tournament_notice(const TournamentNotice& t);

struct RenderedMail {
  std::string message_id;  // with <>
  std::string subject;
  std::string text;  // headers + CRLF + body, CRLF line ends
};

std::string outbox_message_id(std::int64_t outbox_id, const std::string& domain);
std::string game_root_id(std::int64_t game_id, const std::string& domain);
// "[Hexpost] Game 123 (hex-quoridor) vs bob: your move"
std::string game_subject(const GameNotice& notice);
std::string game_body(const GameNotice& notice, const Envelope& envelope);
RenderedMail render_game_mail(const GameNotice& notice, const Envelope& envelope);
RenderedMail render_plain_mail(const PlainNotice& notice, const Envelope& envelope);

// "Wed, 25 Nov 2026 14:38:28 +0000" for seconds since the epoch.
std::string format_date(std::int64_t unix_seconds);
// "2 days 3 hours", "5 hours 10 minutes", "12 minutes"
std::string format_duration(double seconds);
// RFC 2047 encoded-word (UTF-8, base64) when the text is not plain ASCII.
std::string encode_header_text(const std::string& text);

}  // namespace mail
