#include "lib/competition/trf.h"

#include <cstdio>
#include <map>

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

char result_code(double score) { return score == 1.0 ? '1' : (score == 0.0 ? '0' : '='); }

// "  oooo c r" for one round of `player` (10 characters).
std::string round_block(int player, const GameResult* r) {
  if (r == nullptr) return "  0000 - Z";  // not paired: zero-point bye
  if (r->second == kBye)
    return std::string("  0000 - ") +
           (r->first_score == 1.0 ? 'U' : (r->first_score > 0 ? 'H' : 'Z'));
  const bool white = r->first == player;
  const int opponent = white ? r->second : r->first;
  const double score = white ? r->first_score : 1.0 - r->first_score;
  return "  " + right(std::to_string(opponent + 1), 4) + (white ? " w " : " b ") +
         result_code(score);
}

}  // namespace

std::string trf_export(const TrfTournament& t) {
  const int n = static_cast<int>(t.players.size());
  const auto table = standings(n, t.rounds, t.results, TieBreakOrder::kSwiss);
  std::map<int, std::pair<int, double>> place;  // player -> (place, score)
  for (std::size_t i = 0; i < table.size(); ++i)
    place[table[i].player] = {static_cast<int>(i) + 1, table[i].score};
  std::map<std::pair<int, int>, const GameResult*> by_round;  // (player, round) -> result
  int played_rounds = 0;
  for (const auto& r : t.results) {
    by_round[{r.first, r.round}] = &r;
    if (r.second != kBye) by_round[{r.second, r.round}] = &r;
    played_rounds = std::max(played_rounds, r.round);
  }
  std::string out = "012 " + t.name + "\n042 " + t.start_date + "\n052 " + t.end_date + "\n062 " +
                    std::to_string(n) + "\n092 Swiss (FIDE Dutch)\nXXR " +
                    std::to_string(t.rounds) + "\n";
  for (int p = 0; p < n; ++p) {
    const auto& player = t.players[static_cast<std::size_t>(p)];
    std::string line = "001 " + right(std::to_string(p + 1), 4) + " " + fixed("", 4) + " " +
                       fixed(player.name, 33) + " " +
                       right(player.rating > 0 ? std::to_string(player.rating) : "", 4) + " " +
                       fixed("", 3) + " " + fixed("", 11) + " " + fixed("", 10) + " " +
                       points(place[p].second) + " " + right(std::to_string(place[p].first), 4);
    for (int round = 1; round <= played_rounds; ++round) {
      auto it = by_round.find({p, round});
      line += round_block(p, it == by_round.end() ? nullptr : it->second);
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace competition
