// PlayService's conditional moves: storing a seat's lines, and following them as moves are made
// (docs/game-service.md "Conditional moves").
#include <spdlog/spdlog.h>

#include <algorithm>

#include "rules/core/play.h"
#include "services/play/play_service.h"

namespace play {

namespace {

// Lines stored again after the game moved while they were checked.
constexpr int kStoreAttempts = 5;
// Looks at the game's lines per settle_conditionals(): each reply stored and each lost race
// takes one, so this bounds a settle at about half as many replies.
constexpr int kSettleRounds = 2 * static_cast<int>(domain::kMaxLineMoves) + 8;

bool seat_to_move(const GameRecord& game, int seat) {
  return std::find(game.to_move.begin(), game.to_move.end(), seat) != game.to_move.end();
}

// The canonical moves made after `ply`.
std::vector<std::string> played_after(const std::vector<storage::MoveRecord>& moves, int ply) {
  std::vector<std::string> played;
  for (const auto& m : moves) {
    if (m.ply > ply) played.emplace_back(rules::strip_annotation(m.record));
  }
  return played;
}

LinesOutcome lines_refused(domain::LineRefusal refusal, GameRecord game) {
  LinesOutcome out;
  out.kind = LinesOutcome::Kind::kRefused;
  out.refusal = std::move(refusal);
  out.game = std::move(game);
  return out;
}

}  // namespace

LinesOutcome PlayService::store_lines(Id game_id, Id account_id,
                                      const std::vector<domain::Line>& lines,
                                      std::optional<int> seen_ply) {
  for (int attempt = 0; attempt < kStoreAttempts; ++attempt) {
    // Lines that follow moves not yet settled would be cut wrongly: settle first.
    settle_conditionals(game_id);
    auto loaded = load(game_id, false);
    if (!loaded) return {};
    const GameRecord& game = loaded->game;
    if (seen_ply && *seen_ply != game.ply && domain::seat_of(game, account_id) >= 0) {
      const std::string message =
          "the game is at ply " + std::to_string(game.ply) + ", not " + std::to_string(*seen_ply);
      return lines_refused({-1, -1, "", {domain::RefusalKind::kStalePly, message, {}}}, game);
    }
    auto checked = domain::check_lines(catalog_, game, account_id, lines);
    if (auto* refusal = std::get_if<domain::LineRefusal>(&checked)) {
      return lines_refused(std::move(*refusal), game);
    }
    storage::ConditionalLines row;
    row.game_id = game_id;
    row.account_id = account_id;
    row.seat = domain::seat_of(game, account_id);
    row.base_ply = game.ply;
    row.lines = std::move(std::get<std::vector<domain::Line>>(checked));
    row.stored_at = now_text();
    if (!conditionals_.store(row)) continue;  // the game moved meanwhile: check again
    LinesOutcome out;
    out.kind = LinesOutcome::Kind::kStored;
    out.game = game;
    out.lines = std::move(row);
    return out;
  }
  LinesOutcome out;
  out.kind = LinesOutcome::Kind::kGaveUp;
  return out;
}

void PlayService::clear_lines(Id game_id, Id account_id) {
  conditionals_.clear(game_id, account_id);
  conditionals_.settle_flag(game_id);
}

std::optional<storage::ConditionalLines> PlayService::lines_of(Id game_id, Id account_id) {
  settle_conditionals(game_id);
  return conditionals_.find(game_id, account_id);
}

std::vector<storage::ConditionalLines> PlayService::line_history(Id game_id) {
  return conditionals_.history(game_id);
}

int PlayService::settle_conditionals(Id game_id) {
  int replies = 0;
  for (int round = 0; round < kSettleRounds; ++round) {
    const std::vector<storage::ConditionalLines> rows = conditionals_.of_game(game_id);
    const auto loaded = rows.empty() ? std::nullopt : load(game_id, true);
    Settled settled = Settled::kDropped;  // no rows: the flag may be stale
    if (loaded && loaded->game.status == "active") {
      settled = settle_step(rows, *loaded, replies);
      if (settled == Settled::kLookAgain) continue;
    } else if (loaded) {
      conditionals_.clear_game(game_id);  // the game is over: the lines have nothing to answer
    }
    if (settled == Settled::kDropped) conditionals_.settle_flag(game_id);
    return replies;
  }
  spdlog::warn("conditional lines of game {}: still moving after {} rounds", game_id,
               kSettleRounds);
  return replies;
}

PlayService::Settled PlayService::settle_step(const std::vector<storage::ConditionalLines>& rows,
                                              const LoadedGame& loaded, int& replies) {
  const GameRecord& game = loaded.game;
  Settled settled = Settled::kDone;
  for (const storage::ConditionalLines& row : rows) {
    const bool to_move = seat_to_move(game, row.seat);
    const std::vector<std::string> played = played_after(loaded.moves, row.base_ply);
    std::vector<domain::Line> left = domain::follow_lines(row.lines, played);
    // The seat is to move and a line answers the moves made: the reply is the line's next
    // move (every line that is left agrees on it, check_lines saw to that).
    if (to_move && !left.empty()) {
      if (play_reply(row, game, left.front().front(), replies)) return Settled::kLookAgain;
      left.clear();  // refused: the lines are dropped
    }
    if (played.empty() && !to_move) continue;
    if (to_move) left.clear();
    conditionals_.advance(game.id, row.account_id, row.base_ply, game.ply, left);
    if (left.empty()) settled = Settled::kDropped;
  }
  return settled;
}

// Submits `reply` as the row's seat at the game's ply: true when it was stored or lost a race
// (look again), false when it was refused (the row is then dropped: a line never plays a move
// the game refuses).
bool PlayService::play_reply(const storage::ConditionalLines& row, const GameRecord& game,
                             const std::string& reply, int& replies) {
  Submission s;
  s.game_id = game.id;
  s.actor.account_id = row.account_id;
  s.move = reply;
  s.seen_ply = game.ply;
  s.conditional_reply = true;
  const Outcome out = submit_entry(s, std::nullopt);
  if (out.kind == Outcome::Kind::kApplied) {
    // The seat was not to be told of the turn its reply answered: its "your turn" mail for
    // that ply is withdrawn unless already sent (docs/mail.md).
    conditionals_.suppress_turn_mail(game.id, row.account_id, game.ply);
    ++replies;
    return true;
  }
  const bool raced =
      out.kind == Outcome::Kind::kGaveUp ||
      (out.kind == Outcome::Kind::kRefused && out.refusal->kind == domain::RefusalKind::kStalePly);
  if (!raced) {
    spdlog::info("conditional reply {} in game {} refused: {}", reply, game.id,
                 out.refusal ? out.refusal->message : "not stored");
  }
  return raced;
}

int PlayService::settle_pending_conditionals(int limit) {
  int replies = 0;
  for (Id game_id : conditionals_.pending_games(limit)) {
    try {
      replies += settle_conditionals(game_id);
    } catch (const std::exception& e) {
      spdlog::error("conditional lines of game {}: {}", game_id, e.what());
    }
  }
  return replies;
}

}  // namespace play
