// GET /v1/me/events: the caller's inbox, what happened to them lately, newest first, read from
// game_events (docs/events.md), each event as the event stream renders it (account_event_line).
// Pages: ?limit (1-200, default 50) and ?cursor (next_cursor of the previous page; also in
// Link rel="next").
#include <cstdio>

#include "services/api/routes.h"
#include "services/api/stream_views.h"

namespace api {

using nlohmann::json;

namespace {

// The kinds an inbox shows: challenges, game starts and ends, draw offers, requests to leave a
// game and seats handed over, tournament pairings, messages from other players and (for admins)
// reported messages. Moves and reminders are left out (`GET /v1/me/games` says whose turn it is).
const std::vector<std::string> kInboxKinds = {
    "challenge_created", "challenge_accepted", "challenge_declined", "challenge_cancelled",
    "game_started",      "game_finished",      "game_aborted",       "draw_offered",
    "leave_requested",   "seat_replaced",      "tournament_pairing", "tournament_finished",
    "message",           "message_reported"};

// The event id a cursor stands for (events older than it come next); 0 without a cursor.
storage::Id cursor_param(const Request& req) {
  const std::string cursor = query(req, "cursor");
  if (cursor.empty()) return 0;
  const auto text = from_base64url(cursor);
  long long id = 0;
  if (!text || std::sscanf(text->c_str(), "before:%lld", &id) != 1 || id <= 0) throw bad_cursor();
  return id;
}

void get_my_events(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  const int limit = limit_param(req);
  const storage::Id before = cursor_param(req);
  const auto rows = s.events.recent_for_account(me.account_id, kInboxKinds, before, limit);
  json events = json::array();
  for (const auto& e : rows) events.push_back(account_event_line(s, e, me.account_id));
  json out = {{"events", events}, {"next_cursor", nullptr}};
  if (static_cast<int>(rows.size()) == limit) {
    const std::string next = base64url("before:" + std::to_string(rows.back().position.id));
    out["next_cursor"] = next;
    set_next_link(req, res, next);
  }
  send_json(res, 200, out);
}

}  // namespace

void add_inbox_routes(Server& server, GameService& s) {
  server.get("/v1/me/events",
             guarded([&s](const Request& q, Response& r) { get_my_events(s, q, r); }));
}

}  // namespace api
