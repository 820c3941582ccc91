// render_game(): the board as text, turned so that the viewing seat's forward direction points
// up (its home base at the bottom). RenderOptions::focus is ignored: the board is small.

#include "rules/hexahedron_wars/render.h"

#include "rules/hexahedron_wars/state.h"

namespace rules::hexahedron_wars {

namespace {

// Maps picture coordinates (column x from the left, row y from the bottom) to a square.
class View {
 public:
  View(const Geometry& geo, int turns) : geo_(geo), turns_(turns) {}

  int columns() const { return turns_ % 2 ? geo_.height() : geo_.width(); }
  int rows() const { return turns_ % 2 ? geo_.width() : geo_.height(); }

  int square(int x, int y) const {
    const int w = geo_.width(), h = geo_.height();
    switch (turns_) {
      case 1:
        return y + (h - 1 - x) * w;
      case 2:
        return (w - 1 - x) + (h - 1 - y) * w;
      case 3:
        return (w - 1 - y) + x * w;
      default:
        return x + y * w;
    }
  }

  std::string column_label(int x) const { return label(square(x, 0), turns_ % 2 == 0); }
  std::string row_label(int y) const { return label(square(0, y), turns_ % 2 == 1); }

 private:
  // The file letter or the rank number of a square, right-aligned in two characters.
  std::string label(int square, bool file) const {
    const std::string text = file ? std::string(1, static_cast<char>('a' + square % geo_.width()))
                                  : std::to_string(square / geo_.width() + 1);
    return std::string(2 - text.size(), ' ') + text;
  }

  const Geometry& geo_;
  int turns_;
};

std::string cell_text(const Game& g, int square) {
  const Square& at = g.board[square];
  if (at.owner != kNoSeat) return {seat_letter(at.owner), static_cast<char>('0' + at.die.top)};
  if (g.tiles & bit(square)) {
    return at.tile == kFaceDown ? "##" : std::string("#") + static_cast<char>('0' + at.tile);
  }
  return (g.geo->any_base() & bit(square)) ? "::" : " .";
}

std::string board_text(const Game& g, const View& view) {
  std::string columns = "    ";
  for (int x = 0; x < view.columns(); ++x) columns += " " + view.column_label(x);
  std::string out = columns + "\n";
  for (int y = view.rows() - 1; y >= 0; --y) {
    out += " " + view.row_label(y) + " ";
    for (int x = 0; x < view.columns(); ++x) out += " " + cell_text(g, view.square(x, y));
    out += "  " + view.row_label(y) + "\n";
  }
  return out + columns + "\n";
}

}  // namespace

// Quarter turns (counter-clockwise) that bring `forward` to the top of the picture.
int quarter_turns(Dir forward) {
  switch (forward) {
    case Dir::kEast:
      return 1;
    case Dir::kSouth:
      return 2;
    case Dir::kWest:
      return 3;
    default:
      return 0;
  }
}

// The ply shown counts every entry of the history, resignations included (the server's ply).
std::string status_line(const Game& g) {
  std::string out = "Hexahedron Wars: Mobile Strike - " + std::to_string(g.players) +
                    " players, ply " + std::to_string(g.ply + g.resigned.size()) + ", ";
  const std::string mover(1, seat_letter(g.turn));
  switch (g.phase) {
    case Phase::kSetup:
      return out + mover + " places a victory blocker showing " + std::to_string(g.pending_value) +
             " (" + std::to_string(g.placements_left) + " to place)";
    case Phase::kPlay:
      return out + mover + " to move";
    case Phase::kContinuation:
      return out + mover + " won a war and continues with the die on " +
             g.geo->square_name(g.cont.square) + " (" + std::to_string(g.cont.steps_used) + " of " +
             std::to_string(step_allowance(g.cont.start_top)) + " steps used)";
    default:
      return out + "game over: " + game_outcome(g).summary;
  }
}

std::string seat_line(const Game& g, int seat, bool detailed) {
  std::string out = std::string(1, seat_letter(seat)) + " (" + g.geo->base_name(seat) + ", seat " +
                    std::to_string(seat) + "): " + std::to_string(g.die_count(seat)) +
                    " dice, finishes on " + g.geo->describe(g.geo->finish_base(seat));
  if (g.claims[seat]) {
    out += ", " + std::to_string(g.claims[seat]) +
           (g.claims[seat] == 1 ? " blocker claimed" : " blockers claimed");
  }
  out += ", score " + std::to_string(score(g, seat));
  if (g.has_resigned(seat)) out += ", resigned";
  if (!detailed) return out;
  out += "\n   dice (top north east):";
  for (int s = 0; s < g.geo->squares(); ++s) {
    if (g.dice[seat] & bit(s)) {
      out += " " + g.geo->square_name(s) + " " + dice::format_orientation(g.board[s].die);
    }
  }
  return out;
}

std::string render_game(const Game& g, const RenderOptions& options) {
  const bool has_view = options.perspective >= 0 && options.perspective < g.players;
  const View view(*g.geo, has_view ? quarter_turns(g.geo->forward(options.perspective)) : 0);
  std::string out = status_line(g) + "\n" + board_text(g, view);
  for (int seat = 0; seat < g.players; ++seat) out += seat_line(g, seat, options.detailed) + "\n";
  return out;
}

}  // namespace rules::hexahedron_wars
