#include "services/mail/inbound.h"

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "services/domain/clock_rules.h"
#include "services/mail/addresses.h"
#include "services/storage/pool.h"

namespace mail {

namespace {

using nlohmann::json;
constexpr int kRetries = 5;

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

// A move or resignation, as POST /v1/games/{id}/moves and /resign decide and store it.
std::optional<domain::Refusal> play_entry(api::GameService& s, storage::Id game_id,
                                          storage::Id account, const MailCommand& command) {
  for (int attempt = 0; attempt < kRetries; ++attempt) {
    const hxclock::TimePoint at = s.clock.now();
    auto loaded = s.games.load(game_id, hxclock::to_rfc3339(at), false);
    if (!loaded) return refusal("No game " + std::to_string(game_id) + ".");
    const storage::GameRecord& game = loaded->game;
    if (auto late = domain::check_deadline(game, account, at)) {
      s.sweeper.expire_game(game_id, at);
      return late;
    }
    auto decided = command.kind == MailCommand::Kind::kResign
                       ? domain::decide_resign(s.catalog, game, account)
                       : domain::decide_move(s.catalog, game, account, command.move,
                                             command.seen_ply.value_or(game.ply));
    if (auto* refused = std::get_if<domain::Refusal>(&decided)) return *refused;
    auto& d = std::get<domain::EntryDecision>(decided);
    d.write.at = hxclock::to_rfc3339(at);
    if (s.games.append_entry(d.write).outcome == storage::WriteOutcome::kApplied) return {};
    // Lost a race: decide again on the fresh row (with a #ply guard, a ply that moved on is
    // refused there as stale).
  }
  return refusal("The game kept changing; try again.");
}

// Draw offers and acceptances, as POST /v1/games/{id}/draw.
std::optional<domain::Refusal> draw(api::GameService& s, storage::Id game_id, storage::Id account,
                                    const std::string& action) {
  for (int attempt = 0; attempt < kRetries; ++attempt) {
    auto loaded = s.games.load(game_id, hxclock::to_rfc3339(s.clock.now()), true);
    if (!loaded) return refusal("No game " + std::to_string(game_id) + ".");
    auto decided = domain::decide_draw(loaded->game, loaded->moves, account, action);
    if (auto* refused = std::get_if<domain::Refusal>(&decided)) return *refused;
    auto w = std::get<storage::StatusWrite>(decided);
    w.at = hxclock::to_rfc3339(s.clock.now());
    if (s.games.update_status(w).outcome == storage::WriteOutcome::kApplied) return {};
  }
  return refusal("The game kept changing; try again.");
}

// Applies the command; the refusal reason (empty for `show`) when a reply is due, or nothing.
std::optional<std::string> apply_command(api::GameService& s, storage::Id game_id,
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

InboundResult process(api::GameService& s, storage::MailRepository& repo, const std::string& domain,
                      const InboundMail& m, const std::string& recipient) {
  if (m.auto_reply) return {kExitOk, "ignored_auto_reply"};
  const auto address = find_move_address(m, domain, recipient);
  if (!address) return {kExitNoUser, "unknown_address"};
  const auto seat = repo.seat_identity(address->game_id, address->seat);
  if (!seat || !same_tag(move_tag(seat->secret, address->game_id, address->seat), address->tag)) {
    return {kExitNoUser, "bad_tag"};
  }
  if (lower(m.from) != lower(seat->email)) return {kExitOk, "ignored_forged_sender"};
  const std::string now = hxclock::to_rfc3339(s.clock.now());
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

InboundResult handle_inbound(api::GameService& s, storage::MailRepository& repo,
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
