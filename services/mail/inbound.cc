#include "services/mail/inbound.h"

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "services/domain/messages.h"
#include "services/mail/addresses.h"
#include "services/storage/pool.h"

namespace mail {

namespace {

using nlohmann::json;

std::optional<MoveAddress> find_move_address(const InboundMail& m, const std::string& domain,
                                             const std::string& recipient) {
  if (!recipient.empty()) return parse_move_address(recipient, domain);
  for (const auto& address : m.recipients) {
    if (auto parsed = parse_move_address(address, domain)) return parsed;
  }
  return std::nullopt;
}

domain::Refusal refusal(const std::string& message) {
  return {domain::RefusalKind::kBadRequest, message, ""};
}

// The refusal to reply with, or nothing when the change was made.
std::optional<domain::Refusal> refusal_of(const play::Outcome& out, storage::Id game_id) {
  using Kind = play::Outcome::Kind;
  switch (out.kind) {
    case Kind::kApplied:
    case Kind::kReplayed:
      return std::nullopt;
    case Kind::kRefused:
      return out.refusal;
    case Kind::kNotFound:
      return refusal("No game " + std::to_string(game_id) + ".");
    default:
      return refusal("The game kept changing; try again.");
  }
}

// A move or resignation, as POST /v1/games/{id}/moves and /resign make them.
std::optional<domain::Refusal> play_entry(play::PlayService& p, storage::Id game_id,
                                          storage::Id account, const MailCommand& command) {
  play::Submission s;
  s.kind = command.kind == MailCommand::Kind::kResign ? play::Submission::Kind::kResign
                                                      : play::Submission::Kind::kMove;
  s.game_id = game_id;
  s.actor.account_id = account;
  s.move = command.move;
  s.seen_ply = command.seen_ply;  // without a #ply guard: the current ply
  return refusal_of(p.submit(s), game_id);
}

// Draw offers and acceptances, as POST /v1/games/{id}/draw.
std::optional<domain::Refusal> draw(play::PlayService& p, storage::Id game_id, storage::Id account,
                                    const std::string& action) {
  return refusal_of(p.change_status(game_id,
                                    [&](const storage::LoadedGame& loaded) {
                                      return domain::decide_draw(loaded.game, loaded.moves, account,
                                                                 action);
                                    }),
                    game_id);
}

// Applies the command; the refusal reason (empty for `show`) when a reply is due, or nothing.
std::optional<std::string> apply_command(play::PlayService& s, storage::Id game_id,
                                         storage::Id account, const MailCommand& command) {
  using Kind = MailCommand::Kind;
  std::optional<domain::Refusal> refused;
  switch (command.kind) {
    case Kind::kNone:
      return "Your mail has no text of its own (quoted lines and the signature are left out): "
             "write a move, resign, draw offer, draw accept or show on the first line, or a "
             "message to the other players.";
    case Kind::kShow:
      return "";
    case Kind::kDrawOffer:
    case Kind::kDrawAccept:
      refused = draw(s, game_id, account, command.kind == Kind::kDrawOffer ? "offer" : "accept");
      break;
    default:
      refused = play_entry(s, game_id, account, command);
  }
  if (!refused) return std::nullopt;
  return refused->message;
}

// A first line that is no command: not a command word, more than one word, and not in the
// game's notation. Such a reply is a message to the other players.
bool is_message(play::PlayService& s, storage::Id game_id, const MailCommand& command) {
  if (command.kind != MailCommand::Kind::kMove ||
      command.move.find_first_of(" \t") == std::string::npos) {
    return false;
  }
  const auto loaded = s.load(game_id, false);
  if (!loaded) return false;
  const auto state = domain::load_state(s.catalog(), loaded->game);
  if (!state) return false;
  const auto parsed = state->parse_move(command.move);
  return !parsed.ok() && parsed.error().code == rules::ErrorCode::kBadNotation;
}

// Sends the mail's own text as a message, as POST /v1/games/{id}/messages does; the reason to
// reply with when it cannot be sent, or nothing.
std::optional<std::string> post_message(storage::MessagesRepository& messages, storage::Id game_id,
                                        storage::Id account, const InboundMail& m,
                                        const std::string& now) {
  const std::string text = own_text(m.text);
  if (const auto problem = domain::message_text_problem(text)) {
    return "Your message was not sent: " + *problem;
  }
  using Outcome = storage::PostedMessage::Outcome;
  switch (messages.post(game_id, account, text, now).outcome) {
    case Outcome::kPosted:
      return std::nullopt;
    case Outcome::kGameOver:
      return "Your message was not sent: the game is over.";
    default:
      return "Your message was not sent: no game " + std::to_string(game_id) + " of yours.";
  }
}

InboundResult process(play::PlayService& s, storage::MailRepository& repo,
                      storage::MessagesRepository& messages, const std::string& domain,
                      const InboundMail& m, const std::string& recipient) {
  if (m.auto_reply) return {kExitOk, "ignored_auto_reply"};
  const auto address = find_move_address(m, domain, recipient);
  if (!address) return {kExitNoUser, "unknown_address"};
  const auto seat = repo.seat_identity(address->game_id, address->seat);
  if (!seat || !same_tag(move_tag(seat->secret, address->game_id, address->seat), address->tag)) {
    return {kExitNoUser, "bad_tag"};
  }
  if (lower(m.from) != lower(seat->email)) return {kExitOk, "ignored_forged_sender"};
  const std::string now = hxclock::to_rfc3339(s.clock().now());
  if (!m.message_id.empty() && !repo.claim_inbound(m.message_id, now)) {
    return {kExitOk, "ignored_replay"};
  }
  const std::string line = first_command_line(m.text);
  try {
    const MailCommand command = parse_command(line);
    const bool message = is_message(s, address->game_id, command);
    const auto reply = message ? post_message(messages, address->game_id, seat->account_id, m, now)
                               : apply_command(s, address->game_id, seat->account_id, command);
    if (!reply) return {kExitOk, message ? "message" : "applied"};
    const json payload = {{"reason", *reply},
                          {"quoted", line},
                          {"in_reply_to", m.message_id.empty() ? "" : "<" + m.message_id + ">"}};
    repo.enqueue_reply(seat->account_id, address->game_id, payload.dump(), now);
    return {kExitOk, reply->empty() ? "shown" : "refused"};
  } catch (...) {
    if (!m.message_id.empty()) repo.forget_inbound(m.message_id);  // let the MTA's retry apply it
    throw;
  }
}

}  // namespace

InboundResult handle_inbound(play::PlayService& s, storage::MailRepository& repo,
                             storage::MessagesRepository& messages, const std::string& domain,
                             const std::string& raw, const std::string& recipient) {
  const auto mail = parse_mail(raw);
  if (!mail) return {kExitOk, "ignored_not_a_message"};
  InboundResult result;
  try {
    result = process(s, repo, messages, domain, *mail, recipient);
  } catch (const std::exception& e) {
    spdlog::warn("mail-in: {}", e.what());
    return {kExitTempFail, "temporary_failure"};
  }
  if (!mail->message_id.empty() && result.outcome.rfind("ignored_replay", 0) != 0 &&
      result.exit_code == kExitOk) {
    try {
      repo.set_inbound_outcome(mail->message_id, result.outcome);
    } catch (const std::exception&) {
      // The outcome column is informational; the move is already stored.
    }
  }
  spdlog::info("mail-in: {} from {} ({})", result.outcome, mail->from, mail->message_id);
  return result;
}

}  // namespace mail
