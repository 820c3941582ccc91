// Pure tests of services/domain (no database, no HTTP): credentials and start_game.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "lib/fairness/fairness.h"
#include "services/domain/credentials.h"
#include "services/domain/game_logic.h"
#include "services/domain/login_policy.h"
#include "tests/services/game/counting_game.h"

namespace {

TEST(Credentials, TokensHavePrefixFullEntropyAndAreUnique) {
  const std::string a = domain::new_token(), b = domain::new_token();
  EXPECT_NE(a, b);
  EXPECT_EQ(a.rfind("hxp_", 0), 0u);
  EXPECT_EQ(a.size(), 47u);  // 62^43 > 2^256
  EXPECT_TRUE(domain::plausible_token(a));
  EXPECT_FALSE(domain::plausible_token("hxp_short"));
  EXPECT_FALSE(domain::plausible_token("xyz_" + a.substr(4)));
  EXPECT_EQ(domain::token_hash(a).size(), 64u);
  EXPECT_EQ(domain::token_hash(a), domain::token_hash(a));
}

TEST(Credentials, Argon2idHashesVerifyAndCarryOwaspParameters) {
  domain::PasswordHasher hasher;
  const std::string hash = hasher.hash("correct horse battery staple");
  EXPECT_EQ(hash.rfind("$argon2id$v=19$m=19456,t=2,p=1$", 0), 0u) << hash;
  EXPECT_TRUE(hasher.verify("correct horse battery staple", hash));
  EXPECT_FALSE(hasher.verify("correct horse battery stapler", hash));
  EXPECT_FALSE(hasher.verify("x", "not a hash"));
  EXPECT_NE(hasher.hash("same"), hasher.hash("same"));  // salted
}

TEST(Credentials, LoginBackoffDoublesAfterTheFreeFailuresUpToTheCap) {
  domain::LoginPolicy policy;
  policy.free_failures = 5;
  policy.backoff_base = std::chrono::milliseconds(1000);
  policy.backoff_max = std::chrono::seconds(900);
  const auto ms = [&](int failures) { return domain::login_backoff(policy, failures).count(); };
  EXPECT_EQ(ms(0), 0);
  EXPECT_EQ(ms(4), 0);
  EXPECT_EQ(ms(5), 1000);
  EXPECT_EQ(ms(6), 2000);
  EXPECT_EQ(ms(9), 16000);
  EXPECT_EQ(ms(14), 512000);
  EXPECT_EQ(ms(15), 900000);
  EXPECT_EQ(ms(1'000'000), 900000);
}

TEST(Credentials, UsernamePattern) {
  EXPECT_TRUE(domain::valid_username("alice"));
  EXPECT_TRUE(domain::valid_username("Bob_the-2nd"));
  EXPECT_FALSE(domain::valid_username("al"));
  EXPECT_FALSE(domain::valid_username("1alice"));
  EXPECT_FALSE(domain::valid_username("alice bob"));
  EXPECT_FALSE(domain::valid_username(std::string(25, 'a')));
  EXPECT_FALSE(domain::valid_username("al'ice"));
}

domain::ChallengeRecord challenge(int players) {
  domain::ChallengeRecord c;
  c.id = 1;
  c.game = "counting";
  c.players = players;
  c.server_seed_hex = fairness::to_hex(fairness::sha256("server seed"));
  for (int i = 0; i < players; ++i) {
    domain::ChallengePlayer p;
    p.account_id = 100 + i;
    p.slot = i;
    p.accepted = true;
    p.player_seed = "seed" + std::to_string(i);
    c.players_list.push_back(p);
  }
  return c;
}

TEST(StartGame, SeatsAreAPermutationDrawnFromTheGameSeed) {
  const domain::Catalog catalog({&testgame::counting_game()});
  auto first = domain::start_game(catalog, challenge(3), 42);
  auto again = domain::start_game(catalog, challenge(3), 42);
  ASSERT_TRUE(std::holds_alternative<domain::NewGame>(first));
  const auto& g = std::get<domain::NewGame>(first);
  EXPECT_EQ(g.seat_accounts, std::get<domain::NewGame>(again).seat_accounts);
  std::vector<domain::Id> sorted = g.seat_accounts;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<domain::Id>{100, 101, 102}));
  EXPECT_NE(g.setup_draws.find("seat:"), std::string::npos);
  // Over many game ids every account gets seat 0 sometimes.
  std::set<domain::Id> first_seat;
  for (int id = 1; id < 40; ++id) {
    first_seat.insert(
        std::get<domain::NewGame>(domain::start_game(catalog, challenge(3), id)).seat_accounts[0]);
  }
  EXPECT_EQ(first_seat.size(), 3u);
}

TEST(StartGame, BadOptionsAreRefusedWithTheRulesReason) {
  const domain::Catalog catalog({&testgame::counting_game()});
  domain::ChallengeRecord c = challenge(2);
  c.options_json = R"({"target": 1})";
  auto refused = domain::start_game(catalog, c, 1);
  ASSERT_TRUE(std::holds_alternative<std::string>(refused));
  EXPECT_NE(std::get<std::string>(refused).find("target"), std::string::npos);
}

}  // namespace
