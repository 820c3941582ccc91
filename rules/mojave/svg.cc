// render_svg(): the 15 x 18 board with rank 1 at the bottom (rank 18 for Black's perspective),
// rulers on every side, each die drawn from above: its pips, the numbers of the faces towards
// the top and the right of the picture, and R or B.

#include "rules/mojave/svg.h"

#include <algorithm>

#include "rules/core/svg_board.h"
#include "rules/dice/cube_die.h"
#include "rules/mojave/render.h"

namespace rules::mojave {

namespace {

constexpr double kSquare = 30;
constexpr double kMargin = 4;
constexpr const char* kMarks[] = {"R", "B"};
constexpr const char* kNames[] = {"red", "black"};

const std::vector<std::string_view> kSideColours = {"#c92a2a", "#343a40"};
constexpr std::string_view kStyle = ".kz{fill:#ffe8cc}";

std::string die_title(const Board& board, int square) {
  const dice::Orientation o = dice::all_orientations()[board.orientation(square)];
  return square_name(square) + ": " + kNames[board.owner(square)] + " die, top " +
         std::to_string(o.top) + ", north " + std::to_string(o.north) + ", east " +
         std::to_string(o.east);
}

// The faces towards the top and the right of the picture: north and east, or south and west
// when the board is turned half a turn.
svg::DieFaces faces(const Board& board, int square, bool turned) {
  const dice::Orientation o = dice::all_orientations()[board.orientation(square)];
  return {o.top, dice::face_towards(o, turned ? dice::Tip::kSouth : dice::Tip::kNorth),
          dice::face_towards(o, turned ? dice::Tip::kWest : dice::Tip::kEast)};
}

svg::Point centre(const svg::Frame& frame, int square) {
  return frame(svg::square_point(file_of(square), rank_of(square), kSquare));
}

void draw_square(svg::Document& doc, const Position& position, const svg::Frame& frame, int square,
                 const SvgOptions& options) {
  const Board& board = position.board;
  const std::string name = square_name(square);
  const bool zugzwang = position.zugzwang.active() && (position.zugzwang.attacker == square ||
                                                       position.zugzwang.attacked.contains(square));
  svg::square_cell(doc, centre(frame, square), kSquare,
                   {name, board.empty(square) ? name : die_title(board, square),
                    zugzwang ? "kz" : "", svg::highlighted(options.highlight, name)});
}

void draw_dice(svg::Document& doc, const Board& board, const svg::Frame& frame, bool turned) {
  for (int square = 0; square < kSquares; ++square) {
    if (board.empty(square)) continue;
    const int owner = board.owner(square);
    svg::die(doc, centre(frame, square), kSquare - 6, "s" + std::to_string(owner), kMarks[owner],
             faces(board, square, turned));
  }
}

svg::Legend legend(const Position& position, const std::string& summary) {
  svg::Legend legend;
  legend.heading = "Mojave";
  for (const int side : {kRed, kBlack}) {
    legend.seats.push_back({"s" + std::to_string(side), kMarks[side],
                            "seat " + std::to_string(side) + ": " + kNames[side] + ", " +
                                std::to_string(position.board.count(side)) + " dice",
                            !position.finished() && position.to_move == side});
  }
  const std::string status = status_text(position, summary);
  for (std::size_t start = status.find('\n') + 1; start < status.size();) {
    const std::size_t end = status.find('\n', start);
    legend.notes.push_back(status.substr(start, end - start));
    start = end + 1;
  }
  legend.notes.emplace_back(svg::kDieKey);
  return legend;
}

}  // namespace

std::string render_svg_position(const Position& position, const SvgOptions& options,
                                const std::string& summary) {
  const svg::Frame frame(svg::square_board_points(kFiles, kRanks, kSquare),
                         options.perspective == kBlack ? 180 : 0, kSquare / 2 + kMargin);
  svg::Document doc;
  for (int square = 0; square < kSquares; ++square) {
    draw_square(doc, position, frame, square, options);
  }
  svg::open_upper_layer(doc);
  draw_dice(doc, position.board, frame, options.perspective == kBlack);
  svg::square_rulers(doc, frame, kFiles, kRanks, kSquare);
  doc.close();
  const std::string status = position.finished()
                                 ? "game over: " + summary
                                 : std::string(kNames[position.to_move]) + " to move";
  return svg::finish_board(doc, frame, legend(position, summary), "Mojave board: " + status,
                           svg::board_style(kSideColours, kStyle));
}

std::vector<std::string> move_cell_names(const Position& position, Move move) {
  const std::optional<Path> path = decode(move);
  if (!path) {
    std::vector<int> own;
    for (int square = 0; square < kSquares; ++square) {
      if (position.board.holds(square, position.to_move)) own.push_back(square);
    }
    std::sort(own.begin(), own.end(), notation_order);
    std::vector<std::string> names;
    for (const int square : own) names.push_back(square_name(square));
    return names;
  }
  int corner = path->from;
  for (int i = 0; i < path->first_count; ++i) corner = neighbour(corner, path->first_dir);
  int destination = corner;
  for (int i = 0; i < path->second_count; ++i)
    destination = neighbour(destination, path->second_dir);
  std::vector<std::string> names = {square_name(path->from), square_name(destination)};
  if (path->second_count > 0) names.push_back(square_name(corner));
  return names;
}

}  // namespace rules::mojave
