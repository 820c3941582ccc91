#pragma once
// Tournaments, entrants and tournament games (docs/ratings-tournaments.md). Starting
// and advancing a tournament is one transaction (step): lock the tournament, bring in finished
// games' results and timeouts, let the caller decide, store the pairings with their games and
// events.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "services/storage/challenges_repository.h"
#include "services/storage/records.h"

namespace storage {

class ConnectionPool;

struct EntrantRecord {
  Id account_id = 0;
  std::string username;
  std::optional<int> seed;
  int division = 0;
  std::string status;  // active, withdrawn, forfeited
  bool rejoin = true;
  int timeouts = 0;
  std::optional<double> rating;  // in the tournament's game pool (Glicko-2), for seeding
  std::string joined_at;
};

struct TournamentGameRecord {
  int round = 1;
  int board = 0;
  int match_game = 0;
  int division = 0;
  std::optional<Id> game_id;  // none: a bye or a forfeit
  std::vector<Id> seats;      // first mover first
  std::vector<std::string> usernames;
  std::optional<std::vector<double>> scores;
  std::string game_status;  // active, finished, aborted; empty without a game
};

struct TournamentRecord {
  Id id = 0;
  Id organiser_id = 0;
  std::string organiser;
  std::string name;
  std::string game;
  std::string format;
  std::optional<int> rounds;
  int players_per_game = 2;
  std::string options_json = "{}";
  std::string clock_json = "{}";
  bool rated = false;
  std::string settings_json = "{}";
  std::optional<int> capacity;
  std::string entry_opens_at;   // empty: open from creation
  std::string entry_closes_at;  // empty: until the start
  std::string status;           // open, running, finished, cancelled
  int current_round = 0;
  std::optional<Id> league_id;
  int season = 1;
  std::string created_at;
  std::string started_at;
  std::string finished_at;
  std::vector<EntrantRecord> entrants;      // by seed, then join order
  std::vector<TournamentGameRecord> games;  // by round, board, match game
};

struct NewTournament {
  Id organiser_id = 0;
  std::string name, game, format;
  std::optional<int> rounds;
  int players_per_game = 2;
  std::string options_json = "{}", clock_json = "{}", settings_json = "{}";
  bool rated = false;
  std::optional<int> capacity;
  std::string entry_opens_at, entry_closes_at;  // RFC 3339 or empty
  std::optional<Id> league_id;
  int season = 1;
  std::vector<std::pair<Id, int>> entrants;  // pre-registered (account, division): league seasons
  std::string at;
};

// What a step stores.
struct PairingWrite {
  int round = 1, board = 0, match_game = 0, division = 0;
  std::vector<Id> seats;                      // first mover first
  std::optional<std::vector<double>> scores;  // set: no game (a bye or a forfeit)
};

struct StepWrite {
  std::vector<EntrantRecord> seeding;  // at the start: seed and division per entrant
  std::vector<PairingWrite> pairings;
  int current_round = 0;
  bool round_started = false;
  bool finished = false;
  std::string standings_json = "[]";         // the top of the final standings (tournament_finished)
  std::optional<NewTournament> next_season;  // leagues: registered with the season's end
};

enum class JoinStatus { kJoined, kNotFound, kClosed, kFull, kAlreadyJoined };
enum class WithdrawStatus { kWithdrawn, kNotFound, kNotEntered, kClosed };

// Seeds for the fairness commitment of each tournament game (server seed hex, commitment).
using SeedMaker = std::function<std::pair<std::string, std::string>()>;
using StepDecider = std::function<std::optional<StepWrite>(const TournamentRecord&)>;

class TournamentsRepository {
 public:
  explicit TournamentsRepository(ConnectionPool& pool) : pool_(pool) {}

  TournamentRecord create(const NewTournament& t);
  std::optional<TournamentRecord> find(Id id);
  // Newest first, without games; `entrant` != 0: only the tournaments that account entered.
  std::vector<TournamentRecord> list(const std::string& status, int limit, Id entrant = 0);
  JoinStatus join(Id tournament_id, Id account_id, const std::string& at);
  // Open: the entry is removed. Running: the entrant withdraws (later pairings are forfeits)
  // and, in a league, is not re-registered for the next season.
  WithdrawStatus withdraw(Id tournament_id, Id account_id);
  // Leagues: stay in this season but do not re-register for the next (kClosed: not a league).
  WithdrawStatus opt_out(Id tournament_id, Id account_id);
  // Running tournaments, for the worker.
  std::vector<Id> running_ids();
  // Open tournaments whose entry window closed at or before `now` (RFC 3339).
  std::vector<Id> closed_entry_ids(const std::string& now);
  // One step; false when `decide` chose nothing (or the tournament is locked by another step).
  // Throws std::runtime_error with the starter's message when a game cannot be started.
  bool step(Id tournament_id, const StepDecider& decide, const GameStarter& start,
            const SeedMaker& seeds, const std::string& at);

 private:
  ConnectionPool& pool_;
};

}  // namespace storage
