#pragma once
// api::Server: cpp-httplib 0.11.4 configured for hexpostd, plus the pieces every route needs.
//
// What it does for every request, so route files do not have to:
//   - framing guards before any body is read (see guards.h): chunked -> 411, POST/PUT/PATCH
//     without Content-Length -> 411 at once, Content-Length over the limit -> 413;
//   - unknown path -> 404, known path with another method -> 405 + Allow (both before the body
//     is read);
//   - every 4xx/5xx that has no body yet becomes application/problem+json (httplib's own
//     400/404/413/414 included);
//   - ApiError thrown by a handler -> its problem; other exceptions -> mappers (add_exception
//     _mapper), else a logged, generic 500 (e.what() never reaches the client);
//   - request checks (add_request_check) on every routed request before its handler runs;
//   - X-Content-Type-Options: nosniff on every routed response;
//   - one access-log line per request: method, path (no query string), status, milliseconds,
//     peer address. Headers (Authorization!) and query strings are never logged.
// And for the socket: one deadline for reading each request and limits on its header fields
// (edge_stream.h), connections closed after a refusal that left the body unread (411, 413, 414,
// 431, 408, a 404/405 with a body), explicit worker pool, TCP_NODELAY, keep-alive limits,
// SO_REUSEADDR instead of httplib's SO_REUSEPORT (so a second server on the same port fails to
// bind), and a listen backlog of options.listen_backlog instead of httplib's hard-coded 5.
//
// Adding routes (another file, e.g. api/match_routes.cc):
//   void add_match_routes(api::Server& server, MatchDeps& deps) {
//     server.post(R"(/matches/(\d+)/moves)", [&deps](const api::Request& req, api::Response& res) {
//       const nlohmann::json body = api::parse_json_body(req);  // throws ApiError
//       ...
//     });
//   }
// Patterns are std::regex over the path (httplib 0.11.4 has no ":id" parameters); captures are
// in req.matches. Register every route before bind().

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "services/api/problem.h"
#include "services/config.h"

namespace api {

using Request = httplib::Request;
using Response = httplib::Response;
using Handler = std::function<void(const Request&, Response&)>;
// Returns the ApiError to answer with, or nullopt to try the next mapper / fall back to 500.
using ExceptionMapper = std::function<std::optional<ApiError>(const std::exception&)>;
// Runs before routing on every request that matched a route (after the framing guards, before
// the body is read); a returned ApiError is the answer and the route's handler does not run.
using RequestCheck = std::function<std::optional<ApiError>(const Request&)>;

struct ServerOptions {
  std::size_t threads = 32;  // workers; a connection holds one only while a request is served
  std::size_t keep_alive_max = 100;
  std::chrono::seconds keep_alive_timeout{5};
  // Reading a request's head and body, in all (see edge_stream.h); past it 408 and close.
  std::chrono::milliseconds request_deadline{10'000};
  std::chrono::seconds write_timeout{5};
  std::size_t max_body_bytes = 64 * 1024;
  std::size_t max_header_fields = 100;  // past either: 431 and close
  std::size_t max_header_bytes = 16 * 1024;
  std::size_t max_waiting = 1024;                // complete requests waiting for a worker: 503
  std::size_t max_connections_per_address = 64;  // open connections per client address: 429
  // Reverse proxies: a request from one of these peers is the client's named in X-Real-IP
  // (client_address, the access log, the login limits), and their connections are not counted
  // against max_connections_per_address.
  std::vector<config::AddressRange> trusted_proxies;
  int listen_backlog = 1024;
};

// The options of the HTTP_* side of hexpostd's configuration (threads, keep-alive, body, request
// deadline, header, per-address and waiting limits).
ServerOptions server_options(const config::Config& cfg);

class Server {
 public:
  explicit Server(ServerOptions options = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  Server& get(const std::string& pattern, Handler handler);  // also answers HEAD
  Server& post(const std::string& pattern, Handler handler);
  Server& put(const std::string& pattern, Handler handler);
  Server& patch(const std::string& pattern, Handler handler);
  Server& del(const std::string& pattern, Handler handler);
  // For route files: server.add_routes([&](api::Server& s) { add_match_routes(s, deps); }).
  Server& add_routes(const std::function<void(Server&)>& register_routes);
  Server& add_exception_mapper(ExceptionMapper mapper);
  // Checks run in the order they were added; register them before bind().
  Server& add_request_check(RequestCheck check);

  // Binds host:port (port 0 = any free port) and listens. Returns the port. Throws
  // std::runtime_error if the address cannot be bound.
  int bind(const std::string& host, int port);
  // Serves until stop(). Call after bind(); blocks. False if the accept loop failed.
  bool run();
  // Thread-safe; run() returns after the workers finish their current requests.
  void stop();
  bool is_running() const;
  int port() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// The client's address: the socket peer (req.remote_addr), or for a request relayed by a
// trusted proxy, the X-Real-IP it set (the server rewrites remote_addr before routing). httplib
// 0.11.4 also copies the peer into a REMOTE_ADDR request *header*, which a client can shadow;
// never read that header.
inline const std::string& client_address(const Request& req) { return req.remote_addr; }

}  // namespace api
