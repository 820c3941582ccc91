#include "cli/commands/notation_guide.h"

#include <algorithm>
#include <map>

namespace cli {

namespace {

// Each game's notation, from rules/<game>/README.md ("Notation").
const std::map<std::string, std::string>& guides() {
  static const std::map<std::string, std::string> texts = {
      {"hex-quoridor",
       "Hex Quoridor: cells are a row letter and a number counted from the row's west end\n"
       "(a1-a5 ... e1-e9 ... i1-i5 on the 61-cell board; `hexpost show` names each row's ends).\n"
       "  pawn step or jump  the destination cell: b3; c3 (jump from a3 over a pawn on b3)\n"
       "  fence              F<cell><dir><sign>, dir E NE NW W SW SE, sign + or -: Fe5E+, Fc3NW-\n"
       "  pass               pass (only when no other move is legal)\n"
       "Case-insensitive, spaces ignored. Either name of a fence is accepted; the canonical name\n"
       "uses E, NE or NW (Fe6W+ is echoed as Fe5E+).\n"},
      {"iso-path",
       "Iso-Path: cells are a row letter and a number counted from the row's west end (a1-a4 ...\n"
       "d1-d7 ... g1-g4 on h4), or pocket83 numbers 1-37. A turn is one or two actions:\n"
       "  build       T<from>-<to>   take the top tile of <from> and put it on <to>: Tf3-b2\n"
       "  piece move  <from>-<to>                                                   : a2-b2\n"
       "  capture     x<cell>                                                       : xd1\n"
       "Examples of whole turns: Tf3-b2 a2-b2, xd1 e2-e1 (= x16 24-23), Tc3-g1 f1-g1#.\n"
       "'#' marks the action that wins. Case-insensitive; spaces around '-' are ignored.\n"},
      {"mojave",
       "Mojave: squares are a file a-o and a rank 1-18 (b3). A move names the die's square and\n"
       "its path: legs of a direction N E S W and a count, with at most one 90-degree turn.\n"
       "  b3N1, g15S1, d6N2E1 (d6E1N2 reaches the same square with another top face)\n"
       "  b3-b4       the same as b3N1 (straight moves only)\n"
       "  pass        only when no die can move\n"
       "The server adds the result: d6N2E1 =5 x e9 x f8 (=5 the new top; x an opposing die\n"
       "removed, xx one of yours, zz dice put in zugzwang). Input needs no result part.\n"},
      {"hexahedron-wars",
       "Hexahedron Wars: squares a1-g7; a move is the die's square, ':' and its steps,\n"
       "N E S W, jN for a jump, wN for a war jump (last):\n"
       "  c1:N,N      the die on c1 steps north twice\n"
       "  d2:N,jN,E   step, jump, step\n"
       "  e3:wN       war jump north\n"
       "  b4:E@f5     step onto a victory blocker (claim it) and re-place it on f5\n"
       "  +:W, +:end  continue (or stop) after a won war\n"
       "  @c4         setup: place the pending victory blocker on c4\n"
       "Case-insensitive; tokens separated by commas or spaces.\n"},
      {"heximeros",
       "HexiMeros: cells are axial [q,r] with Ground Zero [0,0] and north (0,+1), or map\n"
       "references from the board's rulers (e3s25, w2, gz). A move is the piece letter, the\n"
       "cell it leaves, '-' (or 'x' for a capture) and the cell it reaches:\n"
       "  C[-4,-10]-[-2,-7]        Cavalier, 3 N then 2 NE\n"
       "  M[0,-10]-[0,-8]          Militant's first move, two forward\n"
       "  M[0,-10]-[0,-9]x[1,-9]   step, then capture\n"
       "  B[2,-6]*[2,-3]           Archer's shot (the Archer stays)\n"
       "  M[2,-2]-[2,-1]=R         promotion;  R[2,-1]x[2,11]+Orange  declares check\n"
       "  pass, offer draw, accept draw, set object-self-check off\n"
       "Pieces: S Sovereign, R Regent, P Prelate, A Alcazar, C Cavalier, D Dreadnaught,\n"
       "B Archer, X Assassin, M Militant, H Hatted Militant. Letters are case-insensitive and\n"
       "the piece letter may be left out; '-' and 'x' are interchangeable on input.\n"},
  };
  return texts;
}

// The text before the first of `stops` (the whole text when there is none).
std::string up_to(const std::string& text, const char* stops) {
  return text.substr(0, text.find_first_of(stops));
}

std::string iso_path_kind(const std::string& move) {
  std::string kind;
  std::size_t at = 0;
  while (at < move.size()) {
    std::size_t end = move.find(' ', at);
    if (end == std::string::npos) end = move.size();
    const std::string action = move.substr(at, end - at);
    const std::string what = action[0] == 'T' ? "build" : action[0] == 'x' ? "capture" : "move";
    kind += (kind.empty() ? "" : " + ") + what;
    at = end + 1;
  }
  return kind + (move.find('#') != std::string::npos ? " (wins)" : "");
}

// "Cavalier on [-4,-10]": the piece and the cell it leaves.
std::string heximeros_kind(const std::string& move) {
  static const std::map<char, std::string> pieces = {
      {'S', "Sovereign"}, {'R', "Regent"},         {'P', "Prelate"}, {'A', "Alcazar"},
      {'C', "Cavalier"},  {'D', "Dreadnaught"},    {'B', "Archer"},  {'X', "Assassin"},
      {'M', "Militant"},  {'H', "Hatted Militant"}};
  if (move.find(' ') != std::string::npos) return move;  // a command: "offer draw", ...
  const std::size_t cell_end = move.find(']');
  const auto piece = pieces.find(move[0]);
  if (piece == pieces.end() || cell_end == std::string::npos) return "other";
  return piece->second + " on " + move.substr(1, cell_end);
}

}  // namespace

std::string notation_guide(const std::string& game) {
  const auto found = guides().find(game);
  return found == guides().end() ? std::string() : found->second;
}

std::string move_kind(const std::string& game, const std::string& move) {
  if (move.empty()) return "other";
  if (move == "pass") return move;
  if (game == "hex-quoridor") return move[0] == 'F' ? "fence" : "pawn step or jump";
  if (game == "iso-path") return iso_path_kind(move);
  if (game == "mojave") return "die on " + up_to(move, "NESW-");
  if (game == "hexahedron-wars") {
    if (move[0] == '@') return "place the victory blocker";
    if (move[0] == '+') return "after a won war";
    return "die on " + up_to(move, ":");
  }
  if (game == "heximeros") return heximeros_kind(move);
  return "moves";
}

std::vector<std::pair<std::string, std::vector<std::string>>> group_moves(
    const std::string& game, const std::vector<std::string>& moves) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const std::string& move : moves) {
    const std::string kind = move_kind(game, move);
    auto group =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == kind; });
    if (group == groups.end()) group = groups.insert(groups.end(), {kind, {}});
    group->second.push_back(move);
  }
  return groups;
}

std::string format_move_groups(const std::string& game, const std::vector<std::string>& moves,
                               std::size_t limit) {
  std::string out;
  for (const auto& [kind, list] : group_moves(game, moves)) {
    out += "  " + kind + " (" + std::to_string(list.size()) + "):";
    // Commas between moves: some moves hold spaces ("Tb1-b2 a1-b2", "h16N1 =3").
    for (std::size_t i = 0; i < list.size() && (limit == 0 || i < limit); ++i) {
      out += (i == 0 ? " " : ", ") + list[i];
    }
    if (limit != 0 && list.size() > limit) out += ", ...";
    out += "\n";
  }
  return out;
}

}  // namespace cli
