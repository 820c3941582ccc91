#include "cli/commands/board_view.h"

#include <sstream>

#include "cli/commands/notation_guide.h"
#include "rules/core/registry.h"

namespace cli {

using nlohmann::json;

namespace {

const char* const kSeatColors[] = {"1;31", "1;34", "1;32", "1;33", "1;35", "1;36"};

std::string text_of(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "-";
  return value.dump();
}

std::string title(const json& game, const Style& style) {
  const char* sep = style.unicode ? " · " : ", ";
  std::string line = game.value("game", "?") + " #" + text_of(game["id"]) + sep + "ply " +
                     std::to_string(game.value("ply", 0)) + sep + game.value("status", "?");
  if (game.value("rated", false)) line += std::string(sep) + "rated";
  return paint(style, "1", line);
}

std::string username_of_seat(const json& game, int seat) {
  for (const json& s : game.value("seats", json::array())) {
    if (s.value("seat", -1) == seat) return s.value("username", "?");
  }
  return "?";
}

std::string players_line(const json& game, const Style& style) {
  std::string line = "Players:";
  const json your_seat = game.value("your_seat", json());
  for (const json& s : game.value("seats", json::array())) {
    const int seat = s.value("seat", 0);
    line += " " + std::to_string(seat) + "=" + seat_name(style, seat, s.value("username", "?"));
    if (your_seat.is_number() && your_seat.get<int>() == seat) line += " (you)";
  }
  return line;
}

std::string moves_line(const json& game, const ViewOptions& options) {
  const json moves = game.value("moves", json::array());
  if (moves.empty()) return "Moves: (none)";
  std::string line = "Last moves:";
  const std::size_t first = moves.size() > static_cast<std::size_t>(options.last_moves)
                                ? moves.size() - options.last_moves
                                : 0;
  for (std::size_t i = first; i < moves.size(); ++i) {
    const json& m = moves[i];
    line += " " + std::to_string(m.value("ply", 0)) + "." +
            seat_name(options.style, m.value("seat", 0), m.value("username", "?")) + " " +
            m.value("move", "?");
  }
  return line;
}

std::string clock_line(const json& game, const Style& style) {
  const json clock = game.value("clock", json());
  std::string line = "Clock:";
  if (clock.is_object() && clock.contains("days_per_move")) {
    line += " " + text_of(clock["days_per_move"]) + " days per move;";
  }
  for (const json& s : game.value("seats", json::array())) {
    line += " " + seat_name(style, s.value("seat", 0), s.value("username", "?")) + " " +
            time_left(s.value("deadline", json()));
  }
  return line;
}

std::string status_line(const json& game, const Style& style) {
  if (game.value("status", "") != "active") {
    const json result = game.value("result", json());
    std::string line = "Game over: " + game.value("status", "?");
    if (result.is_object()) {
      line += ": " + result.value("summary", "");
      for (const json& s : result.value("seats", json::array())) {
        line += "; " + s.value("username", "?") + " #" + std::to_string(s.value("placement", 0));
      }
    }
    return line;
  }
  if (game.value("your_turn", false)) return paint(style, "1;32", "Your turn.");
  std::string names;
  for (const json& seat : game.value("to_move_seats", json::array())) {
    const int s = seat.get<int>();
    names += (names.empty() ? "" : ", ") + seat_name(style, s, username_of_seat(game, s));
  }
  return "To move: " + (names.empty() ? "-" : names);
}

// "Legal moves (N):" then one line per kind of move (notation_guide.h).
std::string legal_lines(const json& game) {
  const json legal = game.value("legal_moves", json());
  if (!legal.is_array()) return "Legal moves: (not your turn)\n";
  std::vector<std::string> moves;
  for (const json& m : legal) moves.push_back(m.get<std::string>());
  return "Legal moves (" + std::to_string(moves.size()) + "):\n" +
         format_move_groups(game.value("game", ""), moves, 0);
}

// The seat whose side faces the viewer: --no-rotate none, --from-seat N, else my own seat.
int perspective(const json& game, const ViewOptions& options) {
  if (options.no_rotate) return -1;
  if (options.from_seat) return *options.from_seat;
  const json mine = game.value("your_seat", json());
  return mine.is_number() ? mine.get<int>() : -1;
}

std::string board_text(const json& game, const ViewOptions& options) {
  const rules::GameDef* def = rules::find_game(game.value("game", ""));
  const std::string position = game.value("position", "");
  if (def != nullptr && !position.empty()) {
    auto state = def->load(position);
    if (state.ok()) {
      return state.value()->render(
          rules::RenderOptions{perspective(game, options), "", false, true});
    }
  }
  return game.value("board", "");
}

}  // namespace

std::string opponents_of(const json& game, const char* separator) {
  std::string out;
  const json mine = game.value("your_seat", json());
  for (const json& s : game.value("seats", json::array())) {
    if (mine.is_number() && s.value("seat", -1) == mine.get<int>()) continue;
    out += (out.empty() ? "" : separator) + s.value("username", "?");
  }
  return out.empty() ? "-" : out;
}

std::string seat_name(const Style& style, int seat, const std::string& name) {
  return paint(style, kSeatColors[static_cast<unsigned>(seat) % 6], name);
}

std::string style_board(const std::string& board, const Style& style) {
  if (!style.unicode && !style.color) return board;
  auto boundary = [&](std::size_t i) {
    return i >= board.size() || board[i] == ' ' || board[i] == '\n';
  };
  std::string out;
  for (std::size_t i = 0; i < board.size();) {
    std::size_t end = i;
    while (end < board.size() && board[end] == '.') ++end;
    const std::size_t run = end - i;
    // An empty cell: "." or ".." standing alone between spaces.
    if (run == 0 || run > 2 || (i > 0 && !boundary(i - 1)) || !boundary(end)) {
      out += board[i];
      ++i;
      continue;
    }
    std::string dots;
    for (std::size_t k = 0; k < run; ++k) dots += style.unicode ? "\u00b7" : ".";
    out += paint(style, "2", dots);
    i = end;
  }
  return out;
}

std::string render_game(const json& game, const ViewOptions& options) {
  std::ostringstream out;
  out << title(game, options.style) << "\n";
  std::string board = board_text(game, options);
  if (!board.empty() && board.back() != '\n') board += "\n";
  out << style_board(board, options.style);
  out << players_line(game, options.style) << "\n";
  if (game.contains("moves")) out << moves_line(game, options) << "\n";
  out << clock_line(game, options.style) << "\n";
  out << status_line(game, options.style) << "\n";
  if (options.legal) out << legal_lines(game);
  return out.str();
}

}  // namespace cli
