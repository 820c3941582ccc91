// hexpost_trf_replay: checks Hexpost's Dutch pairing against tournaments another engine paired.
// For every TRF given, each round is paired again from the rounds before it (trf_swiss_players,
// swiss_round) and compared with the round the file holds: the same pairs, colours and bye.
// Prints one line per file and the total; with --diff, each differing round's two pairings.
// The number of rounds is XXR's, or the rounds in the file; the initial colour is inferred as
// bbpPairings does it, from the round-1 colour of the lowest pairing number that had one. A
// player whose block for the round pairs nobody (Z, H, F) is absent from it.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lib/competition/swiss.h"
#include "lib/competition/trf.h"

namespace {

using competition::kBye;

struct Tournament {
  std::string text;                         // the TRF, with \n line ends
  std::vector<competition::TrfLine> lines;  // its player lines
  int rounds = 0;                           // XXR, or the rounds in the file
  std::size_t held_rounds = 0;              // rounds in the file
};

// Reads a TRF with \n, \r\n or \r (bbpPairings' own) line ends.
Tournament read_trf(const char* path) {
  std::ifstream in(path);
  Tournament t{std::string(std::istreambuf_iterator<char>(in), {}), {}, 0, 0};
  std::size_t at = 0;
  while ((at = t.text.find("\r\n", at)) != std::string::npos) t.text.erase(at, 1);
  std::replace(t.text.begin(), t.text.end(), '\r', '\n');
  t.lines = competition::trf_lines(t.text);
  for (const auto& line : t.lines) t.held_rounds = std::max(t.held_rounds, line.rounds.size());
  if (const auto xxr = t.text.find("\nXXR "); xxr != std::string::npos)
    t.rounds = std::atoi(t.text.c_str() + xxr + 5);
  if (t.rounds == 0) t.rounds = static_cast<int>(t.held_rounds);
  return t;
}

// The initial colour (true: the top seed moves first), from the round-1 colour of the lowest
// pairing number that had one: its own when that number is odd, the other one when even.
bool top_seed_first(const Tournament& t) {
  int lowest = -1;
  char colour = 'w';
  for (const auto& line : t.lines) {
    if (line.rounds.empty()) continue;
    const char c = line.rounds[0].colour;
    if ((c == 'w' || c == 'b') && (lowest < 0 || line.player < lowest)) {
      lowest = line.player;
      colour = c;
    }
  }
  return (colour == 'w') == (lowest % 2 == 0);  // pairing number lowest + 1 is odd
}

using PairSet = std::set<std::pair<int, int>>;  // (first mover, second), second -1: the bye

PairSet held(const Tournament& t, std::size_t round) {
  PairSet out;
  for (const auto& line : t.lines) {
    if (round >= line.rounds.size()) continue;
    const competition::TrfRound& r = line.rounds[round];
    if (r.result == 'U') out.insert({line.player, -1});
    if (r.opponent >= 0 && r.colour == 'w') out.insert({line.player, r.opponent});
  }
  return out;
}

PairSet paired(const Tournament& t, std::size_t round) {
  const auto players = competition::trf_swiss_players(t.text, round);
  const auto pairing = competition::swiss_round(players, {top_seed_first(t), t.rounds});
  PairSet out;
  if (pairing)
    for (const auto& g : *pairing) out.insert({g.first, g.second == kBye ? -1 : g.second});
  return out;
}

void print(const char* who, const PairSet& pairs) {
  std::printf("  %s:", who);
  for (auto [a, b] : pairs) std::printf(" %d-%d", a + 1, b + 1);  // the bye shows as 0
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  bool diff = false;
  int rounds = 0;
  int same = 0;
  for (int arg = 1; arg < argc; ++arg) {
    if (std::string(argv[arg]) == "--diff") {
      diff = true;
      continue;
    }
    const Tournament t = read_trf(argv[arg]);
    int file_same = 0;
    for (std::size_t round = 0; round < t.held_rounds; ++round) {
      const PairSet expected = held(t, round);
      const PairSet ours = paired(t, round);
      if (ours == expected) {
        ++file_same;
      } else if (diff) {
        std::printf("%s round %zu:\n", argv[arg], round + 1);
        print("file", expected);
        print("ours", ours);
      }
    }
    std::printf("%-40s %3zu players %2zu rounds %2d the same\n", argv[arg], t.lines.size(),
                t.held_rounds, file_same);
    rounds += static_cast<int>(t.held_rounds);
    same += file_same;
  }
  std::printf("total: %d of %d rounds the same\n", same, rounds);
  return same == rounds ? 0 : 1;
}
