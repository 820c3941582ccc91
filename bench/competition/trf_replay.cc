// hexpost_trf_replay: checks Hexpost's Dutch pairing against tournaments another engine paired.
// For every TRF given, each round is paired again from the rounds before it (trf_swiss_players,
// swiss_round) and compared with the round the file holds: the same pairs, colours and bye.
// Prints one line per file and the total; with --diff, each differing round's two pairings.
// The number of rounds is XXR's, or the rounds in the file; the initial colour is inferred as
// bbpPairings does it, from the round-1 colour of the lowest pairing number that had one.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lib/competition/swiss.h"
#include "lib/competition/trf.h"

namespace {

using competition::kBye;

constexpr std::size_t kFirstRound = 89;  // the first round block's column, from 0
constexpr std::size_t kBlock = 10;       // "  oooo c r"

struct Tournament {
  std::vector<std::string> lines;  // the 001 player lines
  int rounds = 0;                  // XXR, or the rounds in the file
  std::size_t blocks = 0;          // rounds in the file
};

Tournament read_trf(const char* path) {
  Tournament t;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("001 ", 0) == 0) {
      t.blocks = std::max(t.blocks, (line.size() - kFirstRound + kBlock - 1) / kBlock);
      t.lines.push_back(line);
    } else if (line.rfind("XXR ", 0) == 0) {
      t.rounds = std::atoi(line.c_str() + 4);
    }
  }
  if (t.rounds == 0) t.rounds = static_cast<int>(t.blocks);
  return t;
}

std::string block(const std::string& line, std::size_t round) {
  const std::size_t start = kFirstRound + kBlock * round;
  std::string out = line.size() > start ? line.substr(start, kBlock) : "";
  out.resize(kBlock, ' ');
  return out;
}

int player_of(const std::string& line) { return std::atoi(line.substr(4, 4).c_str()) - 1; }
int opponent_of(const std::string& b) { return std::atoi(b.substr(2, 4).c_str()) - 1; }

// The initial colour (true: the top seed moves first), from the round-1 colour of the lowest
// pairing number that had one: its own when that number is odd, the other one when even.
bool top_seed_first(const Tournament& t) {
  int lowest = -1;
  char colour = 'w';
  for (const auto& line : t.lines) {
    const std::string b = block(line, 0);
    if ((b[7] == 'w' || b[7] == 'b') && (lowest < 0 || player_of(line) < lowest)) {
      lowest = player_of(line);
      colour = b[7];
    }
  }
  return (colour == 'w') == (lowest % 2 == 0);  // pairing number lowest + 1 is odd
}

// The TRF of the rounds before `round`, with the blocks of that round that pair nobody (Z, H,
// F) entered ahead: those players are absent from it.
std::string before(const Tournament& t, std::size_t round) {
  std::string out = "012 replay\n";
  for (const auto& line : t.lines) {
    std::string kept = line.substr(0, std::min(line.size(), kFirstRound + kBlock * round));
    kept.resize(kFirstRound + kBlock * round, ' ');
    const std::string b = block(line, round);
    if (opponent_of(b) < 0 && b[9] != 'U') kept += b;
    out += kept + "\n";
  }
  return out;
}

using PairSet = std::set<std::pair<int, int>>;  // (first mover, second), second -1: the bye

PairSet held(const Tournament& t, std::size_t round) {
  PairSet out;
  for (const auto& line : t.lines) {
    const std::string b = block(line, round);
    if (b[9] == 'U') out.insert({player_of(line), -1});
    if (opponent_of(b) >= 0 && b[7] == 'w') out.insert({player_of(line), opponent_of(b)});
  }
  return out;
}

PairSet paired(const Tournament& t, std::size_t round) {
  const auto players = competition::trf_swiss_players(before(t, round));
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
    for (std::size_t round = 0; round < t.blocks; ++round) {
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
                t.blocks, file_same);
    rounds += static_cast<int>(t.blocks);
    same += file_same;
  }
  std::printf("total: %d of %d rounds the same\n", same, rounds);
  return same == rounds ? 0 : 1;
}
