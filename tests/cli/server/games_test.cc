// `hexpost games`, `next`, `show`, `move`, `draw`, `resign`, `record`, `challenges`, `decline`
// against a real hexpostd: golden text with NO_COLOR=1, JSON fields, and the exit code of every
// error class.
#include <gtest/gtest.h>

#include "tests/cli/server/cli_fixture.h"

namespace {

using namespace clitest;

std::string last_line(const std::string& text) {
  const std::string trimmed = text.substr(0, text.find_last_not_of('\n') + 1);
  return trimmed.substr(trimmed.rfind('\n') + 1);
}

TEST(CliGames, GamesAndShowMatchTheGoldenTextAndTheJson) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("heximeros", p0, p1, {"--days", "3", "--unrated"});
  const std::map<std::string, std::string> names{
      {"ID", id}, {"HASHID", "#" + id + ","}, {"P0", p0.name}, {"P1", p1.name}};

  const auto games = hexpost(p0, {"games"});
  ASSERT_EQ(games.exit_code, 0) << games.err;
  expect_golden("games_seat0.txt", games.out, names);
  const auto theirs = hexpost(p1, {"games"});
  expect_golden("games_seat1.txt", theirs.out, names);
  const json list = parse_out(hexpost(p0, {"games", "--json"}));
  ASSERT_EQ(list.at("games").size(), 1u);
  EXPECT_EQ(list["games"][0].at("id"), id);
  EXPECT_EQ(list["games"][0].at("your_turn"), true);
  // The seat to move has a running clock (shown as "2d 23h"); the other has none ("-").
  EXPECT_TRUE(list["games"][0]["seats"][0].at("deadline").is_string());
  EXPECT_TRUE(list["games"][0]["seats"][1].at("deadline").is_null());

  const auto shown = hexpost(p0, {"show", id});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  expect_golden("show_heximeros_seat0.txt", shown.out, names);
  EXPECT_EQ(shown.err, "");
  const auto other_side = hexpost(p1, {"show", id, "--legal"});
  EXPECT_EQ(last_line(other_side.out), "Legal moves: (not your turn)");
  EXPECT_NE(other_side.out.find("\nTo move: " + p0.name + "\n"), std::string::npos);
  EXPECT_NE(other_side.out, shown.out);  // drawn from the other side

  const json view = parse_out(hexpost(p0, {"show", id, "--json"}));
  EXPECT_EQ(view.at("id"), id);
  EXPECT_EQ(view.at("clock").at("days_per_move"), 3);
  EXPECT_EQ(view.at("rated"), false);
  const auto legal = hexpost(p0, {"show", id, "--legal"});
  const std::string listed = legal.out.substr(legal.out.find("\nLegal moves (") + 1);
  EXPECT_EQ(first_line(listed),
            "Legal moves (" + std::to_string(view.at("legal_moves").size()) + "):");
  // Grouped by kind: here the piece and the cell it leaves, as in the rules notation.
  const std::string first = view["legal_moves"][0];
  EXPECT_EQ(listed.find("\n  Cavalier on [-4,-10] ("), listed.find('\n')) << listed;
  EXPECT_NE(listed.find(": " + first + ", "), std::string::npos) << listed;

  // `next` opens the game where it is my turn; nothing waits for the other player.
  EXPECT_EQ(hexpost(p0, {"next"}).out, shown.out);
  const auto none = hexpost(p1, {"next"});
  EXPECT_EQ(none.exit_code, 0);  // nothing waiting is no failure
  EXPECT_EQ(none.err, "No game is waiting for you.\n");
}

// Makes it `user`'s turn or not (heximeros: seat 0 moves first, then seat 1).
void set_turn(const std::string& id, const User& user, const User& p0, const User& p1, bool mine) {
  (void)p1;
  if ((user.name == p0.name) == mine) return;
  const std::string move = parse_out(hexpost(p0, {"show", id, "--json"})).at("legal_moves")[0];
  ASSERT_EQ(hexpost(p0, {"move", id, move}).exit_code, 0);
}

TEST(CliGames, GamesListsMyTurnFirstThenTheMostUrgentDeadline) {
  CLI_REQUIRE_SERVER();
  const User me = sign_up("me");
  const User you = sign_up("you");
  std::vector<std::string> ids;
  for (const char* days : {"5", "1", "2"}) {
    const auto made = hexpost(me, {"challenge", you.name, "--game", "heximeros", "--days", days});
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const auto accepted = hexpost(you, {"accept", first_line(made.out)});
    ASSERT_EQ(accepted.exit_code, 0) << accepted.err;
    ids.push_back(first_line(accepted.out));
  }
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const bool me_first = parse_out(hexpost(me, {"show", ids[i], "--json"})).at("your_seat") == 0;
    set_turn(ids[i], me, me_first ? me : you, me_first ? you : me, i < 2);
  }
  const auto games = hexpost(me, {"games"});
  ASSERT_EQ(games.exit_code, 0) << games.err;
  // Piped: no header, one row per game, cells separated by tabs:
  // ID GAME TURN PLY LEFT STATUS OPPONENTS.
  std::vector<std::vector<std::string>> rows;
  for (const std::string& line : lines_of(games.out)) rows.push_back(fields_of(line));
  ASSERT_EQ(rows.size(), 3u) << games.out;
  // The 1-day game (my turn), the 5-day game (my turn), then the 2-day game (their turn).
  auto pick = [](const std::vector<std::string>& row) {
    return row.size() == 7 ? std::vector<std::string>{row[0], row[1], row[2], row[4]} : row;
  };
  EXPECT_EQ(pick(rows[0]), (std::vector<std::string>{ids[1], "heximeros", "you", "23h"}));
  EXPECT_EQ(pick(rows[1]), (std::vector<std::string>{ids[0], "heximeros", "you", "4d 23h"}));
  EXPECT_EQ(pick(rows[2]), (std::vector<std::string>{ids[2], "heximeros", "them", "1d 23h"}));
}

TEST(CliGames, MoveDryRunConflictsAndTheServersReasonVerbatim) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("iso-path", p0, p1);
  User mover = p0, waiter = p1;
  json view = parse_out(hexpost(p0, {"show", id, "--json"}));
  if (!view.at("your_turn").get<bool>()) std::swap(mover, waiter);
  view = parse_out(hexpost(mover, {"show", id, "--json"}));
  const std::string move = view.at("legal_moves")[0];

  // --dry-run: offline rules check, then the server's preview; nothing is played.
  const auto dry = hexpost(mover, {"move", id, move, "--dry-run"});
  EXPECT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_EQ(dry.out, move + "\n");
  EXPECT_EQ(dry.err, "Legal (checked offline and by the server); not played.\n");
  const auto bad_offline = hexpost(mover, {"move", id, "zz9", "--dry-run"});
  EXPECT_EQ(bad_offline.exit_code, 1);
  // Without --dry-run the server refuses with the same reason (the same rules library).
  const auto bad = hexpost(mover, {"move", id, "zz9"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.out, "");
  // Both say where the notation and the legal moves are.
  const std::string hint =
      "hexpost: the notation: hexpost rules notation iso-path; the legal "
      "moves: hexpost show " +
      id + " --legal\n";
  ASSERT_GT(bad_offline.err.size(), hint.size());
  EXPECT_EQ(bad_offline.err.substr(bad_offline.err.size() - hint.size()), hint);
  const std::string reason = bad_offline.err.substr(0, bad_offline.err.size() - hint.size() - 1);
  EXPECT_EQ(bad.err, reason + " (bad_notation)\n" + hint);

  const auto illegal = hexpost(mover, {"move", id, "a1-a2"});
  EXPECT_EQ(illegal.exit_code, 1);
  EXPECT_NE(illegal.err.find(" (illegal_move)\n" + hint), std::string::npos) << illegal.err;

  const auto not_yours = hexpost(waiter, {"move", id, move});
  EXPECT_EQ(not_yours.exit_code, 3);
  EXPECT_EQ(not_yours.err, "hexpost: it is not your turn (not_your_turn)\n");
  EXPECT_EQ(parse_out(hexpost(mover, {"show", id, "--json"})).at("ply"), 0);

  const auto played = hexpost(mover, {"move", id, move});
  ASSERT_EQ(played.exit_code, 0) << played.err;
  EXPECT_EQ(first_line(played.out), move);
  EXPECT_NE(played.out.find("\nTo move: " + waiter.name + "\n"), std::string::npos);
  const json after = parse_out(hexpost(waiter, {"show", id, "--json"}));
  EXPECT_EQ(after.at("ply"), 1);
  EXPECT_EQ(after.at("moves")[0].at("move"), move);
  EXPECT_NE(
      hexpost(waiter, {"show", id}).out.find("\nLast moves: 1." + mover.name + " " + move + "\n"),
      std::string::npos);

  // A board seen at ply 0 is stale now: conflict, exit 3.
  const std::string reply = after.at("legal_moves")[0];
  const auto stale = hexpost(waiter, {"move", id, reply, "--ply", "0"});
  EXPECT_EQ(stale.exit_code, 3);
  EXPECT_EQ(stale.err, "hexpost: the game is at ply 1, not 0 (stale_ply)\n");
  const json answer = parse_out(hexpost(waiter, {"move", id, reply, "--json"}));
  EXPECT_EQ(answer.at("move"), reply);
  EXPECT_EQ(answer.at("ply"), 2);
  EXPECT_EQ(answer.at("game").at("ply"), 2);
  // Unknown game: 404 -> exit 1.
  const auto missing = hexpost(mover, {"show", "999999999"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("(game_not_found)"), std::string::npos) << missing.err;
}

TEST(CliGames, DrawResignRecordAndVerify) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("iso-path", p0, p1);
  const auto offer = hexpost(p0, {"draw", "offer", id, "--json"});
  ASSERT_EQ(offer.exit_code, 0) << offer.err;
  EXPECT_EQ(parse_out(offer).at("draw_offers"), json::array({0}));
  EXPECT_EQ(hexpost(p1, {"draw", "decline", id}).exit_code, 0);
  EXPECT_EQ(parse_out(hexpost(p0, {"show", id, "--json"})).at("draw_offers"), json::array());
  const auto no_offer = hexpost(p1, {"draw", "accept", id});
  EXPECT_EQ(no_offer.exit_code, 1);
  EXPECT_NE(no_offer.err.find("(no_draw_offer)"), std::string::npos) << no_offer.err;

  // While the game is active the seed is secret: verify replays with the recorded draws.
  const auto active = hexpost(p1, {"verify", id});
  EXPECT_EQ(active.exit_code, 0);
  EXPECT_EQ(active.out, "OK\n");
  EXPECT_EQ(active.err,
            "checked: the server seed is revealed when the game ends: commitment and draws not "
            "re-derived\n"
            "checked: 0 entries replayed with the rules library; hash chain recomputed\n");

  const auto resigned = hexpost(p1, {"resign", id, "--yes"});
  ASSERT_EQ(resigned.exit_code, 0) << resigned.err;
  EXPECT_NE(resigned.out.find("\nGame over: finished: "), std::string::npos) << resigned.out;
  const auto record = hexpost(p0, {"record", id});
  ASSERT_EQ(record.exit_code, 0);
  EXPECT_EQ(first_line(record.out), "[Event \"Hexpost game " + id + "\"]");
  EXPECT_NE(record.out.find("[Seat0 \"" + p0.name + "\"]\n[Seat1 \"" + p1.name + "\"]"),
            std::string::npos);
  EXPECT_NE(record.out.find("\nresign 1 ; ply 1 "), std::string::npos) << record.out;

  const json record_json = parse_out(hexpost(p0, {"record", id, "--json"}));
  EXPECT_EQ(record_json.at("moves").size(), 1u);
  EXPECT_EQ(record_json.at("status"), "finished");

  const json report = parse_out(hexpost(p0, {"verify", id, "--json"}));
  EXPECT_EQ(report, json({{"ok", true},
                          {"entries", 1},
                          {"checked",
                           {"commitment matches the revealed server seed",
                            "1 entries replayed with the rules library; hash chain recomputed"}},
                          {"differences", json::array()}}));

  const auto verified = hexpost(p0, {"verify", id});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
  EXPECT_EQ(verified.out, "OK\n");
  EXPECT_EQ(verified.err,
            "checked: commitment matches the revealed server seed\n"
            "checked: 1 entries replayed with the rules library; hash chain recomputed\n");
  const auto over = hexpost(p0, {"resign", id, "--yes"});
  EXPECT_EQ(over.exit_code, 1);
  EXPECT_NE(over.err.find("(game_over)"), std::string::npos) << over.err;
}

TEST(CliGames, ResignNeedsYesInScriptsAndItsTextsAgree) {
  CLI_REQUIRE_SERVER();
  User p0, p1;
  const std::string id = start_game("hex-quoridor", p0, p1);
  // Without a terminal and without --yes: a usage error before any request; nothing changes.
  const auto refused = hexpost(p0, {"resign", id});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.out, "");
  EXPECT_EQ(refused.err,
            "hexpost: resign asks for confirmation on a terminal; pass --yes to resign from a "
            "script\n");
  EXPECT_EQ(parse_out(hexpost(p0, {"show", id, "--json"})).at("status"), "active");

  for (int ply = 0; ply < 2; ++ply) {
    const json view = parse_out(hexpost(p0, {"show", id, "--json"}));
    const User& mover = view.at("your_turn").get<bool>() ? p0 : p1;
    const std::string move = parse_out(hexpost(mover, {"show", id, "--json"})).at("legal_moves")[0];
    ASSERT_EQ(hexpost(mover, {"move", id, move}).exit_code, 0);
  }
  const auto resigned = hexpost(p0, {"resign", id, "--yes"});
  ASSERT_EQ(resigned.exit_code, 0) << resigned.err;
  // The header and the board count the same plies: two moves and the resignation.
  EXPECT_EQ(first_line(resigned.out), "hex-quoridor #" + id + ", ply 3, finished, rated");
  EXPECT_NE(resigned.out.find("\nHex Quoridor, 61 cells, ply 3: seat 0 resigned, seat 1 wins\n"),
            std::string::npos)
      << resigned.out;
  EXPECT_EQ(last_line(resigned.out), "Game over: finished: seat 0 resigned, seat 1 wins; " +
                                         p0.name + " #2; " + p1.name + " #1");
}

TEST(CliGames, ChallengesSeekDeclineAndBadOptions) {
  CLI_REQUIRE_SERVER();
  const User a = sign_up("cha");
  const User b = sign_up("chb");
  const auto made = hexpost(a, {"challenge", b.name, "--game", "hex-quoridor", "--option",
                                "board-size=5", "--days", "5", "--json"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const json challenge = parse_out(made);
  const std::string cid = challenge.at("id");
  EXPECT_EQ(challenge.at("options").at("board-size"), "5");
  EXPECT_EQ(challenge.at("rated"), true);
  const auto listed = hexpost(b, {"challenges"});
  expect_golden("challenges.txt", listed.out, {{"ID", cid}, {"A", a.name}, {"B", b.name}});
  const auto declined = hexpost(b, {"decline", cid, "--reason", "busy"});
  EXPECT_EQ(declined.exit_code, 0) << declined.err;
  EXPECT_EQ(declined.err, "Declined challenge " + cid + ".\n");
  EXPECT_EQ(hexpost(b, {"challenges"}).err, "No open challenges.\n");

  const auto seek = hexpost(a, {"seek", "--game", "mojave", "--days", "2"});
  ASSERT_EQ(seek.exit_code, 0) << seek.err;
  const std::string sid = first_line(seek.out);
  const auto joined = hexpost(b, {"accept", sid, "--json"});
  EXPECT_EQ(joined.exit_code, 0) << joined.err;
  EXPECT_TRUE(parse_out(joined).at("game_id").is_string());

  const auto bad = hexpost(a, {"challenge", b.name, "--game", "mojave", "--option", "x=y"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("(bad_options)"), std::string::npos) << bad.err;
  EXPECT_EQ(hexpost(a, {"challenge", b.name, "--game", "mojave", "--bank", "lots"}).exit_code, 2);
  EXPECT_EQ(
      hexpost(a, {"challenge", b.name, "--game", "mojave", "--days", "2", "--bank", "3"}).exit_code,
      2);
}

TEST(CliGames, RateLimitedExitsFiveWithRetryAfter) {
  CLI_REQUIRE_SERVER();
  const User user = sign_up("rat");
  const std::map<std::string, std::string> limited{{"HEXPOST_SERVER", rate_limited_server_url()}};
  int last = 0;
  testsupport::RunResult r;
  for (int i = 0; i < 5 && last != 5; ++i) {
    r = hexpost(user, {"games"}, "", limited);
    last = r.exit_code;
  }
  EXPECT_EQ(last, 5);
  EXPECT_NE(r.err.find("(rate_limited); retry after "), std::string::npos) << r.err;
}

}  // namespace
