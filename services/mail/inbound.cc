#include "services/mail/inbound.h"

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

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
      return "No command found: write a move, resign, draw offer, draw accept or show on the "
             "first line.";
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

InboundResult process(play::PlayService& s, storage::MailRepository& repo,
                      const std::string& domain, const InboundMail& m,
                      const std::string& recipient) {
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
    const auto reply = apply_command(s, address->game_id, seat->account_id, parse_command(line));
    if (!reply) return {kExitOk, "applied"};
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
                             const std::string& domain, const std::string& raw,
                             const std::string& recipient) {
  const auto mail = parse_mail(raw);
  if (!mail) return {kExitOk, "ignored_not_a_message"};
  InboundResult result;
  try {
    result = process(s, repo, domain, *mail, recipient);
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
