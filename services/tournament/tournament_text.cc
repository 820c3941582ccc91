// The text form of a tournament (GET /v1/tournaments/{id}?format=text, printed as it is by
// `hexpost tournament show` and, one round of it, `hexpost tournament pairings`).
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "services/tournament/tournament_logic.h"

namespace tourney {
namespace {

using nlohmann::json;

// Up to two decimals, trailing zeros dropped: "1", "0.5", "1.25", "0.33".
std::string number_text(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", std::round(value * 100) / 100);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

// The standings columns after the score, as JSON keys and their names, per format.
std::vector<std::pair<std::string, std::string>> tie_break_columns(const json& standings) {
  const std::vector<std::pair<std::string, std::string>> all = {
      {"direct_encounter", "direct encounter"},
      {"buchholz_cut1", "Buchholz cut-1"},
      {"buchholz", "Buchholz"},
      {"median_buchholz", "median Buchholz"},
      {"sonneborn_berger", "Sonneborn-Berger"}};
  std::vector<std::pair<std::string, std::string>> columns;
  if (standings.empty()) return columns;
  for (const auto& column : all)
    if (standings.front().contains(column.first)) columns.push_back(column);
  return columns;
}

std::string standings_text(const json& view) {
  const json& standings = view.at("standings");
  const auto columns = tie_break_columns(standings);
  std::string header = view.at("format") == "knockout" ? "games won" : "score";
  for (const auto& column : columns) header += ", " + column.second;
  std::string out;
  int division = 0;
  for (const json& row : standings) {
    const int row_division = row.value("division", 1);
    if (out.empty() || row_division != division) {
      division = row_division;
      out += row.contains("division") ? "Division " + std::to_string(division) + " standings ("
                                      : std::string("Standings (");
      out += header + "):\n";
    }
    out += "  " + std::to_string(row.at("rank").get<int>()) + ". " +
           row.at("username").get<std::string>() + "  " +
           number_text(row.at("score").get<double>());
    for (const auto& column : columns)
      out += "  " + number_text(row.at(column.first).get<double>());
    out += "\n";
  }
  return out;
}

std::string names_text(const json& pairing) {
  std::string names;
  for (const auto& u : pairing.at("usernames"))
    names += (names.empty() ? "" : " vs ") + u.get<std::string>();
  return names;
}

std::string scores_text(const json& scores) {
  std::string text;
  for (const auto& score : scores)
    text += (text.empty() ? "" : "-") + number_text(score.get<double>());
  return text;
}

// One board: "N. a vs b  RESULT  LINK": the result, "playing" or "scheduled"; a bye shows its
// points, a forfeit says so; the link is the game's API path.
std::string pairing_text(const json& p, bool scheduled) {
  std::string line = "  " + std::to_string(p.at("board").get<int>()) + ". " + names_text(p);
  const bool bye = p.at("usernames").size() == 1;
  const json scores = p.value("scores", json());
  if (bye) {
    line += "  bye";
    if (!scores.is_null()) line += " " + number_text(scores.at(0).get<double>());
  } else if (!scores.is_null()) {
    line += "  " + scores_text(scores);
  } else {
    line += scheduled ? "  scheduled" : "  playing";
  }
  const json game = p.value("game_id", json());
  if (game.is_string()) {
    line += "  /v1/games/" + game.get<std::string>();
  } else if (!bye && !scores.is_null()) {
    line += "  forfeit";
  }
  if (p.value("match_game", 1) > 1)
    line += "  (match game " + std::to_string(p.at("match_game").get<int>()) + ")";
  return line + "\n";
}

}  // namespace

std::string round_text(const json& round) {
  const std::string status = round.at("status");
  std::string out =
      "Round " + std::to_string(round.at("number").get<int>()) + " (" + status + "):\n";
  for (const auto& p : round.at("pairings")) out += pairing_text(p, status == "scheduled");
  return out;
}

std::string tournament_text(const storage::TournamentRecord& t) {
  const json v = tournament_view(t, true);
  std::string out = t.name + " (" + t.game + ", " + t.format + ", " + t.status + ")\n";
  if (t.status == "open") {
    if (!t.entry_closes_at.empty())
      out += "Entry closes " + t.entry_closes_at + "; it starts then if 2 or more have joined.\n";
    std::string names;
    for (const auto& e : t.entrants) names += (names.empty() ? "" : ", ") + e.username;
    return out + "Entrants: " + (names.empty() ? "none" : names) + "\n";
  }
  out += "Round " + std::to_string(t.current_round) + " of " +
         std::to_string(v.at("total_rounds").get<int>()) + "\n";
  out += standings_text(v);
  for (const auto& r : v.at("rounds")) out += round_text(r);
  for (const auto& r : v.at("schedule")) out += round_text(r);
  return out;
}

}  // namespace tourney
