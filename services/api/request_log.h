#pragma once
// Request ids and the log's two formats.
//
// Every request gets an id: the client's X-Request-Id when it is well-formed (1-64 characters of
// letters, digits and "._:-"), else a new random one. The server sets it on the worker thread
// for the request's whole life (httplib serves a request start to end on one thread), returns
// it as X-Request-Id, writes it into 5xx problem documents (problem.h) and into every log line
// written on that thread meanwhile, from whatever layer:
//   text (default)  2026-11-27T00:35:00.123+00:00 info <message> request_id=<id>
//   json            {"time":...,"level":"info","message":...,"request_id":...}  (one per line)
// Access lines carry their fields (method, route template, path, status, ms, peer) as JSON
// members, or as the text line "access METHOD PATH STATUS MSms PEER".
// Nothing here reads headers other than X-Request-Id, and no caller logs a header, a query
// string or a body: tokens, passwords and mail secrets never reach the log.

#include <string>
#include <string_view>

namespace api {

// The id of the request the calling thread serves; empty outside a request.
const std::string& current_request_id();
// Starts the thread's request with `id` (or ends it: empty).
void set_request_id(std::string id);
bool well_formed_request_id(std::string_view id);
std::string new_request_id();  // 32 hex digits, random

struct AccessLine {
  std::string_view method;
  std::string_view route;  // the route's template ("/v1/games/{}/moves"), "-" when none matched
  std::string_view path;
  int status = 0;
  double ms = 0;
  std::string_view peer;
};
void log_access(const AccessLine& line);

enum class LogFormat { kText, kJson };
// Gives the default spdlog logger the format (called once at start-up, by main).
void use_log_format(LogFormat format);

}  // namespace api
