// serialize_game() / load_game(): the one-line position format documented in
// hexahedron_wars.h. load_game() checks every field and then insists that the text is exactly
// what serialize_game() would write, so only canonical positions load.

#include "rules/hexahedron_wars/serialize.h"

#include <charconv>

#include "rules/core/text.h"

namespace rules::hexahedron_wars {

namespace {

constexpr const char* kPhaseNames[] = {"setup", "play", "cont", "over"};
constexpr const char* kEndNames[] = {"-", "home", "lastarmy", "stuck", "limit", "resigned"};

std::string join_ints(const std::vector<int>& values, char separator) {
  if (values.empty()) return "-";
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += (i ? std::string(1, separator) : "") + std::to_string(values[i]);
  }
  return out;
}

std::string dice_field(const Game& g) {
  std::string out;
  for (int s = 0; s < g.geo->squares(); ++s) {
    if (g.board[s].owner == kNoSeat) continue;
    out += (out.empty() ? "" : ",") + g.geo->square_name(s) + ":" + seat_letter(g.board[s].owner) +
           dice::format_orientation(g.board[s].die);
  }
  return out.empty() ? "-" : out;
}

std::string tiles_field(const Game& g) {
  std::string out;
  for (int s = 0; s < g.geo->squares(); ++s) {
    if (!(g.tiles & bit(s))) continue;
    const int tile = g.board[s].tile;
    out += (out.empty() ? "" : ",") + g.geo->square_name(s) + ":" +
           (tile == kFaceDown ? std::string("x") : std::to_string(tile));
  }
  return out.empty() ? "-" : out;
}

std::string cont_field(const Game& g) {
  if (g.phase != Phase::kContinuation) return "-";
  std::string visited;
  for (int s = 0; s < g.geo->squares(); ++s) {
    if (g.cont.visited & bit(s)) visited += (visited.empty() ? "" : ".") + g.geo->square_name(s);
  }
  return g.geo->square_name(g.cont.square) + ":" + std::to_string(g.cont.steps_used) + ":" +
         std::to_string(g.cont.start_top) + ":" + visited;
}

}  // namespace

std::string serialize_game(const Game& g) {
  std::vector<int> claims(g.claims.begin(), g.claims.begin() + g.players);
  std::string out = "hexahedron-wars players=" + std::to_string(g.players);
  out += " blockers=" + std::to_string(g.blocker_option);
  out += " ply=" + std::to_string(g.ply);
  out += " first=" + std::to_string(g.first);
  out += " turn=" + std::to_string(g.turn);
  out += std::string(" phase=") + kPhaseNames[static_cast<int>(g.phase)];
  out += std::string(" end=") + kEndNames[static_cast<int>(g.end)];
  out += " setup=" + (g.phase == Phase::kSetup ? std::to_string(g.placements_left) + ":" +
                                                     std::to_string(g.pending_value)
                                               : std::string("-"));
  out += " dice=" + dice_field(g);
  out += " tiles=" + tiles_field(g);
  out += " claims=" + join_ints(claims, ',');
  out += " resigned=" + join_ints(g.resigned, '.');
  out += " cont=" + cont_field(g);
  return out;
}

namespace {

RuleError bad_position(const std::string& why) {
  return RuleError{ErrorCode::kBadPosition, "not a Hexahedron Wars position: " + why};
}

bool parse_int(std::string_view text, int low, int high, int& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty() && out >= low &&
         out <= high;
}

template <std::size_t N>
int name_index(const char* const (&names)[N], std::string_view text) {
  for (std::size_t i = 0; i < N; ++i) {
    if (text == names[i]) return static_cast<int>(i);
  }
  return -1;
}

// Field values in order, after checking the tag and each key.
std::optional<std::vector<std::string_view>> fields(std::string_view text) {
  static const char* const kKeys[] = {"players", "blockers", "ply",   "first", "turn",
                                      "phase",   "end",      "setup", "dice",  "tiles",
                                      "claims",  "resigned", "cont"};
  const std::vector<std::string_view> words = split(text, ' ');
  if (words.size() != 14 || words[0] != "hexahedron-wars") return std::nullopt;
  std::vector<std::string_view> values;
  for (std::size_t i = 0; i < 13; ++i) {
    const std::string_view word = words[i + 1];
    const std::string key = std::string(kKeys[i]) + "=";
    if (word.substr(0, key.size()) != key) return std::nullopt;
    values.push_back(word.substr(key.size()));
  }
  return values;
}

std::optional<RuleError> load_header(const std::vector<std::string_view>& v, Game& g) {
  if (!parse_int(v[0], 2, 4, g.players)) return bad_position("players must be 2, 3 or 4");
  g.geo = geometry_for(g.players);
  if (!parse_int(v[1], 0, 4, g.blocker_option) || g.blocker_option == 1) {
    return bad_position("blockers must be 0, 2, 3 or 4");
  }
  if (!parse_int(v[2], 0, kPlyLimit, g.ply)) return bad_position("bad ply count");
  if (!parse_int(v[3], 0, g.players - 1, g.first) || !parse_int(v[4], 0, g.players - 1, g.turn)) {
    return bad_position("bad seat number");
  }
  const int phase = name_index(kPhaseNames, v[5]), end = name_index(kEndNames, v[6]);
  if (phase < 0 || end < 0) return bad_position("unknown phase or end");
  g.phase = static_cast<Phase>(phase);
  g.end = static_cast<EndReason>(end);
  if ((g.phase == Phase::kOver) != (g.end != EndReason::kNone)) {
    return bad_position("the end reason does not match the phase");
  }
  if (g.phase != Phase::kSetup) return std::nullopt;
  const auto setup = split(v[7], ':');
  if (setup.size() != 2 || !parse_int(setup[0], 1, g.blocker_option, g.placements_left) ||
      !parse_int(setup[1], 1, 6, g.pending_value)) {
    return bad_position("bad setup field");
  }
  return std::nullopt;
}

std::optional<RuleError> load_dice(std::string_view text, Game& g) {
  if (text == "-") return std::nullopt;
  for (std::string_view item : split(text, ',')) {
    const auto colon = item.find(':');
    const int square =
        colon == std::string_view::npos ? kNoSquare : g.geo->parse_square(item.substr(0, colon));
    if (square == kNoSquare || item.size() != colon + 5)
      return bad_position("bad die " + std::string(item));
    const int seat = item[colon + 1] - 'A';
    const auto die = dice::parse_orientation(item.substr(colon + 2));
    if (seat < 0 || seat >= g.players || !die || g.board[square].owner != kNoSeat ||
        !(g.geo->allowed(seat) & bit(square))) {
      return bad_position("bad die " + std::string(item));
    }
    g.put_die(square, seat, *die);
  }
  return std::nullopt;
}

std::optional<RuleError> load_tiles(std::string_view text, Game& g) {
  if (text == "-") return std::nullopt;
  for (std::string_view item : split(text, ',')) {
    const auto colon = item.find(':');
    const int square =
        colon == std::string_view::npos ? kNoSquare : g.geo->parse_square(item.substr(0, colon));
    int value = kFaceDown;
    if (square == kNoSquare || (g.tiles & bit(square)) || (g.occupied() & bit(square)) ||
        (item.substr(colon + 1) != "x" && !parse_int(item.substr(colon + 1), 1, 6, value))) {
      return bad_position("bad tile " + std::string(item));
    }
    // Tiles stay off the bases, except the face-up corner blockers of 3 players (I-HW-24).
    const bool corner = g.geo->blocker_base() & bit(square);
    if ((g.geo->any_base() & bit(square)) && (!corner || value == kFaceDown)) {
      return bad_position("tile on a home base: " + std::string(item));
    }
    g.board[square].tile = static_cast<std::uint8_t>(value);
    g.tiles |= bit(square);
  }
  return std::nullopt;
}

std::optional<RuleError> load_seats(const std::vector<std::string_view>& v, Game& g) {
  const auto claims = split(v[10], ',');
  if (static_cast<int>(claims.size()) != g.players) return bad_position("bad claims");
  for (int seat = 0; seat < g.players; ++seat) {
    if (!parse_int(claims[seat], 0, 99, g.claims[seat])) return bad_position("bad claims");
  }
  if (v[11] == "-") return std::nullopt;
  for (std::string_view item : split(v[11], '.')) {
    int seat = 0;
    if (!parse_int(item, 0, g.players - 1, seat) || g.has_resigned(seat)) {
      return bad_position("bad resigned list");
    }
    g.resigned.push_back(seat);
  }
  return std::nullopt;
}

std::optional<RuleError> load_continuation(std::string_view text, Game& g) {
  if (g.phase != Phase::kContinuation) return std::nullopt;
  const auto parts = split(text, ':');
  Continuation& c = g.cont;
  if (parts.size() != 4 || !parse_int(parts[1], 0, 3, c.steps_used) ||
      !parse_int(parts[2], 1, 6, c.start_top) || c.steps_used > step_allowance(c.start_top)) {
    return bad_position("bad continuation");
  }
  c.square = g.geo->parse_square(parts[0]);
  for (std::string_view name : split(parts[3], '.')) {
    const int square = g.geo->parse_square(name);
    if (square == kNoSquare) return bad_position("bad continuation");
    c.visited |= bit(square);
  }
  if (c.square == kNoSquare || !(g.dice[g.turn] & bit(c.square)) || !(c.visited & bit(c.square))) {
    return bad_position("the continuation die is not the mover's");
  }
  return std::nullopt;
}

std::optional<RuleError> check_playable(const Game& g) {
  if (g.phase == Phase::kOver) return std::nullopt;
  if (g.has_resigned(g.turn)) return bad_position("the seat to move has resigned");
  if (g.phase == Phase::kSetup && !setup_placement_squares(g)) {
    return bad_position("no square is left for the victory blocker");
  }
  if (g.phase == Phase::kPlay && !has_any_move(g, g.turn)) {
    return bad_position("the seat to move has no legal move");
  }
  return std::nullopt;
}

}  // namespace

Result<Game> load_game(std::string_view text) {
  const auto values = fields(text);
  if (!values) return bad_position("expected 'hexahedron-wars players=... cont=...'");
  Game g;
  if (auto error = load_header(*values, g)) return *error;
  if (auto error = load_dice((*values)[8], g)) return *error;
  if (auto error = load_tiles((*values)[9], g)) return *error;
  if (auto error = load_seats(*values, g)) return *error;
  if (auto error = load_continuation((*values)[12], g)) return *error;
  if (auto error = check_playable(g)) return *error;
  if (serialize_game(g) != text) return bad_position("fields are not in canonical form");
  return g;
}

}  // namespace rules::hexahedron_wars
