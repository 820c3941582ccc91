#pragma once
// The Bot API's long-lived routes (docs/bot-protocol.md):
//   GET /v1/stream/events      one event stream per token (ndjson or SSE), resumable
//   GET /v1/games/{id}/stream  the game's full state, then every change, until it ends
//   GET /v1/me/turns           games where it is the caller's turn; ?wait=N long-polls
//
// A stream holds an HTTP worker only while its response head is written: then its socket moves
// to the StreamLoop (stream_loop.h), one thread for every open stream, and the worker is free.
// Streams and waiting long polls take a slot of the StreamRegistry (HEXPOST_MAX_STREAMS). A
// long poll still waits on its worker, so at most max_long_polls wait at once, and hexpostd
// sizes its pool as ordinary workers + max_long_polls.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "services/api/game_service.h"
#include "services/api/server.h"
#include "services/api/stream_loop.h"
#include "services/api/watched_games.h"
#include "services/events/event_hub.h"
#include "services/events/stream_registry.h"
#include "services/storage/event_feed.h"

namespace api {

struct StreamOptions {
  std::size_t max_streams = 10000;               // HEXPOST_MAX_STREAMS
  std::size_t max_per_token = 4;                 // HEXPOST_MAX_STREAMS_PER_TOKEN
  std::size_t max_long_polls = 64;               // HEXPOST_MAX_LONG_POLLS
  std::size_t max_buffered_bytes = 1024 * 1024;  // HEXPOST_STREAM_MAX_BUFFER_BYTES
  std::chrono::milliseconds heartbeat{10000};    // HEXPOST_STREAM_HEARTBEAT_MS
  std::chrono::milliseconds poll{1000};          // HEXPOST_STREAM_POLL_MS: hub safety-net read
  int max_wait_s = 60;                           // cap of /v1/me/turns?wait=N
  int retry_after_s = 5;                         // Retry-After of the 503 at the cap
};

// Reads HEXPOST_MAX_STREAMS, HEXPOST_MAX_STREAMS_PER_TOKEN, HEXPOST_MAX_LONG_POLLS,
// HEXPOST_STREAM_MAX_BUFFER_BYTES, HEXPOST_STREAM_HEARTBEAT_MS and HEXPOST_STREAM_POLL_MS.
// Throws std::invalid_argument naming the variable on a bad value.
StreamOptions stream_options(const std::map<std::string, std::string, std::less<>>& env);

class StreamService {
 public:
  StreamService(GameService& games, events::EventHub& hub, StreamOptions options = {});

  GameService& games;
  events::EventHub& hub;
  StreamOptions options;
  events::StreamRegistry registry;
  storage::EventsRepository events;
  WatchedGames watched;
  std::atomic<std::size_t> long_polls{0};  // waiting now
  StreamLoop loop;  // last: stopped first, while what its streams use still exists
};

void add_stream_routes(Server& server, StreamService& streams);

// A stream slot for a stream of the token `owner` (see events::StreamRegistry::open), or the
// refusal as a problem: 409 stream_open, 429 too_many_streams_for_token, 503 too_many_streams
// (or database_unavailable before the event feed is up). `kind` ("events", "game",
// "long_poll") labels it in the metrics while it is held.
std::shared_ptr<events::Ticket> take_stream_slot(StreamService& s, const std::string& kind,
                                                 storage::Id owner, storage::Id token_id = 0,
                                                 bool replace = true);
// take_stream_slot for a long poll, which waits on its worker: at most max_long_polls at once,
// past it 503 too_many_streams ("limit": "long-polls").
std::shared_ptr<events::Ticket> take_long_poll_slot(StreamService& s, storage::Id owner);
// The routes add_stream_routes registers, for the documentation test.
const std::vector<RouteDoc>& stream_routes();

}  // namespace api
