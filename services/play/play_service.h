#pragma once
// The play pipeline: the one path by which a game changes. Every caller (the HTTP routes,
// `hexpostd mail-in`, the clock sweeper) hands it a submission; it loads the game, asks the
// domain to decide, stores the decision and reports the outcome:
//
//   load (this instance's copy, or the database) -> decide (services/domain)
//     -> store (one conditional statement; moves of several games share one, WriteCombiner)
//     -> outcome (applied, refused with the game as it stands, or a replayed answer)
//
// A decision made on a stale copy or against a version that moved on is refused by the write and
// made again on a fresh load. A move after the mover's deadline first ends the seat's time the
// way the sweeper would (a timeout, or a vacation day with auto-vacation) and is then decided
// again, so a late move gets the same outcome by every path.
//
// Conditional moves (docs/game-service.md "Conditional moves"): every applied entry whose write
// found the game's has_conditionals flag set is followed, before submit() or expire() returns,
// by settle_conditionals(): the stored lines follow the move, and a reply a line holds for the
// seat now to move is submitted as that seat's move by this same pipeline.
//
// The pipeline owns the per-instance copies (ContextCache, MoveCache): reads that should fill
// or use them go through it too. Callers never see whether a copy was used.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "lib/clock/clock.h"
#include "services/domain/conditional_logic.h"
#include "services/domain/game_logic.h"
#include "services/domain/seat_change.h"
#include "services/play/context_cache.h"
#include "services/play/flight_cache.h"
#include "services/play/move_cache.h"
#include "services/play/snapshot_cache.h"
#include "services/play/write_combiner.h"
#include "services/play/writes_in_flight.h"
#include "services/storage/clocks_repository.h"
#include "services/storage/conditionals_repository.h"
#include "services/storage/event_feed.h"
#include "services/storage/games_repository.h"
#include "services/storage/seats_repository.h"

namespace play {

using storage::LoadedGame;

struct PlayOptions {
  bool auto_vacation = false;  // a flag fall takes a day of vacation instead of losing
  double vacation_days_per_year = 30;
  double leave_vote_s = 2 * 86400;  // how long the other seats have to vote on a leave request
  // How long a read trusts this instance's copy of a token's principal before looking the
  // token up again (a token revoked on another instance still reads here for up to this long).
  double principal_read_age_s = 2;
};

// Who submits: the account, and for requests made with a bearer token, the token (its hash to
// look it up again on a fresh load, its id so that the write refuses a revoked token).
struct Actor {
  Id account_id = 0;
  Id token_id = 0;
  std::string token_hash;  // empty: no token (mail-in, the sweeper)
};

// Builds the answer stored with the entry (and its idempotency key) from the decision and the
// game as the entry leaves it; clock slots in it are filled by the write.
using AnswerFn =
    std::function<std::string(const domain::EntryDecision& decision, const GameRecord& after)>;

// A move or a resignation.
struct Submission {
  enum class Kind { kMove, kResign };
  Kind kind = Kind::kMove;
  Id game_id = 0;
  Actor actor;
  std::string move;             // kMove: the notation as sent
  std::optional<int> seen_ply;  // kMove: the ply the player saw; none: the current ply
  std::string idempotency_key;  // empty: none; only with a token (actor.token_hash)
  std::string request_hash;     // with a key: what the key must be reused with
  int answer_status = 201;      // stored with the key
  AnswerFn answer;              // empty: no answer is stored
  // A reply played from the seat's conditional lines: its move event says so ("conditional":
  // true in the payload; docs/events.md).
  bool conditional_reply = false;
};

struct Outcome {
  enum class Kind {
    kApplied,       // stored; `game` is the game after it, `body` the stored answer
    kReplayed,      // the idempotency key was used for this request: `status`, `body` stored
    kKeyReused,     // the idempotency key was used for another request: nothing stored
    kRefused,       // `refusal` says why; `game` is the game as it stands
    kNotFound,      // no such game
    kTokenRevoked,  // the actor's token is no longer live: nothing stored
    kGaveUp,        // the game kept changing (a lost race each time); `game` as it stands
  };
  Kind kind = Kind::kNotFound;
  GameRecord game;
  std::vector<storage::MoveRecord> moves;  // change_status's kApplied: every move
  std::optional<domain::Refusal> refusal;
  std::string body;
  int status = 0;
  bool conditionals = false;  // an entry stored on the way found conditional lines to settle
  std::optional<domain::LeaveRequest> leave;  // the leave request a seat change left
};

// Storing a seat's conditional lines.
struct LinesOutcome {
  enum class Kind {
    kStored,    // `lines` as stored (canonical notation), at the game's ply
    kRefused,   // `refusal` says why (the line and move at fault); nothing stored
    kNotFound,  // no such game
    kGaveUp,    // the game kept moving while the lines were checked; nothing stored
  };
  Kind kind = Kind::kNotFound;
  std::optional<domain::LineRefusal> refusal;
  GameRecord game;  // the game the lines were checked on (kRefused, kStored)
  storage::ConditionalLines lines;
};

// The caller and the game for a request made with a token: this instance's copies when both are
// held (no statement), else one statement (GamesRepository::load_as).
struct Context {
  std::optional<storage::Principal> principal;  // empty: unknown or revoked token
  std::optional<LoadedGame> loaded;             // empty: no such game
  bool from_copy = false;
};

// A read of a game with a token: the caller and the game as GET /v1/games/{id} shows it.
struct GameRead {
  std::optional<storage::Principal> principal;  // empty: unknown or revoked token
  Snapshot snapshot;                            // null: no such game (or no principal)
};

// A caller's turn list as GET /v1/me/turns answers it, encoded by the route.
struct TurnList {
  std::string body;  // the JSON document
  std::string etag;
  bool empty = true;  // no game waits for the caller
};
using HeldTurns = std::shared_ptr<const TurnList>;

// A draw offer or answer, or an abort: decided on the game with its moves.
using StatusDecision =
    std::function<std::variant<domain::StatusChange, domain::Refusal>(const LoadedGame& loaded)>;

class PlayService {
 public:
  PlayService(storage::ConnectionPool& pool, const domain::Catalog& catalog,
              storage::GamesRepository& games, storage::ClocksRepository& clocks,
              hxclock::Clock& clock, PlayOptions options);

  // ---- changes
  // A move or resignation. `first`: the context the caller already loaded (from context()),
  // decided on first; without it the game is loaded here.
  Outcome submit(const Submission& submission, std::optional<Context> first = std::nullopt);
  // A draw or abort; on kApplied, `game` and `moves` are the game after it (read back).
  Outcome change_status(Id game_id, const StatusDecision& decide);
  // Times out every seat of the game whose deadline is at or before `now` (with auto-vacation,
  // a seat with a whole vacation day left takes it instead). Returns the timeout entries stored.
  int expire(Id game_id, hxclock::TimePoint now);
  // Replaces the account's conditional lines on the game (none: clears them), checked against
  // the position they would be played in (domain::check_lines). `seen_ply`: the ply the player
  // saw (another is refused as stale); none: the current ply.
  LinesOutcome store_lines(Id game_id, Id account_id, const std::vector<domain::Line>& lines,
                           std::optional<int> seen_ply);
  void clear_lines(Id game_id, Id account_id);
  // The account's lines, once any move already made has been followed (settle_conditionals).
  std::optional<storage::ConditionalLines> lines_of(Id game_id, Id account_id);
  // Every set of lines stored on the game (the record shows them once the game is over).
  std::vector<storage::ConditionalLines> line_history(Id game_id);
  // Follows the moves made since the game's lines were stored: lines that no longer match are
  // dropped, the others cut, and a reply due from the seat to move is submitted (then the
  // lines follow it too). Safe to repeat and to run on several instances at once: the replies
  // are conditional on the ply, the lines on the ply they were at. Returns the replies stored.
  int settle_conditionals(Id game_id);
  // The sweeper's pass: settles games whose lines wait (an instance that stored a move died
  // before settling it, or the game ended by a draw or abort). Returns the replies stored.
  int settle_pending_conditionals(int limit);

  // ---- leaving a game (seat_changes.cc; the rules in services/domain/seat_change.h)
  // A seated player asks to leave, naming a replacement (none: the player resigns at once, and
  // the outcome is the resignation's).
  Outcome request_leave(Id game_id, Id account_id,
                        const std::optional<domain::Replacement>& replacement);
  // A vote on the game's open request, or the replacement's acceptance; each then resolves the
  // request (a "no" resigns the leaver at once; everything agreed hands the seat over).
  Outcome vote_leave(Id game_id, Id account_id, bool approve);
  Outcome accept_seat(Id game_id, Id account_id);
  // Ends the game's open request when leave_verdict says it is decided at `now`: the handover
  // entry, the leaver's resignation (through submit), or closing a request that has nothing
  // left to decide. The status the request ended with (handed_over, resigned, closed), or
  // empty when it is still open (or there is none).
  std::string resolve_leave(Id game_id, hxclock::TimePoint now);
  // resolve_leave for every game whose open request has reached its deadline; how many changed.
  int resolve_due_leaves(hxclock::TimePoint now, int limit);

  // Flag falls this instance turned into vacation days (auto-vacation).
  int auto_vacations() const { return auto_vacations_.load(); }

  // ---- reads (they fill and use this instance's copies)
  // The caller and the game for a read. Once serve_reads_from_copies() was called, from this
  // instance's copies when the principal was looked up within principal_read_age_s and the
  // game's snapshot is held (no statement); a missing snapshot is loaded once for all
  // concurrent readers. Before that (no event hub keeps the copies current), from the database.
  GameRead read(const std::string& token_hash, Id game_id);
  // The token's principal when this instance looked it up within principal_read_age_s and the
  // copies answer reads; else empty (the caller looks it up and remembers it).
  std::optional<storage::Principal> held_principal(const std::string& token_hash) const;
  void remember_principal(const storage::Principal& principal) { copies_.remember(principal); }
  // The game for a reader without a credential (or already admitted): from the copies as read()
  // does, else from the database. Null when there is no such game.
  Snapshot read_public(Id game_id);
  // Called once the event hub feeds on_event(): copies are then current enough to answer reads.
  void serve_reads_from_copies() { read_copies_ = true; }
  // Snapshot loads run by read() for a caller whose principal was held (tests, metrics).
  std::uint64_t snapshot_loads() const { return snapshots_.loads(); }
  // A token revoked on this instance: its principal copy is dropped at once.
  void forget_token(Id token_id) { copies_.forget_token(token_id); }
  // The game's open leave request, if any (never cached: one statement).
  std::optional<domain::LeaveRequest> leave_request(Id game_id) { return seats_.pending(game_id); }
  // The first context of a request made with a token; the idempotency row is `key`'s.
  Context context(const std::string& token_hash, Id game_id, const std::string& key = "");
  std::optional<LoadedGame> load(Id game_id, bool with_moves);
  // load() and the token in one statement (the moves, when with_moves, are the cached prefix
  // plus the rows after it), with the idempotency row of `key` when it is not empty.
  storage::GamesRepository::AuthenticatedLoad load_as(const std::string& token_hash, Id game_id,
                                                      bool with_moves, const std::string& key = "");
  // A committed event from any instance: a move event names the ply it made, and a copy behind
  // it is forgotten; any other event of a game forgets the copy (its version moved). An event of
  // no game that re-times seats of many games (vacation_started, vacation_ended, outage)
  // forgets every snapshot. The turn lists of the event's recipients go (every list, for an
  // event of no game and no recipient: an outage, clocks paused or resumed).
  void on_event(const storage::EventRecord& event);

  // ---- turn lists (turn_lists.cc): GET /v1/me/turns from memory, as read() for games
  // The account's turn list: the held one, else `load` run once for all concurrent callers and
  // kept until an event of one of the account's games is read or this instance writes one.
  // Before serve_reads_from_copies(), always `load`.
  HeldTurns turns(Id account, const std::function<HeldTurns()>& load);
  // Turn lists loaded by turns() (tests, metrics).
  std::uint64_t turn_loads() const { return turn_lists_.loads(); }

  // The ply of this instance's copy of the game when the token's copy is held too (as the move
  // path would decide on them), else nothing. For tests and diagnostics.
  std::optional<int> copy_ply(const std::string& token_hash, Id game_id) const;

  hxclock::Clock& clock() { return clock_; }
  const domain::Catalog& catalog() const { return catalog_; }

 private:
  // submit() without settling conditional lines afterwards.
  Outcome submit_entry(const Submission& s, std::optional<Context> first);
  // expire() without settling; `conditionals`: an entry stored found lines to settle.
  int expire_entries(Id game_id, hxclock::TimePoint now, bool& conditionals);
  // One step of settle_conditionals on the game's rows: kLookAgain after a reply was stored or
  // lost a race (load again), kDropped when a seat's lines are all gone (the flag may clear).
  enum class Settled { kLookAgain, kDone, kDropped };
  Settled settle_step(const std::vector<storage::ConditionalLines>& rows, const LoadedGame& loaded,
                      int& replies);
  bool play_reply(const storage::ConditionalLines& row, const GameRecord& game,
                  const std::string& reply, int& replies);
  Outcome attempt(const Submission& s, const Context& context, bool& retry);
  Outcome store(const Submission& s, const Context& context, domain::EntryDecision& d,
                hxclock::TimePoint at, bool& retry);
  Outcome refuse_late(const GameRecord& game, Id account, const domain::Refusal& late,
                      hxclock::TimePoint at, bool& retry);
  Outcome replayed(const storage::StoredResponse& stored, const Submission& s) const;
  Outcome gave_up(Id game_id);
  Context load_context(const std::string& token_hash, Id game_id, const std::string& key);
  std::optional<LoadedGame> load_at(Id game_id, bool with_moves, const std::string& at);
  void remember_moves(LoadedGame& loaded, const MoveCache::Moves& cached);
  // The snapshot of a loaded game, with its open leave request (one statement when active).
  Snapshot snapshot_of(LoadedGame loaded);
  // After this instance stored `entry`: the game's snapshot follows it in memory.
  void follow_write(const GameRecord& after, const domain::Entry& entry);
  // A change other than an entry (status, leave request, vacation day): the copies go.
  void forget_copies(Id game_id);
  // This instance changed the game: its seats' turn lists go (every list when the seats are not
  // at hand).
  void forget_turns_of(Id game_id);
  void forget_turns_of(const GameRecord& game);
  void forget_turns_of_recipients(const storage::EventRecord& event);
  bool try_auto_vacation(const GameRecord& game, int seat, const std::string& at);
  // The game as `written` left it: `after` with the version and seat clocks the write produced,
  // kept as this instance's copy.
  GameRecord keep_after_write(GameRecord after, const storage::WriteResult& written);
  std::string now_text() const { return hxclock::to_rfc3339(clock_.now()); }
  using LeaveDecision = std::function<std::variant<domain::LeaveRequest, domain::Refusal>(
      const LoadedGame& loaded, const std::optional<domain::LeaveRequest>& pending)>;
  // Decides on the game and its open request, stores the changed request with an event of
  // `kind`, then resolves it.
  Outcome change_leave(Id game_id, const std::string& kind, const LeaveDecision& decide);
  bool hand_over(const LoadedGame& loaded, const domain::LeaveRequest& request,
                 const std::string& at);
  // The leaver resigns (through submit); the request ends as resigned, or closed when the
  // resignation was refused (the game ended meanwhile). True when the leaver resigned.
  bool resign_leaver(const domain::LeaveRequest& request);

  // An entry for the combiner, and what this instance does once it is stored: `follow` runs on
  // the applied result (on the flushing thread) before the write's events are announced.
  struct EntryToStore {
    storage::EntryWrite write;
    std::function<void(const storage::WriteResult&)> follow;
  };
  // The combiner's flush stores the batch; its settle runs each applied write's follow, then
  // announces the events. The batch's games are in flight (writing_) from before the statement
  // until they have followed, and on_event waits for them: this instance's hub, which may read
  // the events as soon as they commit, so finds the copies at the write's version and keeps
  // them (forgotten, the next read of each game would load it).
  std::vector<storage::WriteResult> flush_entries(const std::vector<const EntryToStore*>& batch);
  void settle_entries(const std::vector<const EntryToStore*>& batch,
                      const std::vector<storage::WriteResult>& results);
  static std::vector<Id> games_of(const std::vector<const EntryToStore*>& batch);

  // Batches: at most 32 moves per statement, one statement at a time per instance, so that
  // moves arriving meanwhile gather into the next one. PostgreSQL is CPU-bound on a 2-core
  // machine, and fewer, larger batches cost less per move (docs/benchmarks.md). The price is
  // that a batch waiting on a row lock delays the instance's other moves for that long.
  static constexpr std::size_t kMaxBatch = 32;
  static constexpr std::size_t kMaxBatchesInFlight = 1;

  const domain::Catalog& catalog_;
  storage::GamesRepository& games_;
  storage::ClocksRepository& clocks_;
  storage::ConditionalsRepository conditionals_;
  hxclock::Clock& clock_;
  PlayOptions options_;
  std::atomic<int> auto_vacations_{0};
  ContextCache copies_;
  MoveCache moves_;
  SnapshotCache snapshots_;
  FlightCache<HeldTurns> turn_lists_{4096};
  std::atomic<bool> read_copies_{false};
  WriteCombiner<EntryToStore, storage::WriteResult, Id> combiner_;
  WritesInFlight writing_;
  const std::chrono::milliseconds write_wait_;  // the pool's wait: a batch's longest
  storage::SeatsRepository seats_;
};

}  // namespace play
