#include "cli/commands/table.h"

#include <unistd.h>

#include <algorithm>
#include <ostream>

namespace cli {

namespace {

// Characters on the screen: UTF-8 code points (continuation bytes do not count).
std::size_t display_width(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string one_line(std::string cell) {
  std::replace_if(
      cell.begin(), cell.end(), [](char c) { return c == '\t' || c == '\n'; }, ' ');
  return cell;
}

}  // namespace

Table::Table(std::vector<std::string> headers) : headers_(std::move(headers)) {}

void Table::add(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  for (std::string& cell : cells) cell = one_line(std::move(cell));
  rows_.push_back(std::move(cells));
}

void Table::print(std::ostream& out, bool terminal) const {
  if (!terminal) {
    for (const auto& row : rows_) {
      for (std::size_t i = 0; i < row.size(); ++i) out << (i == 0 ? "" : "\t") << row[i];
      out << "\n";
    }
    return;
  }
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t i = 0; i < headers_.size(); ++i) widths[i] = display_width(headers_[i]);
  for (const auto& row : rows_) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      widths[i] = std::max(widths[i], display_width(row[i]));
    }
  }
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      out << cells[i];
      if (i + 1 < cells.size()) out << std::string(widths[i] - display_width(cells[i]) + 2, ' ');
    }
    out << "\n";
  };
  line(headers_);
  for (const auto& row : rows_) line(row);
}

bool stdout_is_terminal() { return ::isatty(1) == 1; }

}  // namespace cli
