// FIDE Tournament Report File (TRF16) export of a Swiss, for checking with standard pairing
// engines (JaVaFo, bbpPairings). Standard library only.
#pragma once

#include <string>
#include <vector>

#include "lib/competition/swiss.h"
#include "lib/competition/tiebreaks.h"

namespace competition {

struct TrfPlayer {
  std::string name;  // at most 33 characters are written
  int rating = 0;    // 0: unrated (written blank)
};

struct TrfTournament {
  std::string name;
  std::string start_date;  // YYYY/MM/DD
  std::string end_date;
  int rounds = 0;                   // planned rounds (XXR line)
  std::vector<TrfPlayer> players;   // index = pairing number - 1
  std::vector<GameResult> results;  // games and byes; colours: `first` had White
  std::vector<GameResult> pending;  // games paired and not finished (first_score unused)
  double bye_points = 1.0;          // a pairing-allocated bye's points (XXS PAB= when not 1)
};

// 012 name, 042/052 dates, 062 players, 092 type, XXR rounds, XXS PAB=points and BBU points when
// a pairing-allocated bye is not worth 1 (the score lines of JaVaFo's and bbpPairings' TRF
// extensions), then one 001 line per player with the fixed TRF16 columns: rank 5-8, name 15-47,
// rating 49-52, points 81-84, place 86-89, and per round from column 92: opponent (4), colour
// w/b/-, result 1/0/= (the pairing-allocated bye: 0000 - U, whatever its points). A game paired and
// not finished has its opponent and colour and a blank result (TRF16: the game is not played yet);
// a player not paired in a round has 0000 - Z.
std::string trf_export(const TrfTournament& tournament);

// One round block of a TRF player line ("  oooo c r").
struct TrfRound {
  int opponent = -1;  // pairing number - 1, or -1 (0000: no opponent)
  char colour = '-';  // w, b or -
  char result = ' ';  // 1 = 0, W D L, + -, U H F Z, or blank (not played yet)
};

// A TRF player (001) line read: the player (pairing number - 1) and its round blocks.
struct TrfLine {
  int player = 0;
  std::vector<TrfRound> rounds;
};

// The player lines of a TRF, in the file's order.
std::vector<TrfLine> trf_lines(const std::string& trf);

// The Swiss pairing state written in a TRF's player lines, read back: every finished game
// (1 = 0, unrated W D L), forfeits (+ -, a double forfeit - on both lines), the
// pairing-allocated byes (U, worth XXS PAB= or 1) and the requested ones (F a full point, H half
// a point); blank results and Z add nothing. A block after the last round with a pairing is
// entered ahead for the round to pair (JaVaFo's way): that player is absent from it (active
// false).
std::vector<SwissPlayer> trf_swiss_players(const std::string& trf);

// The same state after the first `rounds` rounds only, the next round to pair: a player whose
// block for it pairs nobody (Z, H, F) is absent from it.
std::vector<SwissPlayer> trf_swiss_players(const std::string& trf, std::size_t rounds);

}  // namespace competition
