#include "services/play/context_cache.h"

namespace play {

std::optional<Principal> ContextCache::principal(const std::string& token_hash) const {
  std::lock_guard lock(mutex_);
  auto it = principals_.find(token_hash);
  if (it == principals_.end()) return std::nullopt;
  return it->second.principal;
}

std::optional<Principal> ContextCache::principal(
    const std::string& token_hash, std::chrono::steady_clock::duration max_age) const {
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mutex_);
  auto it = principals_.find(token_hash);
  if (it == principals_.end() || now - it->second.looked_up > max_age) return std::nullopt;
  return it->second.principal;
}

std::optional<GameRecord> ContextCache::game(Id game_id) const {
  std::lock_guard lock(mutex_);
  auto it = games_.find(game_id);
  if (it == games_.end()) return std::nullopt;
  return it->second;
}

void ContextCache::remember(const Principal& principal) {
  std::lock_guard lock(mutex_);
  if (principals_.size() >= max_entries_) principals_.clear();
  principals_.insert_or_assign(principal.token_hash,
                               HeldPrincipal{principal, std::chrono::steady_clock::now()});
}

void ContextCache::forget_token(Id token_id) {
  std::lock_guard lock(mutex_);
  std::erase_if(principals_, [token_id](const auto& held) {
    return held.second.principal.token_id == token_id;
  });
}

void ContextCache::remember(const GameRecord& game) {
  std::lock_guard lock(mutex_);
  if (game.status != "active") {
    games_.erase(game.id);
    return;
  }
  auto it = games_.find(game.id);
  if (it != games_.end()) {
    if (it->second.version < game.version) it->second = game;
    return;
  }
  if (games_.size() >= max_entries_) games_.clear();
  games_.emplace(game.id, game);
}

void ContextCache::forget_game(Id game_id, std::optional<int> kept_from_ply) {
  std::lock_guard lock(mutex_);
  auto it = games_.find(game_id);
  if (it != games_.end() && (!kept_from_ply || it->second.ply < *kept_from_ply)) games_.erase(it);
}

}  // namespace play
