// Clocks (docs/clocks.md): PATCH /v1/me (time zone), GET/POST /v1/me/vacation,
// POST /v1/me/vacation/stop, GET/POST /v1/admin/clocks (pause and resume every clock).
#include "services/api/routes.h"

namespace api {

using nlohmann::json;

namespace {

json vacation_view(GameService& s, storage::Id account_id) {
  const storage::VacationState v =
      s.clocks.vacation(account_id, hxclock::to_rfc3339(s.clock.now()));
  const double allowance = s.options.clocks.vacation_days_per_year;
  return {{"on_vacation", v.on_vacation},
          {"started_at", v.on_vacation ? json(v.started_at) : json(nullptr)},
          {"until", v.on_vacation ? json(v.until) : json(nullptr)},
          {"allowance_days", allowance},
          {"used_days", v.used_days},
          {"remaining_days", std::max(0.0, allowance - v.used_days)}};
}

void get_vacation(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  send_json(res, 200, vacation_view(s, me.account_id));
}

void post_vacation(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, {"play", "bot"});
  const json body = optional_json_object_body(req);
  const long long days = int_field(body, "days", false).value_or(0);
  if (body.contains("days") && (days < 1 || days > 366)) {
    throw GameError(400, "invalid_field", "days must be an integer from 1 to 366.",
                    {{"field", "days"}});
  }
  const std::string at = hxclock::to_rfc3339(s.clock.now());
  switch (s.clocks.start_vacation(me.account_id, at, static_cast<int>(days),
                                  s.options.clocks.vacation_days_per_year)) {
    case storage::VacationChange::kAlreadyOnVacation:
      throw GameError(409, "already_on_vacation", "You are on vacation already.");
    case storage::VacationChange::kNoAllowance:
      throw GameError(422, "vacation_allowance_exceeded",
                      "Not enough vacation allowance left this year.",
                      {{"vacation", vacation_view(s, me.account_id)}});
    default:
      break;
  }
  res.set_header("Location", "/v1/me/vacation");
  send_json(res, 201, vacation_view(s, me.account_id));
}

void stop_vacation(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, {"play", "bot"});
  optional_json_object_body(req);
  const std::string at = hxclock::to_rfc3339(s.clock.now());
  if (s.clocks.stop_vacation(me.account_id, at, s.options.clocks.vacation_days_per_year) ==
      storage::VacationChange::kNotOnVacation) {
    throw GameError(409, "not_on_vacation", "You are not on vacation.");
  }
  send_json(res, 200, vacation_view(s, me.account_id));
}

void patch_me(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  const json body = json_object_body(req);
  for (const auto& [key, value] : body.items()) {
    if (key != "time_zone") {
      throw GameError(400, "invalid_field", "Only time_zone can be changed here.",
                      {{"field", key}});
    }
  }
  const std::string zone = string_field(body, "time_zone", true, 64);
  if (!s.clocks.set_time_zone(me.account_id, zone, hxclock::to_rfc3339(s.clock.now()))) {
    throw GameError(422, "invalid_time_zone",
                    "'" + zone + "' is not a time zone name (IANA, e.g. Europe/Berlin).",
                    {{"field", "time_zone"}});
  }
  send_json(res, 200, {{"username", me.username}, {"time_zone", zone}});
}

void get_admin_clocks(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, {"admin"});
  send_json(res, 200, {{"paused", s.clocks.paused()}});
}

void post_admin_clocks(GameService& s, const Request& req, Response& res) {
  const storage::Principal me = authenticate(s, req, res);
  require_scope(me, {"admin"});
  const json body = json_object_body(req);
  if (!body.contains("paused") || !body.at("paused").is_boolean()) {
    throw GameError(400, "invalid_field", "Send {\"paused\": true} or {\"paused\": false}.",
                    {{"field", "paused"}});
  }
  const bool paused = body.at("paused").get<bool>();
  const bool changed = s.clocks.set_paused(paused, hxclock::to_rfc3339(s.clock.now()), me.username);
  send_json(res, 200, {{"paused", paused}, {"changed", changed}});
}

}  // namespace

void add_clock_routes(Server& server, GameService& s) {
  auto route = [&s](void (*fn)(GameService&, const Request&, Response&)) {
    return guarded([&s, fn](const Request& q, Response& r) { fn(s, q, r); });
  };
  server.patch("/v1/me", route(patch_me));
  server.get("/v1/me/vacation", route(get_vacation));
  server.post("/v1/me/vacation", route(post_vacation));
  server.post("/v1/me/vacation/stop", route(stop_vacation));
  server.get("/v1/admin/clocks", route(get_admin_clocks));
  server.post("/v1/admin/clocks", route(post_admin_clocks));
}

}  // namespace api
