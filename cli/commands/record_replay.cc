#include "cli/commands/record_replay.h"

#include <istream>
#include <nlohmann/json.hpp>

namespace cli {

namespace {

// `[Name "value"]` -> name and the unescaped value; false for anything else.
bool parse_tag(const std::string& line, std::string& name, std::string& value) {
  const std::size_t space = line.find(' ');
  if (line.size() < 5 || line.front() != '[' || line.back() != ']' || space == std::string::npos ||
      line[space + 1] != '"' || line[line.size() - 2] != '"') {
    return false;
  }
  name = line.substr(1, space - 1);
  value.clear();
  for (std::size_t i = space + 2; i + 2 < line.size(); ++i) {
    if (line[i] == '\\' && i + 3 < line.size()) ++i;
    value += line[i];
  }
  return true;
}

bool apply_tag(const std::string& name, const std::string& value, GameRecordText& out) {
  if (name == "Game") out.game = value;
  if (name == "Players") out.players = std::atoi(value.c_str());
  if (name == "Options") {
    const nlohmann::json options = nlohmann::json::parse(value, nullptr, false);
    if (!options.is_object()) return false;
    for (const auto& [k, v] : options.items()) {
      out.options[k] = v.is_string() ? v.get<std::string>() : v.dump();
    }
  }
  if (name == "SetupDraws") {
    std::vector<rules::Draw> draws;
    if (!rules::parse_draws(value, draws)) return false;
    for (rules::Draw& d : draws) {
      if (d.purpose != "seat") out.setup_draws.push_back(std::move(d));
    }
  }
  return true;
}

// "<record> ; ply N <time> [draws <draws>]": the record text may itself hold ';' (inside an
// annotation), so the entry's own comment is the last " ; ply ".
bool parse_entry(const std::string& line, RecordEntry& entry) {
  const std::size_t comment = line.rfind(" ; ply ");
  entry.text = line.substr(0, comment);
  if (comment == std::string::npos) return true;
  const std::size_t draws = line.find(" draws ", comment);
  if (draws == std::string::npos) return true;
  return rules::parse_draws(line.substr(draws + 7), entry.draws);
}

}  // namespace

bool parse_game_record(std::istream& in, GameRecordText& out, std::string& error) {
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.front() == ';') continue;
    std::string name, value;
    const bool ok = line.front() == '['
                        ? parse_tag(line, name, value) && apply_tag(name, value, out)
                        : parse_entry(line, out.entries.emplace_back());
    if (!ok) {
      error = "line " + std::to_string(number) + ": cannot read '" + line + "'";
      return false;
    }
  }
  if (out.game.empty() || out.players <= 0) {
    error = "not a Hexpost record: the [Game] and [Players] tags are missing";
    return false;
  }
  return true;
}

}  // namespace cli
