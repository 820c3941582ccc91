#include "rules/mojave/render.h"

#include <algorithm>
#include <cctype>

#include "rules/dice/cube_die.h"

namespace rules::mojave {

namespace {

constexpr int kFocusRadius = 4;
constexpr const char* kSideNames[] = {"red", "black"};

struct Window {
  int first_file = 0, last_file = kFiles - 1;
  int first_rank = 0, last_rank = kRanks - 1;
};

Window window_for(const std::string& focus) {
  Window window;
  std::string lower;
  for (char c : focus) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::size_t pos = 0;
  std::optional<int> square = parse_square(lower, pos);
  if (!square || pos != lower.size()) return window;
  window.first_file = std::max(0, file_of(*square) - kFocusRadius);
  window.last_file = std::min(kFiles - 1, file_of(*square) + kFocusRadius);
  window.first_rank = std::max(0, rank_of(*square) - kFocusRadius);
  window.last_rank = std::min(kRanks - 1, rank_of(*square) + kFocusRadius);
  return window;
}

std::string pad_left(const std::string& text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

std::string cell(const Board& board, int square, bool detailed) {
  const std::size_t width = detailed ? 5 : 3;
  if (board.empty(square)) return pad_left(".", width);
  std::string text(1, board.owner(square) == kRed ? 'R' : 'B');
  if (detailed) {
    text += dice::format_orientation(dice::all_orientations()[board.orientation(square)]);
  } else {
    text += std::to_string(board.top(square));
  }
  return pad_left(text, width);
}

// Files and ranks in display order: left to right and top to bottom.
void display_order(const Window& window, bool black_at_bottom, std::vector<int>& files,
                   std::vector<int>& ranks) {
  for (int file = window.first_file; file <= window.last_file; ++file) files.push_back(file);
  for (int rank = window.last_rank; rank >= window.first_rank; --rank) ranks.push_back(rank);
  if (black_at_bottom) {
    std::reverse(files.begin(), files.end());
    std::reverse(ranks.begin(), ranks.end());
  }
}

std::string board_text(const Board& board, const RenderOptions& options) {
  std::vector<int> files, ranks;
  display_order(window_for(options.focus), options.perspective == kBlack, files, ranks);
  const std::size_t width = options.detailed ? 5 : 3;
  std::string header = "   ";
  for (int file : files) header += pad_left(std::string(1, static_cast<char>('a' + file)), width);
  std::string text = header + "\n";
  for (int rank : ranks) {
    const std::string label = pad_left(std::to_string(rank + 1), 3);
    text += label;
    for (int file : files) text += cell(board, square_at(file, rank), options.detailed);
    text += " " + label.substr(1) + "\n";
  }
  return text + header + "\n";
}

}  // namespace

std::string status_text(const Position& position, const std::string& summary) {
  std::string text = "red (R) " + std::to_string(position.board.count(kRed)) + " dice, black (B) " +
                     std::to_string(position.board.count(kBlack)) + " dice\n";
  if (position.finished()) return text + "game over: " + summary + "\n";
  text += std::string(kSideNames[position.to_move]) + " to move\n";
  const Zugzwang& zugzwang = position.zugzwang;
  if (zugzwang.active()) {
    text += "zugzwang:";
    for (int square : zugzwang.attacked) text += " " + square_name(square);
    text += " attacked by " + square_name(zugzwang.attacker) + "\n";
  }
  return text + "plies without a removal: " + std::to_string(position.quiet_plies) + " of " +
         std::to_string(kQuietPlyLimit) + "\n";
}

std::string render_position(const Position& position, const RenderOptions& options,
                            const std::string& summary) {
  return board_text(position.board, options) + status_text(position, summary);
}

}  // namespace rules::mojave
