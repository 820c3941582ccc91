#pragma once
// Lists printed as `gh` prints them: on a terminal a header row, then the rows with every column
// padded to its widest cell and two spaces between columns; when stdout is not a terminal, no
// header and one line per row with the cells separated by tabs (for cut -f, awk -F'\t', sort).

#include <iosfwd>
#include <string>
#include <vector>

namespace cli {

class Table {
 public:
  explicit Table(std::vector<std::string> headers);
  // One row: as many cells as headers (missing cells print empty). Tabs and newlines in a
  // cell become spaces, so a piped row stays one line of the same number of fields.
  void add(std::vector<std::string> cells);
  bool empty() const { return rows_.empty(); }
  // `terminal`: the aligned form with its header; otherwise the tab-separated form.
  void print(std::ostream& out, bool terminal) const;

 private:
  std::vector<std::string> headers_;
  std::vector<std::vector<std::string>> rows_;
};

// Whether stdout is a terminal (isatty): it decides the form of every list.
bool stdout_is_terminal();

}  // namespace cli
