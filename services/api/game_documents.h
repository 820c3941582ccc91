#pragma once
// GET /v1/games/{id}'s document, encoded once per held snapshot (that is, once per version of
// the game on this instance) and reused by every reader: the part every reader shares (the
// game, the leave request, each move) is encoded once, the part that depends on the reader's
// seat (your_seat, your_turn, the board as that seat sees it, legal moves) once per seat. An
// answer is these pieces put together, so two reads of one version by one seat get the same
// bytes. The members are in no particular order: the shared ones, "moves", then the seat's.

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "services/domain/game_logic.h"
#include "services/play/snapshot_cache.h"

namespace api {

// The members of the document that depend on the caller's seat (board, legal_moves,
// legal_moves_detail, your_seat, your_turn), as JSON text without braces: the same members
// viewer_game_view() gives as a tree, in the same order.
std::string viewer_members(const domain::Catalog& catalog, const storage::GameRecord& game,
                           storage::Id caller);

// Bounded by games and by bytes: a new game that finds either bound passed empties the cache,
// which fills again (an iso-path document for the seat to move is several hundred KB).
class GameDocuments {
 public:
  static constexpr std::size_t kMaxBytes = std::size_t{256} << 20;

  explicit GameDocuments(std::size_t max_games = 4096, std::size_t max_bytes = kMaxBytes)
      : max_games_(max_games), max_bytes_(max_bytes) {}

  // The document of `snapshot` for `caller`, with the moves after ply `moves_after` (0: all).
  // `extra` (an object, or null) holds members of this answer only (a finished game's rating
  // changes); a document with extras is encoded for this answer and not kept.
  std::string render(const domain::Catalog& catalog, const play::Snapshot& snapshot,
                     storage::Id caller, int moves_after, const nlohmann::json& extra);

  // Encodings made (the shared part of a snapshot counts one, each seat's part one).
  std::uint64_t encodings() const { return encodings_.load(); }
  // Moves encoded: a version that follows the held one encodes only the moves it added.
  std::uint64_t moves_encoded() const { return moves_encoded_.load(); }

 private:
  struct Encoded {
    play::Snapshot snapshot;  // what was encoded (identity: a held snapshot is one version)
    std::string head;         // the shared members, without the braces
    std::string moves;        // every move's object, comma-separated, without the brackets
    std::vector<std::size_t> move_starts;  // where each move's object starts in `moves`
    std::mutex seats_mutex;
    std::map<int, std::string> seats;   // seat (-1: not seated) -> its members, no braces
    std::atomic<std::size_t> bytes{0};  // of head, moves and seats
    std::atomic<bool> held{false};      // put in games_ (its bytes count in bytes_)
  };
  // `previous`, when it encoded an earlier version of the game, lends the moves both share.
  std::shared_ptr<Encoded> encode(const play::Snapshot& snapshot, const nlohmann::json& extra,
                                  const Encoded* previous = nullptr);
  std::shared_ptr<Encoded> encoded(const play::Snapshot& snapshot);
  const std::string& seat_part(const domain::Catalog& catalog, Encoded& encoded,
                               storage::Id caller);

  std::mutex mutex_;
  std::size_t max_games_;
  std::size_t max_bytes_;
  // The bytes of the held encodings (approximately: a seat part added to an encoding that was
  // just replaced still counts until the next emptying).
  std::atomic<std::size_t> bytes_{0};
  std::unordered_map<storage::Id, std::shared_ptr<Encoded>> games_;
  std::atomic<std::uint64_t> encodings_{0};
  std::atomic<std::uint64_t> moves_encoded_{0};
};

}  // namespace api
