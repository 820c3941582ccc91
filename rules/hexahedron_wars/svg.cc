// render_svg(): the square board with rulers, base squares tinted, face-up victory blockers as
// numbered tiles and face-down ones as dark tiles, each die drawn from above with its pips, the
// faces towards the top and the right of the picture, and its seat letter.

#include "rules/hexahedron_wars/svg.h"

#include "rules/core/svg_board.h"
#include "rules/hexahedron_wars/render.h"

namespace rules::hexahedron_wars {

namespace {

constexpr double kSquare = 44;
constexpr double kMargin = 4;

const std::vector<std::string_view> kSeatColours = {"#c92a2a", "#1864ab", "#2b8a3e", "#e67700"};
constexpr std::string_view kStyle =
    ".kb{fill:#dcd3bd}.tile{fill:#fff4d6;stroke:#7a5c00;stroke-width:1.5}"
    ".down{fill:#5c4a2e;stroke:#2b2113}.tn{font-size:14px;font-weight:bold;text-anchor:middle;"
    "dominant-baseline:central;fill:#7a5c00}";

std::string square_title(const Game& g, int square) {
  std::string title = g.geo->square_name(square);
  for (int seat = 0; seat < g.players; ++seat) {
    const std::string letter(1, seat_letter(seat));
    if (g.geo->start_base(seat) & bit(square)) title += ", " + letter + "'s start base";
    if (g.geo->finish_base(seat) & bit(square)) title += ", " + letter + "'s finishing base";
  }
  const Square& at = g.board[square];
  if (at.owner != kNoSeat) {
    title += ": " + std::string(1, seat_letter(at.owner)) + " die, top " +
             std::to_string(at.die.top) + ", north " + std::to_string(at.die.north) + ", east " +
             std::to_string(at.die.east);
  } else if (g.tiles & bit(square)) {
    title += at.tile == kFaceDown ? ": face-down blocker"
                                  : ": victory blocker showing " + std::to_string(at.tile);
  }
  return title;
}

void draw_tile(svg::Document& doc, svg::Point centre, std::uint8_t tile) {
  const double side = kSquare * 0.6;
  doc.leaf("rect", {{"class", tile == kFaceDown ? "tile down" : "tile"},
                    {"x", svg::number(centre.x - side / 2)},
                    {"y", svg::number(centre.y - side / 2)},
                    {"width", svg::number(side)},
                    {"height", svg::number(side)}});
  if (tile != kFaceDown) {
    doc.text("text", {{"class", "tn"}, {"x", svg::number(centre.x)}, {"y", svg::number(centre.y)}},
             std::to_string(tile));
  }
}

svg::Point centre(const Game& g, const svg::Frame& frame, int square) {
  const int width = g.geo->width();
  return frame(svg::square_point(square % width, square / width, kSquare));
}

void draw_squares(svg::Document& doc, const Game& g, const svg::Frame& frame,
                  const SvgOptions& options) {
  for (int square = 0; square < g.geo->squares(); ++square) {
    const std::string name = g.geo->square_name(square);
    svg::square_cell(doc, centre(g, frame, square), kSquare,
                     {name, square_title(g, square), (g.geo->any_base() & bit(square)) ? "kb" : "",
                      svg::highlighted(options.highlight, name)});
  }
}

// Dice and tiles; `turns` counter-clockwise quarter turns bring the board direction
// (turns + k) % 4 to screen direction k (0 up, 1 right).
void draw_pieces(svg::Document& doc, const Game& g, const svg::Frame& frame, int turns) {
  const auto towards = [&](int quarter) { return static_cast<dice::Tip>((turns + quarter) % 4); };
  for (int square = 0; square < g.geo->squares(); ++square) {
    const Square& at = g.board[square];
    if (at.owner != kNoSeat) {
      svg::die(doc, centre(g, frame, square), kSquare - 8, "s" + std::to_string(at.owner),
               std::string(1, seat_letter(at.owner)),
               {at.die.top, dice::face_towards(at.die, towards(0)),
                dice::face_towards(at.die, towards(1))});
    } else if (g.tiles & bit(square)) {
      draw_tile(doc, centre(g, frame, square), at.tile);
    }
  }
}

svg::Legend legend(const Game& g) {
  svg::Legend legend;
  // "Hexahedron Wars: Mobile Strike - 2 players, ply 0" above the seats, the phase below them.
  const std::string status = status_line(g);
  const std::size_t phase_at = status.find(", ", status.find(", ply ") + 2);
  legend.heading = status.substr(0, phase_at);
  for (int seat = 0; seat < g.players; ++seat) {
    legend.seats.push_back({"s" + std::to_string(seat), std::string(1, seat_letter(seat)),
                            seat_line(g, seat, false), g.phase != Phase::kOver && g.turn == seat});
  }
  legend.notes.push_back(status.substr(phase_at + 2));
  legend.notes.emplace_back(svg::kDieKey);
  return legend;
}

}  // namespace

std::string render_svg_game(const Game& g, const SvgOptions& options) {
  const bool has_view = options.perspective >= 0 && options.perspective < g.players;
  const int turns = has_view ? quarter_turns(g.geo->forward(options.perspective)) : 0;
  const int width = g.geo->width(), height = g.geo->height();
  const svg::Frame frame(svg::square_board_points(width, height, kSquare), 90 * turns,
                         kSquare / 2 + kMargin);
  svg::Document doc;
  draw_squares(doc, g, frame, options);
  svg::open_upper_layer(doc);
  draw_pieces(doc, g, frame, turns);
  svg::square_rulers(doc, frame, width, height, kSquare);
  doc.close();
  const svg::Legend key = legend(g);
  return svg::finish_board(doc, frame, key, "Hexahedron Wars board: " + key.notes.front(),
                           svg::board_style(kSeatColours, kStyle));
}

std::vector<std::string> move_cell_names(const Game& g, const MoveSpec& spec) {
  if (spec.kind == MoveKind::kPlaceBlocker) return {g.geo->square_name(spec.square)};
  int square = spec.kind == MoveKind::kContinue ? g.cont.square : spec.square;
  std::vector<std::string> names = {g.geo->square_name(square)};
  for (int i = 0; i < spec.count; ++i) {
    const Token& token = spec.tokens[i];
    square = g.geo->neighbour(square, token.dir);
    const bool war = spec.war && i + 1 == spec.count;
    if (token.jump && !war) square = g.geo->neighbour(square, token.dir);
    names.push_back(g.geo->square_name(square));
  }
  if (spec.place != kNoSquare) names.push_back(g.geo->square_name(spec.place));
  return names;
}

}  // namespace rules::hexahedron_wars
