#include "services/mail/compose.h"

#include <nlohmann/json.hpp>

#include "services/mail/addresses.h"
#include "services/mail/render.h"
#include "services/mail/sender.h"

namespace mail {

namespace {

using nlohmann::json;

bool is_game_kind(const std::string& kind) {
  return kind == "your_turn" || kind == "game_over" || kind == "reminder" || kind == "reply" ||
         kind == "message";
}

std::string opponents_of(const storage::GameRecord& game, storage::Id account_id) {
  std::string out;
  for (const auto& seat : game.seats) {
    if (seat.account_id == account_id) continue;
    out += (out.empty() ? "" : ", ") + seat.username;
  }
  return out;
}

std::string time_left(const storage::SeatRecord& seat) {
  if (!seat.remaining_s || seat.deadline.empty()) return "";
  std::string until = seat.deadline.substr(0, 16);
  if (until.size() == 16) until[10] = ' ';
  return format_duration(*seat.remaining_s) + " (until " + until + " UTC)";
}

// Board from the seat's side, and the legal-move count when the seat is to move.
void add_position(GameNotice& n, const storage::GameRecord& game, const domain::Catalog& catalog,
                  int seat) {
  try {
    const auto state = domain::load_state(catalog, game);
    rules::RenderOptions render;
    render.perspective = seat;
    n.board = state->render(render);
    const auto to_move = state->to_move();
    if (seat >= 0 && std::find(to_move.begin(), to_move.end(), seat) != to_move.end()) {
      n.legal_moves = static_cast<int>(state->legal_moves().size());
    }
  } catch (const std::exception& e) {
    n.board = "(the board cannot be shown: " + std::string(e.what()) + ")\n";
  }
}

GameNotice game_notice(const storage::OutboxItem& item, const storage::LoadedGame& loaded,
                       const storage::MailAccount& to, const domain::Catalog& catalog) {
  const storage::GameRecord& game = loaded.game;
  const int seat = domain::seat_of(game, to.id);
  GameNotice n;
  n.outbox_id = item.id;
  n.kind = item.kind;
  n.game_id = game.id;
  n.game = game.game;
  n.opponents = opponents_of(game, to.id);
  n.ply = game.ply;
  if (!loaded.moves.empty()) {
    n.last_move = loaded.moves.back().username + ": " + loaded.moves.back().record;
  }
  if (seat >= 0 && game.status == "active") n.time_left = time_left(game.seats[seat]);
  add_position(n, game, catalog, seat);
  if (!game.result_json.empty()) n.result = json::parse(game.result_json).value("summary", "");
  if (game.status == "aborted") n.result = "aborted";
  const json payload = json::parse(item.payload_json);
  n.reason = payload.value("reason", "");
  n.quoted = payload.value("quoted", "");
  n.author = payload.value("author", "");
  n.text = payload.value("text", "");
  return n;
}

std::string summary_line(const storage::OutboxItem& item) {
  const json payload = json::parse(item.payload_json);
  const std::string game = "Game " + std::to_string(item.game_id);
  if (item.kind == "your_turn") return game + ": your move (ply " + std::to_string(item.ply) + ")";
  if (item.kind == "game_over") return game + ": game over";
  if (item.kind == "reminder") return game + ": reminder, your move";
  if (item.kind == "message") {
    return game + ": message from " + payload.value("author", std::string("?"));
  }
  if (item.kind == "challenge") {
    return "Challenge " + payload.value("challenge_id", std::string("?")) + " received";
  }
  return "Tournament " + payload.value("tournament_id", std::string("?")) + ": " +
         (item.kind == "tournament_round" ? "round " + payload.value("round", json()).dump()
                                          : std::string("final standings"));
}

std::string score_text(const json& score) {
  if (!score.is_number()) return score.dump();
  const double v = score.get<double>();
  std::string text = std::to_string(v);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

TournamentNotice tournament_of(const storage::OutboxItem& item, const json& payload) {
  TournamentNotice t;
  t.event_kind = item.event_kind;
  t.tournament_id = payload.value("tournament_id", std::string("?"));
  t.round = payload.value("round", 0);
  t.game_id = payload.value("game_id", std::string());
  for (const json& seat : payload.value("seats", json::array())) t.seats.push_back(seat);
  for (const json& s : payload.value("standings", json::array())) {
    t.standings.push_back(std::to_string(s.value("rank", 0)) + ". " +
                          s.value("username", std::string("?")) + "  " +
                          score_text(s.value("score", json())));
  }
  return t;
}

PlainNotice plain_notice(const storage::OutboxItem& item, const ComposeContext& c) {
  PlainNotice n;
  n.outbox_id = item.id;
  const json payload = json::parse(item.payload_json);
  if (item.kind == "digest") {
    const auto items = c.mail.digest_items(item.id);
    n.subject = "[Hexpost] Daily digest: " + std::to_string(items.size()) + " notification" +
                (items.size() == 1 ? "" : "s");
    for (const auto& held : items) n.body += "- " + summary_line(held) + "\n";
  } else if (item.kind == "challenge") {
    const std::string id = payload.value("challenge_id", std::string("0"));
    const auto [creator, game] = c.mail.challenge_summary(std::stoll(id));
    n.subject = "[Hexpost] Challenge " + id + " (" + game + ") from " + creator;
    n.body = creator + " challenges you to a game of " + game + ".\nAccept: hexpost challenge " +
             "accept " + id + " (or POST /v1/challenges/" + id + "/accept).\n";
  } else {
    const std::int64_t id = n.outbox_id;
    n = tournament_notice(tournament_of(item, payload));
    n.outbox_id = id;
    n.thread_game_id = item.game_id;
  }
  return n;
}

}  // namespace

std::string public_base(const MailOptions& options) {
  return options.public_url.empty() ? "https://" + options.domain : options.public_url;
}

std::string game_page_url(const MailOptions& options, storage::Id game_id) {
  return public_base(options) + "/games/" + std::to_string(game_id);
}

std::string unsubscribe_url(const MailOptions& options, storage::Id account_id,
                            const std::string& secret, const std::string& kind) {
  return public_base(options) + "/v1/mail/unsubscribe?a=" + std::to_string(account_id) +
         "&k=" + kind + "&t=" + unsubscribe_tag(secret, account_id, kind);
}

std::optional<storage::RenderedRow> compose(const storage::OutboxItem& item,
                                            const ComposeContext& c) {
  const auto to = c.mail.account(item.account_id);
  if (!to) return std::nullopt;
  Envelope e;
  e.from = c.options.from;
  e.domain = c.options.domain;
  e.to = to->email;
  e.date = format_date(std::chrono::floor<std::chrono::seconds>(c.now).time_since_epoch().count());
  if (item.kind != "reply" && item.kind != "digest") {
    e.unsubscribe_url = unsubscribe_url(c.options, to->id, to->secret, item.kind);
  }
  RenderedMail mail;
  std::optional<storage::LoadedGame> loaded;
  if (is_game_kind(item.kind) && item.game_id != 0) {
    loaded = c.games.load(item.game_id, hxclock::to_rfc3339(c.now), true);
  }
  if (loaded) {
    const int seat = domain::seat_of(loaded->game, to->id);
    if (seat >= 0 && loaded->game.status == "active" && item.kind != "game_over") {
      e.reply_to = format_move_address(
          {loaded->game.id, seat, move_tag(to->secret, loaded->game.id, seat)}, e.domain);
    }
    e.in_reply_to = json::parse(item.payload_json).value("in_reply_to", "");
    GameNotice notice = game_notice(item, *loaded, *to, c.catalog);
    notice.page_url = game_page_url(c.options, loaded->game.id);
    mail = render_game_mail(notice, e);
  } else {
    mail = render_plain_mail(plain_notice(item, c), e);
  }
  return storage::RenderedRow{item.id, mail.message_id, to->email, mail.subject, mail.text};
}

}  // namespace mail
