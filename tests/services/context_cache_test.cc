// play::ContextCache: what it keeps and forgets (the move path's contract with it is tested
// over HTTP in tests/services/game/cached_context_test.cc).

#include "services/play/context_cache.h"

#include <gtest/gtest.h>

namespace {

storage::GameRecord game_at(storage::Id id, int ply, std::int64_t version,
                            const std::string& status = "active") {
  storage::GameRecord game;
  game.id = id;
  game.ply = ply;
  game.version = version;
  game.status = status;
  return game;
}

int cached_ply(const play::ContextCache& cache, storage::Id id) {
  auto game = cache.game(id);
  return game ? game->ply : -1;
}

TEST(ContextCache, KeepsTheNewestVersionOfAnActiveGameOnly) {
  play::ContextCache cache;
  cache.remember(game_at(1, 4, 5));
  cache.remember(game_at(1, 3, 4));  // an older read arriving late
  EXPECT_EQ(cached_ply(cache, 1), 4);
  cache.remember(game_at(1, 4, 6));  // same ply, newer version (a draw offer)
  EXPECT_EQ(cache.game(1)->version, 6);
  cache.remember(game_at(1, 5, 7, "finished"));
  EXPECT_EQ(cached_ply(cache, 1), -1);
  cache.remember(game_at(2, 0, 1, "aborted"));
  EXPECT_EQ(cached_ply(cache, 2), -1);
}

TEST(ContextCache, ForgetsACopyBeforeTheGivenPlyOrAlways) {
  play::ContextCache cache;
  cache.remember(game_at(1, 6, 7));
  cache.forget_game(1, 6);  // an event of the move this copy already holds
  EXPECT_EQ(cached_ply(cache, 1), 6);
  cache.forget_game(1, 7);  // a later move, made elsewhere
  EXPECT_EQ(cached_ply(cache, 1), -1);
  cache.remember(game_at(1, 7, 8));
  cache.forget_game(1);
  EXPECT_EQ(cached_ply(cache, 1), -1);
}

TEST(ContextCache, IsEmptiedOfAKindWhenFull) {
  play::ContextCache cache(2);
  storage::Principal a, b, c;
  a.token_hash = "a";
  b.token_hash = "b";
  c.token_hash = "c";
  c.account_id = 3;
  cache.remember(a);
  cache.remember(b);
  cache.remember(game_at(1, 0, 1));
  cache.remember(c);  // the third token empties the tokens, not the games
  EXPECT_FALSE(cache.principal("a"));
  EXPECT_FALSE(cache.principal("b"));
  ASSERT_TRUE(cache.principal("c"));
  EXPECT_EQ(cache.principal("c")->account_id, 3);
  EXPECT_EQ(cached_ply(cache, 1), 0);
}

}  // namespace
