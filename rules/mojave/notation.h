#pragma once
// Mojave move notation (§3.8, I-MJ-9, I-MJ-10); the grammar is in mojave.h.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/result.h"
#include "rules/mojave/position.h"

namespace rules::mojave {

// The result part of a record ("=5 xx d6 x e9 zz f8 trapped") as lists in notation order.
// "xx" joins the dice abandoned by a withdrawal and the mover's dice lost in combat.
struct RecordedResult {
  int top = 0;
  std::vector<int> own_lost;
  std::vector<int> enemy_lost;
  std::vector<int> zugzwang;
  bool trapped = false;

  bool operator==(const RecordedResult&) const = default;
};

RecordedResult recorded_result(const Effects& effects);

struct ParsedMove {
  Move move = kPass;
  std::optional<RecordedResult> claimed;  // present when the text carried a result part
};

// Syntax only (no position): case-insensitive, whitespace-insensitive, a trailing "{...}"
// annotation or "//" comment ignored. kBadNotation names the offending token.
Result<ParsedMove> parse_notation(std::string_view text);

// "d6N2E1"; straight moves as "b3N1" (the canonical form of the alias "b3-b4").
std::string format_path(const Path& path);
// The canonical record: "pass", or the path, " =<top>", then " xx <sq>", " x <sq>" for every
// removed die, then " zz <sq>,<sq>" and " trapped" when the move made a zugzwang.
std::string format_record(Move move, const Effects& effects);
// Only the result part, "=5 x e9 x f8" (empty for a pass).
std::string format_result(const RecordedResult& result);

}  // namespace rules::mojave
