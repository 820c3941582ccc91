#include "lib/competition/trf.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "lib/competition/pairing.h"

namespace competition {
namespace {

std::string fixed(const std::string& text, std::size_t width) {
  std::string out = text.substr(0, width);
  out.resize(width, ' ');
  return out;
}

std::string right(const std::string& text, std::size_t width) {
  return text.size() >= width ? text.substr(0, width)
                              : std::string(width - text.size(), ' ') + text;
}

std::string points(double score) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.1f", score);
  return right(buffer, 4);
}

// A score line's value: "1.0", "0.5", "0.25" (JaVaFo's XXS values have one decimal at least).
std::string decimal(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", value);
  std::string out = buffer;
  while (out.back() == '0' && out[out.size() - 2] != '.') out.pop_back();
  return out;
}

char result_code(double score) { return score == 1.0 ? '1' : (score == 0.0 ? '0' : '='); }

// "  oooo c r" for one round of `player` (10 characters); `pending`: paired, no result yet.
std::string round_block(int player, const GameResult* r, bool pending) {
  if (r == nullptr) return "  0000 - Z";       // not paired: zero-point bye
  if (r->second == kBye) return "  0000 - U";  // pairing-allocated, its points in XXS PAB=
  const bool white = r->first == player;
  const int opponent = white ? r->second : r->first;
  const double score = white ? r->first_score : 1.0 - r->first_score;
  return "  " + right(std::to_string(opponent + 1), 4) + (white ? " w " : " b ") +
         (pending ? ' ' : result_code(score));
}

}  // namespace

std::string trf_export(const TrfTournament& t) {
  const int n = static_cast<int>(t.players.size());
  const auto table = standings(n, t.rounds, t.results, TieBreakOrder::kSwiss);
  std::map<int, std::pair<int, double>> place;  // player -> (place, score)
  for (std::size_t i = 0; i < table.size(); ++i)
    place[table[i].player] = {static_cast<int>(i) + 1, table[i].score};
  std::map<std::pair<int, int>, std::pair<const GameResult*, bool>> by_round;  // (player, round)
  int played_rounds = 0;
  for (const auto* list : {&t.results, &t.pending})
    for (const auto& r : *list) {
      const bool pending = list == &t.pending;
      by_round[{r.first, r.round}] = {&r, pending};
      if (r.second != kBye) by_round[{r.second, r.round}] = {&r, pending};
      played_rounds = std::max(played_rounds, r.round);
    }
  std::string out = "012 " + t.name + "\n042 " + t.start_date + "\n052 " + t.end_date + "\n062 " +
                    std::to_string(n) + "\n092 Swiss (FIDE Dutch)\nXXR " +
                    std::to_string(t.rounds) + "\n";
  if (t.bye_points != 1.0)  // JaVaFo's score line, and bbpPairings' (which ignores XXS)
    out += "XXS PAB=" + decimal(t.bye_points) + "\nBBU " + points(t.bye_points) + "\n";
  for (int p = 0; p < n; ++p) {
    const auto& player = t.players[static_cast<std::size_t>(p)];
    std::string line = "001 " + right(std::to_string(p + 1), 4) + " " + fixed("", 4) + " " +
                       fixed(player.name, 33) + " " +
                       right(player.rating > 0 ? std::to_string(player.rating) : "", 4) + " " +
                       fixed("", 3) + " " + fixed("", 11) + " " + fixed("", 10) + " " +
                       points(place[p].second) + " " + right(std::to_string(place[p].first), 4);
    for (int round = 1; round <= played_rounds; ++round) {
      auto it = by_round.find({p, round});
      line += it == by_round.end() ? round_block(p, nullptr, false)
                                   : round_block(p, it->second.first, it->second.second);
    }
    out += line + "\n";
  }
  return out;
}

namespace {

constexpr std::size_t kFirstRound = 89;  // the first round block's column, from 0
constexpr std::size_t kBlock = 10;       // "  oooo c r"

TrfRound parse_block(const std::string& line, std::size_t start) {
  TrfRound out;
  if (line.size() < start + kBlock) return out;
  out.opponent = std::atoi(line.substr(start + 2, 4).c_str()) - 1;
  out.colour = line[start + 7];
  out.result = line[start + 9];
  return out;
}

// The points of a game's result code (rated 1 = 0, unrated W D L), or -1 for another code.
double game_points(char result) {
  if (result == '1' || result == 'W') return 1.0;
  if (result == '=' || result == 'D') return 0.5;
  if (result == '0' || result == 'L') return 0.0;
  return -1.0;
}

void record_round(std::vector<SwissPlayer>& players, int round, int p, const TrfRound& r,
                  double bye_points) {
  if (r.opponent < 0 && r.result == 'U') swiss_record(players, round, {p, kBye}, bye_points);
  // Unplayed, from each player's own line (a double forfeit is - on both): F and + score a
  // point, H half a point, - nothing.
  if (r.result == 'F' || r.result == '+') swiss_record_unplayed(players, round, p, 1.0);
  if (r.result == 'H') swiss_record_unplayed(players, round, p, 0.5);
  if (r.result == '-') swiss_record_unplayed(players, round, p, 0.0);
  const double points = game_points(r.result);
  if (r.opponent >= 0 && r.colour == 'w' && points >= 0)  // each game once, from White's line
    swiss_record(players, round, {p, r.opponent}, points);
}

// The PAB= value of the TRF's XXS lines (JaVaFo's score line: space-separated KEY=points), or 1.
double pab_points(const std::string& trf) {
  double points = 1.0;
  std::istringstream in(trf);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("XXS ", 0) != 0) continue;
    std::istringstream tokens(line.substr(3));
    for (std::string token; tokens >> token;)
      if (token.rfind("PAB=", 0) == 0) points = std::atof(token.c_str() + 4);
  }
  return points;
}

bool pairs_someone(const TrfRound& r) { return r.opponent >= 0 || r.result == 'U'; }

// The rounds paired so far: the last round in which some line has a game (finished or not) or a
// pairing-allocated bye.
std::size_t paired_rounds(const std::vector<TrfLine>& lines) {
  std::size_t rounds = 0;
  for (const auto& line : lines)
    for (std::size_t round = 0; round < line.rounds.size(); ++round)
      if (pairs_someone(line.rounds[round])) rounds = std::max(rounds, round + 1);
  return rounds;
}

}  // namespace

std::vector<TrfLine> trf_lines(const std::string& trf) {
  std::vector<TrfLine> out;
  std::istringstream in(trf);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("001 ", 0) != 0) continue;
    TrfLine& read = out.emplace_back();
    read.player = std::atoi(line.substr(4, 4).c_str()) - 1;
    const std::size_t blocks = line.size() > kFirstRound ? (line.size() - kFirstRound) / kBlock : 0;
    for (std::size_t round = 0; round < blocks; ++round)
      read.rounds.push_back(parse_block(line, kFirstRound + kBlock * round));
  }
  return out;
}

std::vector<SwissPlayer> trf_swiss_players(const std::string& trf, std::size_t rounds) {
  const auto lines = trf_lines(trf);
  const double bye_points = pab_points(trf);
  std::vector<SwissPlayer> players(lines.size());
  for (std::size_t round = 0; round < rounds; ++round)
    for (const auto& line : lines)
      if (round < line.rounds.size())
        record_round(players, static_cast<int>(round), line.player, line.rounds[round], bye_points);
  for (const auto& line : lines)  // a block entered ahead: absent from the round to pair
    if (line.rounds.size() > rounds && !pairs_someone(line.rounds[rounds]))
      players[static_cast<std::size_t>(line.player)].active = false;
  return players;
}

std::vector<SwissPlayer> trf_swiss_players(const std::string& trf) {
  return trf_swiss_players(trf, paired_rounds(trf_lines(trf)));
}

}  // namespace competition
