// The serialized position (format documented in hex_quoridor.h). load_position() checks
// everything the rules rely on, so a loaded position keeps the invariants of a played one:
// fences fit and do not overlap, pawns stand on distinct cells, every pawn in play has a path
// to its goal side, and no fence appears from nowhere.

#include "rules/hex_quoridor/serialize.h"

#include <charconv>
#include <vector>

#include "rules/core/text.h"
#include "rules/hex_quoridor/notation.h"

namespace rules::hex_quoridor {

namespace {

constexpr std::string_view kTag = "hex-quoridor";

RuleError bad_position(const std::string& why) {
  return {ErrorCode::kBadPosition, "bad hex-quoridor position: " + why};
}

bool parse_int(std::string_view text, int& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

// "key=value" with the expected key.
bool field(std::string_view part, std::string_view key, std::string_view& value) {
  if (part.size() <= key.size() || part.substr(0, key.size()) != key || part[key.size()] != '=') {
    return false;
  }
  value = part.substr(key.size() + 1);
  return true;
}

std::string seat_token(const Position& pos, int s) {
  const Seat& seat = pos.seats[s];
  std::string where;
  switch (seat.status) {
    case SeatStatus::kPlaying:
      where = pos.geo->cell_name(seat.cell);
      break;
    case SeatStatus::kEliminated:
      where = "eliminated@" + std::to_string(seat.exit_order);
      break;
    case SeatStatus::kResigned:
      where = "resigned@" + std::to_string(seat.exit_order);
      break;
  }
  return where + ":" + std::to_string(seat.fences);
}

std::optional<RuleError> load_seat(Position& pos, int s, std::string_view token) {
  Seat& seat = pos.seats[s];
  const std::vector<std::string_view> parts = split(token, ':');
  if (parts.size() != 2 || !parse_int(parts[1], seat.fences) || seat.fences < 0) {
    return bad_position("seat " + std::to_string(s) + " '" + std::string(token) + "'");
  }
  const std::string_view where = parts[0];
  for (auto [name, status] : {std::pair{std::string_view("eliminated@"), SeatStatus::kEliminated},
                              std::pair{std::string_view("resigned@"), SeatStatus::kResigned}}) {
    if (where.substr(0, name.size()) != name) continue;
    seat.status = status;
    if (!parse_int(where.substr(name.size()), seat.exit_order) || seat.exit_order < 1 ||
        seat.exit_order > kMaxSeats) {
      return bad_position("seat " + std::to_string(s) + " exit '" + std::string(where) + "'");
    }
    return std::nullopt;
  }
  seat.cell = parse_cell(*pos.geo, where);
  if (seat.cell < 0 || pos.geo->cell_name(seat.cell) != where) {
    return bad_position("seat " + std::to_string(s) + " cell '" + std::string(where) + "'");
  }
  return std::nullopt;
}

std::optional<RuleError> load_fences(Position& pos, std::string_view list) {
  if (list == "-") return std::nullopt;
  for (std::string_view name : split(list, ',')) {
    Result<std::uint64_t> move = parse_move(*pos.geo, name);
    if (!move.ok() || move_kind(*move) != kFenceMove || format_move(*pos.geo, *move) != name) {
      return bad_position("fence '" + std::string(name) + "'");
    }
    const int id = pos.geo->fence_id(move_cell(*move), move_dir(*move), move_sign(*move));
    if (id < 0) return bad_position("fence " + std::string(name) + " does not fit on the board");
    for (int e : pos.geo->fences()[id].edges) {
      if (pos.blocked.test(e)) return bad_position("fence " + std::string(name) + " overlaps");
      pos.blocked.set(e);
    }
    pos.placed.push_back(id);
  }
  return std::nullopt;
}

// Everything a played position guarantees; see the file comment.
std::optional<RuleError> check_consistency(const Position& pos) {
  int fences = static_cast<int>(pos.placed.size());
  for (int s = 0; s < pos.players; ++s) {
    fences += pos.seats[s].fences;
    if (pos.seats[s].status == SeatStatus::kEliminated && pos.team_play()) {
      return bad_position("no one is eliminated in team play");
    }
    if (!pos.playing(s)) continue;
    if (pos.pawn_at(pos.seats[s].cell) != s) return bad_position("two pawns on one cell");
  }
  if (fences != fence_supply(pos.players) * pos.players) {
    return bad_position("fences in hand and on the board do not add up to the supply");
  }
  if (pos.playing_count() == 0) return bad_position("no seat is playing");
  int at_goal = 0;
  for (int s = 0; s < pos.players; ++s) {
    const Seat& seat = pos.seats[s];
    at_goal += pos.playing(s) && pos.geo->on_side(seat.cell, goal_side(seat.side)) ? 1 : 0;
  }
  if (at_goal > 1) return bad_position("more than one pawn on its goal side");
  if (cut_off_seats(pos, pos.blocked) != 0) return bad_position("a pawn has no path to its goal");
  if (pos.turn < 0 || pos.turn >= pos.players || (!pos.finished() && !pos.playing(pos.turn))) {
    return bad_position("turn " + std::to_string(pos.turn));
  }
  return std::nullopt;
}

}  // namespace

std::string serialize_position(const Position& pos) {
  std::string out = std::string(kTag) + " size=" + std::to_string(pos.geo->side()) +
                    " teams=" + (pos.teams ? "on" : "off") + " ply=" + std::to_string(pos.ply) +
                    " turn=" + std::to_string(pos.turn) + " seats=";
  for (int s = 0; s < pos.players; ++s) out += (s > 0 ? "," : "") + seat_token(pos, s);
  out += " fences=";
  if (pos.placed.empty()) out += "-";
  for (std::size_t i = 0; i < pos.placed.size(); ++i) {
    out += (i > 0 ? "," : "") + fence_name(*pos.geo, pos.geo->fences()[pos.placed[i]]);
  }
  return out;
}

Result<Position> load_position(std::string_view text) {
  const std::vector<std::string_view> parts = split(text, ' ');
  std::string_view size, teams, ply, turn, seats, fences;
  if (parts.size() != 7 || parts[0] != kTag || !field(parts[1], "size", size) ||
      !field(parts[2], "teams", teams) || !field(parts[3], "ply", ply) ||
      !field(parts[4], "turn", turn) || !field(parts[5], "seats", seats) ||
      !field(parts[6], "fences", fences)) {
    return bad_position("expected '" + std::string(kTag) +
                        " size=N teams=on|off ply=N turn=N seats=... fences=...'");
  }
  Position pos;
  int side = 0;
  if (!parse_int(size, side) || !Geometry::offered_side(side)) return bad_position("size");
  pos.geo = &Geometry::for_side(side);
  if (teams != "on" && teams != "off") return bad_position("teams");
  pos.teams = teams == "on";
  if (!parse_int(ply, pos.ply) || pos.ply < 0 || pos.ply > kPlyLimit) return bad_position("ply");
  if (!parse_int(turn, pos.turn)) return bad_position("turn");
  const std::vector<std::string_view> seat_tokens = split(seats, ',');
  pos.players = static_cast<int>(seat_tokens.size());
  if (pos.players != 2 && pos.players != 3 && pos.players != 4 && pos.players != 6) {
    return bad_position("seat count");
  }
  if (pos.teams && pos.players == 3) return bad_position("team play needs 2, 4 or 6 seats");
  for (int s = 0; s < pos.players; ++s) {
    pos.seats[s].side = seat_sides(pos.players)[s];
    if (auto error = load_seat(pos, s, seat_tokens[s])) return *error;
  }
  if (auto error = load_fences(pos, fences)) return *error;
  if (auto error = check_consistency(pos)) return *error;
  return pos;
}

}  // namespace rules::hex_quoridor
