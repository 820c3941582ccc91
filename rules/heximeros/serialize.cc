#include "rules/heximeros/serialize.h"
#include "rules/core/text.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <map>
#include <vector>

#include "rules/heximeros/movegen.h"

namespace rules::heximeros {

namespace {

constexpr std::array<const char*, 6> kEndingNames = {"none",   "sovereign", "concession",
                                                     "agreed", "quiet",     "limit"};
constexpr std::array<char, 5> kStandingLetters = {'-', 'c', 'r', 'n', 'e'};

RuleError bad(const std::string& why) {
  return {ErrorCode::kBadPosition, "not a HexiMeros position: " + why};
}

char upper(char c) { return static_cast<char>(c - 'a' + 'A'); }

std::string colour_letters(std::uint8_t colours) {
  std::string text;
  for (int colour = 0; colour < kColours; ++colour) {
    if (colours & bit(colour)) text += kColourLetters[colour];
  }
  return text.empty() ? "-" : text;
}

void append_int(std::string& out, int value) {
  char buffer[16];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, end);
}

void append_piece(std::string& out, Piece piece, int cell) {
  const Coord c = Geometry::get().coord(cell);
  out += kColourLetters[colour_of(piece)];
  out += rule_of(type_of(piece)).letter;
  if (piece & kFirstMove) out += 'f';
  if (piece & kBonus) out += 'g';
  out += '@';
  append_int(out, c.q);
  out += ',';
  append_int(out, c.r);
}

bool to_int(std::string_view text, int& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

bool read_colours(std::string_view text, const Position& pos, std::uint8_t& mask) {
  mask = 0;
  if (text == "-") return true;
  for (char letter : text) {
    const int colour = colour_from_letter(letter);
    if (colour < 0 || !pos.playing(colour) || (mask & bit(colour)) ||
        letter != kColourLetters[colour]) {
      return false;
    }
    mask |= bit(colour);
  }
  return !text.empty();
}

using Fields = std::map<std::string, std::string_view, std::less<>>;

std::optional<RuleError> read_seats(const Fields& fields, Position& pos) {
  const std::string_view colours = fields.at("colours");
  const int players = static_cast<int>(colours.size());
  if (players < 2 || players > kColours || colours != kSeatColours[players]) {
    return bad("colours must be one of SO, SYG, SBOG, SBYOG, SBYOGR");
  }
  pos = initial_position(players, false, false);
  pos.board.fill(kEmpty);
  pos.board[kWall] = kWallPiece;
  return std::nullopt;
}

std::optional<RuleError> read_counters(const Fields& fields, Position& pos) {
  int commands = 0;
  if (!to_int(fields.at("ply"), pos.ply) || pos.ply < 0 || pos.ply > kPlyLimit ||
      !to_int(fields.at("quiet"), pos.quiet) || pos.quiet < 0 || pos.quiet > pos.ply ||
      !to_int(fields.at("commands"), commands) || commands < 0 || commands > 3) {
    return bad("ply, quiet and commands must be small counters");
  }
  pos.commands = static_cast<std::uint8_t>(commands);
  const std::string_view scoring = fields.at("scoring");
  if (scoring != "on" && scoring != "off") return bad("scoring must be on or off");
  pos.scoring = scoring == "on";
  if (!read_colours(fields.at("objecting"), pos, pos.objecting)) return bad("bad objecting");
  const auto ending = std::find(kEndingNames.begin(), kEndingNames.end(), fields.at("end"));
  if (ending == kEndingNames.end())
    return bad("unknown end '" + std::string(fields.at("end")) + "'");
  pos.ending = static_cast<Ending>(ending - kEndingNames.begin());
  return std::nullopt;
}

std::optional<RuleError> read_departures(std::string_view text, Position& pos) {
  if (text == "-") return std::nullopt;
  const std::vector<std::string_view> entries = split(text, ',');
  for (std::string_view entry : entries) {
    int order = 0;
    const int colour = entry.empty() ? -1 : colour_from_letter(entry[0]);
    const auto* how = entry.size() < 3 ? kStandingLetters.end()
                                       : std::find(kStandingLetters.begin() + 1,
                                                   kStandingLetters.end(), entry.back());
    if (colour < 0 || !pos.playing(colour) || pos.departure[colour] != 0 ||
        how == kStandingLetters.end() || !to_int(entry.substr(1, entry.size() - 2), order) ||
        order < 1 || order > static_cast<int>(entries.size())) {
      return bad("bad departure '" + std::string(entry) + "'");
    }
    pos.departure[colour] = static_cast<std::int8_t>(order);
    pos.standing[colour] = static_cast<Standing>(how - kStandingLetters.begin());
  }
  for (int order = 1; order <= static_cast<int>(entries.size()); ++order) {
    if (std::count(pos.departure.begin(), pos.departure.end(), order) != 1) {
      return bad("departure orders must be 1.." + std::to_string(entries.size()));
    }
  }
  return std::nullopt;
}

std::optional<RuleError> read_points_and_checks(const Fields& fields, Position& pos) {
  const std::vector<std::string_view> points = split(fields.at("points"), ',');
  if (static_cast<int>(points.size()) != pos.seats) return bad("one points value per seat");
  for (int seat = 0; seat < pos.seats; ++seat) {
    if (!to_int(points[seat], pos.points[pos.seat_colour[seat]])) return bad("bad points");
  }
  if (fields.at("checks") == "-") return std::nullopt;
  for (std::string_view entry : split(fields.at("checks"), ',')) {
    const int colour = entry.size() < 3 ? -1 : colour_from_letter(entry[0]);
    std::uint8_t declarers = 0;
    if (colour < 0 || entry[1] != ':' || !pos.playing(colour) || pos.declared_by[colour] ||
        !read_colours(entry.substr(2), pos, declarers) || (declarers & bit(colour)) || !declarers) {
      return bad("bad check '" + std::string(entry) + "'");
    }
    pos.declared_by[colour] = declarers;
  }
  return std::nullopt;
}

std::optional<RuleError> read_piece(std::string_view token, Position& pos) {
  const std::size_t at = token.find('@');
  const std::size_t comma = token.find(',', at);
  if (at == std::string_view::npos || at < 2 || comma == std::string_view::npos) {
    return bad("bad piece '" + std::string(token) + "'");
  }
  const int colour = colour_from_letter(token[0]);
  const PieceRule* rule = nullptr;
  for (const PieceRule& r : kPieceRules) rule = r.letter == token[1] ? &r : rule;
  Coord c;
  const int cell =
      to_int(token.substr(at + 1, comma - at - 1), c.q) && to_int(token.substr(comma + 1), c.r)
          ? Geometry::get().cell_at(c)
          : -1;
  const std::string_view flags = token.substr(2, at - 2);
  if (colour < 0 || token[0] != kColourLetters[colour] || !pos.playing(colour) || !rule ||
      cell < 0 || pos.board[cell] != kEmpty ||
      (flags != "" && flags != "f" && flags != "g" && flags != "fg")) {
    return bad("bad piece '" + std::string(token) + "'");
  }
  const bool first = flags.find('f') != std::string_view::npos;
  const bool bonus = flags.find('g') != std::string_view::npos;
  const bool may_be_first = rule->first_move_flat_step || rule->type == PieceType::kMilitant;
  if ((first && !may_be_first) ||
      (bonus && (!rule->ground_zero_bonus || cell != Geometry::get().ground_zero()))) {
    return bad("impossible flags on '" + std::string(token) + "'");
  }
  pos.board[cell] = make_piece(rule->type, colour, (first ? kFirstMove : 0) | (bonus ? kBonus : 0));
  return std::nullopt;
}

// The Sovereigns, the Token and the ending must agree with who is still in.
std::optional<RuleError> check_consistency(const Fields& fields, Position& pos) {
  std::array<int, kColours> sovereigns{};
  for (int c = 0; c < kCells; ++c) {
    if (is(pos.board[c], PieceType::kSovereign)) ++sovereigns[colour_of(pos.board[c])];
  }
  const std::uint8_t in = pos.active();
  for (int colour = 0; colour < kColours; ++colour) {
    const bool active = (in & bit(colour)) != 0;
    const bool ok = !active ? sovereigns[colour] == 0
                            : sovereigns[colour] == 1 ||
                                  (pos.ending == Ending::kConcession && sovereigns[colour] == 2);
    if (!ok) return bad(std::string(kColourNames[colour]) + " has the wrong number of Sovereigns");
    if (!active && pos.declared_by[colour]) return bad("checks on a player who left");
    if (pos.declared_by[colour] & ~in) return bad("checks by a player who left");
  }
  const bool decisive = pos.ending == Ending::kLastSovereign || pos.ending == Ending::kConcession;
  if ((decisive && pos.active_count() != 1) || (!decisive && pos.active_count() < 2)) {
    return bad("the ending does not match the players still in");
  }
  const std::string_view mover = fields.at("mover"), offer = fields.at("offer");
  const int offerer = offer == "-" ? -1 : offer.size() == 1 ? colour_from_letter(offer[0]) : -2;
  if (offerer < -1 || (offerer >= 0 && (!(in & bit(offerer)) || pos.active_count() != 2))) {
    return bad("bad draw offer");
  }
  pos.draw_offer = offerer;
  if (pos.finished()) {
    if (mover != "-") return bad("a finished game has no player to move");
    pos.mover = pos.seat_colour[0];
    return std::nullopt;
  }
  pos.mover = mover.size() == 1 ? colour_from_letter(mover[0]) : -1;
  if (pos.mover < 0 || !(in & bit(pos.mover))) return bad("the mover must be a player still in");
  return std::nullopt;
}

}  // namespace

std::string serialize_position(const Position& pos) {
  std::string text = std::string("heximeros ") + kRulesetVersion + " colours=";
  for (int seat = 0; seat < pos.seats; ++seat) text += upper(kColourLetters[pos.seat_colour[seat]]);
  text +=
      " mover=" + (pos.finished() ? std::string("-") : std::string(1, kColourLetters[pos.mover]));
  text += " ply=" + std::to_string(pos.ply) + " quiet=" + std::to_string(pos.quiet);
  text += " commands=" + std::to_string(pos.commands);
  text += std::string(" scoring=") + (pos.scoring ? "on" : "off");
  text += " objecting=" + colour_letters(pos.objecting);
  text += " offer=" +
          (pos.draw_offer < 0 ? std::string("-") : std::string(1, kColourLetters[pos.draw_offer]));
  text += std::string(" end=") + kEndingNames[static_cast<int>(pos.ending)];
  std::string out;
  for (int order = 1; order <= kColours; ++order) {
    for (int colour = 0; colour < kColours; ++colour) {
      if (pos.departure[colour] != order) continue;
      out += (out.empty() ? "" : ",") + std::string(1, kColourLetters[colour]) +
             std::to_string(order) + kStandingLetters[static_cast<int>(pos.standing[colour])];
    }
  }
  text += " out=" + (out.empty() ? "-" : out) + " points=";
  for (int seat = 0; seat < pos.seats; ++seat) {
    text += (seat ? "," : "") + std::to_string(pos.points[pos.seat_colour[seat]]);
  }
  std::string checks;
  for (int colour = 0; colour < kColours; ++colour) {
    if (!pos.declared_by[colour]) continue;
    checks += (checks.empty() ? "" : ",") + std::string(1, kColourLetters[colour]) + ":" +
              colour_letters(pos.declared_by[colour]);
  }
  text += " checks=" + (checks.empty() ? "-" : checks) + " pieces=";
  text.reserve(text.size() + 12 * kCells / 4);
  bool first = true;
  for (int c = 0; c < kCells; ++c) {
    if (pos.board[c] == kEmpty) continue;
    if (!first) text += ';';
    append_piece(text, pos.board[c], c);
    first = false;
  }
  return text;
}

Result<Position> parse_position(std::string_view text) {
  const std::vector<std::string_view> tokens = split(text, ' ');
  if (tokens.size() < 2 || tokens[0] != "heximeros") return bad("expected 'heximeros <version>'");
  if (tokens[1] != kRulesetVersion) {
    return bad("ruleset " + std::string(tokens[1]) + ", this server plays " + kRulesetVersion);
  }
  Fields fields;
  for (std::size_t i = 2; i < tokens.size(); ++i) {
    const std::size_t eq = tokens[i].find('=');
    if (eq == std::string_view::npos)
      return bad("expected key=value, not '" + std::string(tokens[i]) + "'");
    if (!fields.emplace(std::string(tokens[i].substr(0, eq)), tokens[i].substr(eq + 1)).second) {
      return bad("repeated field " + std::string(tokens[i].substr(0, eq)));
    }
  }
  for (const char* key : {"colours", "mover", "ply", "quiet", "commands", "scoring", "objecting",
                          "offer", "end", "out", "points", "checks", "pieces"}) {
    if (!fields.count(key)) return bad(std::string("missing field ") + key);
  }
  if (fields.size() != 13) return bad("unknown fields");
  Position pos;
  if (auto error = read_seats(fields, pos)) return *error;
  if (auto error = read_counters(fields, pos)) return *error;
  if (auto error = read_departures(fields.at("out"), pos)) return *error;
  if (auto error = read_points_and_checks(fields, pos)) return *error;
  if (fields.at("pieces") != "") {
    for (std::string_view token : split(fields.at("pieces"), ';')) {
      if (auto error = read_piece(token, pos)) return *error;
    }
  }
  if (auto error = check_consistency(fields, pos)) return *error;
  refresh_derived(pos);
  return pos;
}

}  // namespace rules::heximeros
