#include "services/play/play_service.h"

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

#include "lib/metrics/metrics.h"
#include "services/domain/clock_rules.h"

namespace play {

namespace {

using Kind = Outcome::Kind;

// Decisions made again after a lost race that left the ply unchanged (a draw offer moved the
// version), or after a refusal decided on a copy.
constexpr int kAttempts = 5;
// Timeout entries one expire() stores at most (one per seat that ran out).
constexpr int kExpireRounds = 16;

Outcome refused(const domain::Refusal& refusal, GameRecord game) {
  Outcome out;
  out.kind = Kind::kRefused;
  out.refusal = refusal;
  out.game = std::move(game);
  return out;
}

Outcome of_kind(Kind kind) {
  Outcome out;
  out.kind = kind;
  return out;
}

metrics::Histogram& batch_sizes() {
  static auto& histogram = metrics::global()
                               .histogram("hexpost_write_batch_size",
                                          "Entries (moves, resignations, timeouts) per statement "
                                          "of the write combiner",
                                          {}, metrics::size_bounds())
                               .with();
  return histogram;
}

// Moves submitted, by what became of them: accepted (stored, or replayed from its idempotency
// key) or refused, with the refusal's code; and how long they took.
void count_move(const Outcome& outcome, std::chrono::steady_clock::time_point started) {
  static auto& moves = metrics::global().counter("hexpost_moves_total",
                                                 "Moves submitted, by outcome and refusal reason",
                                                 {"outcome", "reason"});
  static auto& latency = metrics::global()
                             .histogram("hexpost_move_duration_seconds",
                                        "Time to decide and store a move (play pipeline)", {},
                                        metrics::latency_bounds())
                             .with();
  const bool accepted = outcome.kind == Kind::kApplied || outcome.kind == Kind::kReplayed;
  std::string reason = accepted ? "" : "other";
  if (outcome.refusal) reason = domain::refusal_code(*outcome.refusal);
  moves.with({accepted ? "accepted" : "refused", reason}).inc();
  latency.observe(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
}

}  // namespace

PlayService::PlayService(storage::ConnectionPool& pool, const domain::Catalog& catalog,
                         storage::GamesRepository& games, storage::ClocksRepository& clocks,
                         hxclock::Clock& clock, PlayOptions options)
    : catalog_(catalog),
      games_(games),
      clocks_(clocks),
      conditionals_(pool),
      clock_(clock),
      options_(options),
      combiner_(
          kMaxBatch, kMaxBatchesInFlight, pool.wait(),
          [this](const std::vector<const EntryToStore*>& batch) { return flush_entries(batch); },
          [](const EntryToStore& entry) { return entry.write.game_id; },
          [this](const std::vector<const EntryToStore*>& batch,
                 const std::vector<storage::WriteResult>& results) {
            settle_entries(batch, results);
          }),
      write_wait_(pool.wait()),
      seats_(pool) {}

// ---- changes ------------------------------------------------------------------------------------

Outcome PlayService::submit(const Submission& s, std::optional<Context> first) {
  const auto started = std::chrono::steady_clock::now();
  Outcome outcome = submit_entry(s, std::move(first));
  if (outcome.conditionals) settle_conditionals(s.game_id);
  if (s.kind == Submission::Kind::kMove) count_move(outcome, started);
  return outcome;
}

Outcome PlayService::submit_entry(const Submission& s, std::optional<Context> first) {
  Context context =
      first ? std::move(*first) : load_context(s.actor.token_hash, s.game_id, s.idempotency_key);
  for (int attempt = 1;; ++attempt) {
    if (!context.principal && !s.actor.token_hash.empty()) return of_kind(Kind::kTokenRevoked);
    if (!context.loaded) return of_kind(Kind::kNotFound);
    bool retry = false;
    Outcome outcome = this->attempt(s, context, retry);
    if (!retry) return outcome;
    // A lost race whose ply moved on is refused as stale by the next decision; one that only
    // lost to a version change is decided again, up to kAttempts times in all.
    if (attempt >= kAttempts) return gave_up(s.game_id);
    context = load_context(s.actor.token_hash, s.game_id, s.idempotency_key);
  }
}

// One decision on `context`, stored when it is an entry. `retry`: decide again on a fresh load
// (the write was refused, or a refusal was decided on a copy: refusals are never answered from
// a copy).
Outcome PlayService::attempt(const Submission& s, const Context& context, bool& retry) {
  const GameRecord& game = context.loaded->game;
  if (context.loaded->stored) return replayed(*context.loaded->stored, s);
  const Id account = s.actor.account_id;
  const hxclock::TimePoint at = clock_.now();
  const bool is_move = s.kind == Submission::Kind::kMove;
  if (auto late = is_move ? domain::check_deadline(game, account, at) : std::nullopt) {
    retry = context.from_copy;
    return retry ? Outcome{} : refuse_late(game, account, *late, at, retry);
  }
  auto decided =
      is_move ? domain::decide_move(catalog_, game, account, s.move, s.seen_ply.value_or(game.ply))
              : domain::decide_resign(catalog_, game, account);
  if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
    retry = context.from_copy;
    return retry ? Outcome{} : refused(*refusal, game);
  }
  return store(s, context, std::get<domain::EntryDecision>(decided), at, retry);
}

Outcome PlayService::store(const Submission& s, const Context& context, domain::EntryDecision& d,
                           hxclock::TimePoint at, bool& retry) {
  d.entry.at = hxclock::to_rfc3339(at);
  if (s.conditional_reply) {
    nlohmann::json payload = nlohmann::json::parse(d.entry.event_payload_json);
    payload["conditional"] = true;
    d.entry.event_payload_json = payload.dump();
  }
  const GameRecord after = domain::game_after(context.loaded->game, d.entry);
  storage::EntryWrite w(d.entry);
  w.token_id = s.actor.token_id;
  w.idempotency_key = s.idempotency_key;
  w.request_hash = s.request_hash;
  w.response_status = s.answer_status;
  if (s.answer) w.response_body = s.answer(d, after);
  Outcome out = of_kind(Kind::kApplied);
  const storage::WriteResult written =
      combiner_.write({std::move(w), [&](const storage::WriteResult& applied) {
                         out.game = keep_after_write(after, applied);
                         follow_write(out.game, d.entry);
                       }});
  if (written.outcome != storage::WriteOutcome::kApplied) {
    // The same key may have raced us and won: answer as it did (or refuse another body).
    auto stored = s.idempotency_key.empty()
                      ? std::nullopt
                      : games_.stored_response(s.actor.account_id, s.idempotency_key);
    if (stored) return replayed(*stored, s);
    retry = true;
    return {};
  }
  out.body = written.response_body;  // with the clocks the write produced
  out.status = s.answer_status;
  out.conditionals = written.has_conditionals;
  return out;
}

// Past the deadline: the seat's time is ended as the sweeper would end it (once, however many
// ask). When that gave the player a vacation day instead, the move is decided again.
Outcome PlayService::refuse_late(const GameRecord& game, Id account, const domain::Refusal& late,
                                 hxclock::TimePoint at, bool& retry) {
  bool conditionals = false;
  expire_entries(game.id, at, conditionals);
  auto now = load_at(game.id, false, hxclock::to_rfc3339(at));
  if (!now) return of_kind(Kind::kNotFound);
  retry = now->game.ply == game.ply && now->game.status == "active" &&
          !domain::check_deadline(now->game, account, at);
  Outcome out = retry ? Outcome{} : refused(late, now->game);
  out.conditionals = conditionals;
  return out;
}

Outcome PlayService::replayed(const storage::StoredResponse& stored, const Submission& s) const {
  if (stored.request_hash != s.request_hash) return of_kind(Kind::kKeyReused);
  Outcome out = of_kind(Kind::kReplayed);
  out.status = stored.status;
  out.body = stored.body;
  return out;
}

Outcome PlayService::gave_up(Id game_id) {
  auto now = load(game_id, false);
  if (!now) return of_kind(Kind::kNotFound);
  Outcome out = of_kind(Kind::kGaveUp);
  out.game = std::move(now->game);
  return out;
}

Outcome PlayService::change_status(Id game_id, const StatusDecision& decide) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    auto loaded = load(game_id, true);
    if (!loaded) return of_kind(Kind::kNotFound);
    auto decided = decide(*loaded);
    if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
      return refused(*refusal, loaded->game);
    }
    auto change = std::get<domain::StatusChange>(decided);
    change.at = now_text();
    if (games_.update_status(change).outcome != storage::WriteOutcome::kApplied) continue;
    forget_copies(game_id);
    auto fresh = load(game_id, true);
    if (!fresh) return of_kind(Kind::kNotFound);
    Outcome out = of_kind(Kind::kApplied);
    out.game = std::move(fresh->game);
    out.moves = std::move(fresh->moves);
    return out;
  }
  return gave_up(game_id);
}

bool PlayService::try_auto_vacation(const GameRecord& game, int seat, const std::string& at) {
  if (!options_.auto_vacation || !domain::vacation_allowed(game.clock_json)) return false;
  const auto change =
      clocks_.start_vacation(game.seats[seat].account_id, at, 1, options_.vacation_days_per_year);
  if (change != storage::VacationChange::kDone) return false;
  forget_copies(game.id);
  ++auto_vacations_;
  return true;
}

int PlayService::expire(Id game_id, hxclock::TimePoint now) {
  bool conditionals = false;
  const int stored = expire_entries(game_id, now, conditionals);
  if (conditionals) settle_conditionals(game_id);
  return stored;
}

int PlayService::expire_entries(Id game_id, hxclock::TimePoint now, bool& conditionals) {
  const std::string at = hxclock::to_rfc3339(now);
  int stored = 0;
  // Each round: load, decide the first expired seat's timeout, store it conditionally. A lost
  // race reloads; the loop ends when no seat is expired any more (or the game is over).
  for (int round = 0; round < kExpireRounds; ++round) {
    const auto loaded = load_at(game_id, false, at);
    if (!loaded) return stored;
    const std::vector<int> expired = domain::expired_seats(loaded->game, now);
    if (expired.empty()) return stored;
    if (try_auto_vacation(loaded->game, expired.front(), at)) continue;  // reload: frozen now
    auto decided = domain::decide_timeout(catalog_, loaded->game, expired.front());
    if (auto* refusal = std::get_if<domain::Refusal>(&decided)) {
      spdlog::warn("timeout: game {} seat {}: {}", game_id, expired.front(), refusal->message);
      return stored;
    }
    domain::Entry& entry = std::get<domain::EntryDecision>(decided).entry;
    entry.at = at;
    const storage::WriteResult written = combiner_.write(
        {storage::EntryWrite(entry), [&](const storage::WriteResult& applied) {
           follow_write(keep_after_write(domain::game_after(loaded->game, entry), applied), entry);
         }});
    if (written.outcome != storage::WriteOutcome::kApplied) continue;
    conditionals = conditionals || written.has_conditionals;
    ++stored;
    if (entry.finished) return stored;  // nothing left to time out
  }
  return stored;
}

std::vector<Id> PlayService::games_of(const std::vector<const EntryToStore*>& batch) {
  std::vector<Id> games;
  for (const EntryToStore* entry : batch) games.push_back(entry->write.game_id);
  return games;
}

std::vector<storage::WriteResult> PlayService::flush_entries(
    const std::vector<const EntryToStore*>& batch) {
  batch_sizes().observe(static_cast<double>(batch.size()));
  std::vector<const storage::EntryWrite*> writes;
  for (const EntryToStore* entry : batch) writes.push_back(&entry->write);
  writing_.enter(games_of(batch));
  try {
    return games_.write_entries(writes);
  } catch (...) {
    writing_.leave(games_of(batch));
    throw;
  }
}

void PlayService::settle_entries(const std::vector<const EntryToStore*>& batch,
                                 const std::vector<storage::WriteResult>& results) {
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (results[i].outcome != storage::WriteOutcome::kApplied) continue;
    try {
      batch[i]->follow(results[i]);
    } catch (const std::exception& e) {  // stored all the same: the copies go instead
      spdlog::error("game {}: copies not brought up to date: {}", batch[i]->write.game_id,
                    e.what());
      forget_copies(batch[i]->write.game_id);
    }
  }
  writing_.leave(games_of(batch));
  for (const storage::WriteResult& written : results) games_.announce(written);
}

GameRecord PlayService::keep_after_write(GameRecord after, const storage::WriteResult& written) {
  after.version = written.version;
  const auto clocks =
      nlohmann::json::parse(written.clocks_json.empty() ? "{}" : written.clocks_json);
  for (storage::SeatRecord& seat : after.seats) {
    auto it = clocks.find(std::to_string(seat.seat));
    if (it == clocks.end()) continue;
    const auto& deadline = it->at("deadline");
    const auto& remaining = it->at("remaining_s");
    seat.deadline = deadline.is_null() ? "" : deadline.get<std::string>();
    seat.remaining_s = remaining.is_null() ? std::nullopt : std::optional(remaining.get<double>());
  }
  copies_.forget_game(after.id);
  copies_.remember(after);
  return after;
}

// ---- reads --------------------------------------------------------------------------------------

Context PlayService::context(const std::string& token_hash, Id game_id, const std::string& key) {
  Context copy;
  copy.principal = copies_.principal(token_hash);
  auto game = copy.principal ? copies_.game(game_id) : std::nullopt;
  if (!game) return load_context(token_hash, game_id, key);
  copy.loaded = LoadedGame{std::move(*game), {}, std::nullopt};
  copy.from_copy = true;
  return copy;
}

// A fresh load: with a token, the token and the game in one statement (a revoked token finds
// no principal) and the idempotency row of `key`; without one, the game alone.
Context PlayService::load_context(const std::string& token_hash, Id game_id,
                                  const std::string& key) {
  Context fresh;
  if (token_hash.empty()) {
    fresh.loaded = load(game_id, false);
    return fresh;
  }
  auto found = load_as(token_hash, game_id, false, key);
  fresh.principal = std::move(found.principal);
  fresh.loaded = std::move(found.loaded);
  return fresh;
}

std::optional<LoadedGame> PlayService::load(Id game_id, bool with_moves) {
  return load_at(game_id, with_moves, now_text());
}

std::optional<LoadedGame> PlayService::load_at(Id game_id, bool with_moves, const std::string& at) {
  const MoveCache::Moves cached = with_moves ? moves_.get(game_id) : nullptr;
  auto loaded = games_.load(game_id, at, with_moves, 0, "", MoveCache::last_ply(cached));
  if (!loaded) return loaded;
  if (with_moves) remember_moves(*loaded, cached);
  copies_.remember(loaded->game);
  return loaded;
}

storage::GamesRepository::AuthenticatedLoad PlayService::load_as(const std::string& token_hash,
                                                                 Id game_id, bool with_moves,
                                                                 const std::string& key) {
  const MoveCache::Moves cached = with_moves ? moves_.get(game_id) : nullptr;
  auto found =
      games_.load_as(token_hash, game_id, now_text(), with_moves, key, MoveCache::last_ply(cached));
  if (found.principal) copies_.remember(*found.principal);
  if (found.loaded) {
    if (with_moves) remember_moves(*found.loaded, cached);
    copies_.remember(found.loaded->game);
  }
  return found;
}

// The moves of `loaded`: the cached prefix and the rows the statement read after it.
void PlayService::remember_moves(LoadedGame& loaded, const MoveCache::Moves& cached) {
  if (cached && !cached->empty()) {
    loaded.moves.insert(loaded.moves.begin(), cached->begin(), cached->end());
  }
  if (loaded.moves.size() > (cached ? cached->size() : 0)) moves_.put(loaded.game.id, loaded.moves);
}

std::optional<int> PlayService::copy_ply(const std::string& token_hash, Id game_id) const {
  if (!copies_.principal(token_hash)) return std::nullopt;
  auto game = copies_.game(game_id);
  return game ? std::optional(game->ply) : std::nullopt;
}

void PlayService::on_event(const storage::EventRecord& e) {
  forget_turns_of_recipients(e);
  if (!e.game_id) {
    if (e.kind == "vacation_started" || e.kind == "vacation_ended" || e.kind == "outage") {
      snapshots_.forget_all();
    }
    return;
  }
  writing_.wait_until_left(*e.game_id, write_wait_);  // this instance's own write may follow
  const std::optional<int> kept_from = e.kind == "move" ? e.ply : std::nullopt;
  copies_.forget_game(*e.game_id, kept_from);
  snapshots_.forget(*e.game_id, kept_from);
}

void PlayService::forget_copies(Id game_id) {
  forget_turns_of(game_id);
  copies_.forget_game(game_id);
  snapshots_.forget(game_id);
}

// ---- reads from memory --------------------------------------------------------------------------

std::optional<storage::Principal> PlayService::held_principal(const std::string& token_hash) const {
  if (!read_copies_) return std::nullopt;
  const auto age = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(options_.principal_read_age_s));
  return copies_.principal(token_hash, age);
}

GameRead PlayService::read(const std::string& token_hash, Id game_id) {
  GameRead out;
  out.principal = held_principal(token_hash);
  if (out.principal) {
    out.snapshot = read_public(game_id);
    return out;
  }
  // The token and the game in one statement (the token is looked up again).
  const SnapshotCache::Tick since = snapshots_.begin_load();
  auto found = load_as(token_hash, game_id, true);
  out.principal = std::move(found.principal);
  if (!out.principal || !found.loaded) return out;
  out.snapshot = snapshot_of(std::move(*found.loaded));
  if (!read_copies_) return out;
  snapshots_.keep(out.snapshot, since);
  // The held snapshot of this version, when there is one: its encoding is reused.
  const Snapshot held = snapshots_.held(game_id);
  if (held && held->game.version == out.snapshot->game.version) out.snapshot = held;
  return out;
}

Snapshot PlayService::read_public(Id game_id) {
  const auto load_snapshot = [this, game_id]() -> Snapshot {
    auto loaded = load(game_id, true);
    return loaded ? snapshot_of(std::move(*loaded)) : nullptr;
  };
  return read_copies_ ? snapshots_.get(game_id, load_snapshot) : load_snapshot();
}

Snapshot PlayService::snapshot_of(LoadedGame loaded) {
  auto snapshot = std::make_shared<GameSnapshot>();
  if (loaded.game.status == "active") snapshot->leave = seats_.pending(loaded.game.id);
  snapshot->moves =
      std::make_shared<const std::vector<storage::MoveRecord>>(std::move(loaded.moves));
  snapshot->game = std::move(loaded.game);
  return snapshot;
}

void PlayService::follow_write(const GameRecord& after, const domain::Entry& entry) {
  forget_turns_of(after);
  const Snapshot held = snapshots_.held(after.id);
  if (!held || held->game.version != entry.expected_version || held->leave) {
    snapshots_.forget(after.id);
    return;
  }
  std::string username;
  for (const storage::SeatRecord& seat : after.seats) {
    if (seat.seat == entry.seat) username = seat.username;
  }
  auto moves = std::make_shared<std::vector<storage::MoveRecord>>(*held->moves);
  moves->push_back(
      {after.ply, entry.seat, username, entry.record, entry.draws, entry.hash, entry.at});
  auto next = std::make_shared<GameSnapshot>();
  next->game = after;
  next->moves = std::move(moves);
  snapshots_.replace(next, entry.expected_version);
}

}  // namespace play
