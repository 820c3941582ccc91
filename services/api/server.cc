#include "services/api/server.h"

#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <regex>
#include <stdexcept>
#include <vector>

#include "lib/metrics/metrics.h"
#include "services/api/connection_reactor.h"
#include "services/api/edge_stream.h"
#include "services/api/guards.h"
#include "services/api/request_log.h"

namespace api {
namespace {

using Clock = std::chrono::steady_clock;

// Set when routing starts, read by the access logger. httplib serves a request start to end on
// one worker thread, so a thread_local is per request. Requests rejected before routing (a
// malformed request line, an over-long URI) have no start and log 0 ms.
thread_local std::optional<Clock::time_point> t_request_start;
// The template of the route the request matched (for the access log), or "-".
thread_local const std::string* t_route = nullptr;

// The connection the current worker serves, and whether its answer ends it. A worker serves one
// request start to end (HttpServer::serve_one), and httplib calls the error handler on that
// thread.
thread_local const EdgeStream* t_stream = nullptr;
thread_local bool t_close_after_response = false;

// Refusals that leave the request's body unread (or its head unfinished) end the connection:
// the next bytes on it are not a request.
void close_after_response(Response& res) {
  res.set_header("Connection", "close");
  t_close_after_response = true;
}

// httplib 0.11.4 with two changes: the listen backlog (hard-coded 5; the only way to change it is
// to call listen() again on the bound socket), and who holds a connection. httplib's accept loop
// hands each socket to process_and_close_socket on its task queue; here the task queue runs that
// at once on the accept thread, and the override gives the socket to the ConnectionReactor,
// which calls serve_one() on a worker once a request has arrived (connection_reactor.h).
class HttpServer : public httplib::Server {
 public:
  ReactorOptions reactor_options;

  bool set_backlog(int backlog) { return ::listen(svr_sock_, backlog) == 0; }
  // The task queue httplib creates when it starts listening, and shuts down when it stops.
  httplib::TaskQueue* new_reactor_queue();

 private:
  class ReactorQueue;
  bool process_and_close_socket(socket_t sock) override;
  AfterRequest serve_one(Connection& connection);

  std::atomic<ConnectionReactor*> reactor_{nullptr};
};

class HttpServer::ReactorQueue : public httplib::TaskQueue {
 public:
  explicit ReactorQueue(HttpServer& server)
      : server_(server), reactor_(server.reactor_options, [&server](Connection& connection) {
          return server.serve_one(connection);
        }) {
    server_.reactor_ = &reactor_;
  }
  void enqueue(std::function<void()> fn) override { fn(); }  // adopts a socket: quick
  void shutdown() override {
    reactor_.stop();
    server_.reactor_ = nullptr;
  }

 private:
  HttpServer& server_;
  ConnectionReactor reactor_;
};

httplib::TaskQueue* HttpServer::new_reactor_queue() { return new ReactorQueue(*this); }

bool HttpServer::process_and_close_socket(socket_t sock) {
  ConnectionReactor* reactor = reactor_.load();
  if (reactor == nullptr) {
    ::close(sock);
    return false;
  }
  reactor->adopt(sock);
  return true;
}

// One request, on a worker: httplib parses and answers it through an EdgeStream that starts with
// the bytes the reactor read, and whatever it read past the request goes back with the
// connection.
AfterRequest HttpServer::serve_one(Connection& connection) {
  EdgeStream stream(connection.sock, reactor_options.edge, std::move(connection.pending));
  stream.begin_request(connection.request_started);
  t_stream = &stream;
  t_close_after_response = false;
  set_request_id(new_request_id());  // pre-routing takes the client's X-Request-Id instead
  bool closed = false;
  const bool last = connection.served + 1 >= reactor_options.keep_alive_max;
  const bool served = process_request(stream, last, closed, nullptr);
  set_request_id("");
  t_stream = nullptr;
  connection.pending = stream.take_pending();
  if (t_close_after_response || stream.refusal() != EdgeRefusal::kNone) return AfterRequest::kDrain;
  return served && !closed ? AfterRequest::kKeep : AfterRequest::kClose;
}

// Requests by route template (bounded: the registered routes and "-"), method and status class,
// and their latency by route.
void count_request(const std::string& route, const std::string& method, int status, double ms) {
  static auto& requests = metrics::global().counter(
      "hexpost_http_requests_total",
      "HTTP requests answered, by route template, method and status class",
      {"route", "method", "status"});
  static auto& latency =
      metrics::global().histogram("hexpost_http_request_duration_seconds",
                                  "From a request's routing to its answer, by route template",
                                  {"route"}, metrics::latency_bounds());
  static const std::string kClasses[] = {"1xx", "2xx", "3xx", "4xx", "5xx"};
  const std::string& status_class = kClasses[std::clamp(status / 100, 1, 5) - 1];
  requests.with({route, method, status_class}).inc();
  latency.with({route}).observe(ms / 1000);
}

void reuse_address_only(socket_t sock) {
  int yes = 1;
  ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
}

struct Route {
  std::string method;
  std::regex pattern;
  std::string name;  // the pattern with each group as "{}": "/v1/games/{}/moves"
};

// "/v1/games/([^/]+)/moves" -> "/v1/games/{}/moves": a low-cardinality name for logs.
std::string route_name(const std::string& pattern) {
  std::string name;
  int depth = 0;
  for (char c : pattern) {
    if (c == '(' && depth++ == 0) name += "{}";
    if (depth == 0) name += c;
    if (c == ')' && depth > 0) --depth;
  }
  return name;
}

std::string default_detail(const Request& req, int status) {
  switch (status) {
    case 400:
      return "The request could not be parsed.";
    case 404:
      return "No route for " + req.method + " " + req.path + ".";
    case 413:
      return "The request body is too large.";
    case 414:
      return "The request URI is too long.";
    default:
      return std::string(status_title(status)) + ".";
  }
}

// PostgreSQL text cannot hold NUL, and no name, move or filter contains one: a decoded NUL in
// the path or a query parameter is refused before any route sees it.
std::optional<std::string> nul_in_request(const Request& req) {
  constexpr char kNul = '\0';
  if (req.path.find(kNul) != std::string::npos) return "The path contains a NUL character.";
  for (const auto& [name, value] : req.params) {
    if (name.find(kNul) != std::string::npos || value.find(kNul) != std::string::npos) {
      return "The query parameter '" + name + "' contains a NUL character.";
    }
  }
  return std::nullopt;
}

}  // namespace

class Server::Impl {
 public:
  explicit Impl(ServerOptions opts) : options(opts) { configure(); }

  void add(const std::string& method, const std::string& pattern, Handler handler);
  const Route* find_route(const std::string& method, const std::string& path) const;
  std::vector<std::string> allowed_methods(const std::string& path) const;
  httplib::Server::HandlerResponse pre_route(const Request& req, Response& res) const;
  void take_forwarded_address(const Request& req) const;
  httplib::Server::HandlerResponse on_error(const Request& req, Response& res) const;
  std::optional<ApiError> edge_refusal() const;  // the current connection's, if any
  void on_exception(const Request& req, Response& res, std::exception_ptr error) const;
  static void log(const Request& req, const Response& res);

  ServerOptions options;
  HttpServer http;
  std::vector<Route> routes;
  std::vector<ExceptionMapper> mappers;
  std::vector<RequestCheck> checks;
  int port = -1;

 private:
  void configure();
};

void Server::Impl::configure() {
  ReactorOptions& reactor = http.reactor_options;
  reactor.workers = options.threads;
  reactor.max_waiting = options.max_waiting;
  reactor.max_per_address = options.max_connections_per_address;
  reactor.unlimited = [proxies = options.trusted_proxies](const std::string& address) {
    return config::in_ranges(proxies, address);
  };
  reactor.max_body_bytes = options.max_body_bytes;
  reactor.idle_timeout = options.keep_alive_timeout;
  reactor.keep_alive_max = options.keep_alive_max;
  reactor.edge.request_deadline = options.request_deadline;
  reactor.edge.write_timeout = options.write_timeout;
  reactor.edge.max_header_fields = options.max_header_fields;
  reactor.edge.max_header_bytes = options.max_header_bytes;
  http.new_task_queue = [this] { return http.new_reactor_queue(); };
  http.set_tcp_nodelay(true);
  http.set_socket_options(reuse_address_only);
  http.set_payload_max_length(options.max_body_bytes);
  http.set_pre_routing_handler(
      [this](const Request& req, Response& res) { return pre_route(req, res); });
  // "Expect: 100-continue" is answered before routing: apply the same guards there, so a
  // client waiting for 100 gets 411/413 instead of being invited to upload.
  http.set_expect_100_continue_handler([this](const Request& req, Response& res) {
    t_request_start = Clock::now();
    if (auto rejection = check_body_framing(req, options.max_body_bytes)) {
      problem(res, rejection->status, rejection->code, rejection->detail);
      close_after_response(res);
      return rejection->status;
    }
    return 100;
  });
  http.set_error_handler(httplib::Server::HandlerWithResponse(
      [this](const Request& req, Response& res) { return on_error(req, res); }));
  http.set_exception_handler([this](const Request& req, Response& res, std::exception_ptr e) {
    on_exception(req, res, std::move(e));
  });
  http.set_post_routing_handler([](const Request&, Response& res) {
    res.set_header("X-Request-Id", current_request_id());
    res.set_header("X-Content-Type-Options", "nosniff");
  });
  http.set_logger([](const Request& req, const Response& res) { log(req, res); });
}

void Server::Impl::add(const std::string& method, const std::string& pattern, Handler handler) {
  routes.push_back({method, std::regex(pattern), route_name(pattern)});
  if (method == "GET") http.Get(pattern, std::move(handler));
  if (method == "POST") http.Post(pattern, std::move(handler));
  if (method == "PUT") http.Put(pattern, std::move(handler));
  if (method == "PATCH") http.Patch(pattern, std::move(handler));
  if (method == "DELETE") http.Delete(pattern, std::move(handler));
}

// Matches only the routes of the request's method and stops at the first, so that a routed
// request costs few regex matches; allowed_methods() (every route) runs only for a 404 or 405.
const Route* Server::Impl::find_route(const std::string& method, const std::string& path) const {
  const std::string& wanted = method == "HEAD" ? std::string("GET") : method;
  const auto found = std::find_if(routes.begin(), routes.end(), [&](const Route& route) {
    return route.method == wanted && std::regex_match(path, route.pattern);
  });
  return found == routes.end() ? nullptr : &*found;
}

std::vector<std::string> Server::Impl::allowed_methods(const std::string& path) const {
  std::vector<std::string> methods;
  for (const auto& route : routes) {
    if (!std::regex_match(path, route.pattern)) continue;
    if (std::find(methods.begin(), methods.end(), route.method) != methods.end()) continue;
    methods.push_back(route.method);
    if (route.method == "GET") methods.push_back("HEAD");
  }
  return methods;
}

// A request relayed by a trusted proxy is the client's: its X-Real-IP (a numeric address; the
// proxy sets it, replacing whatever the client sent) becomes remote_addr for everything after
// routing. httplib hands the pre-routing handler a const view of its own, mutable Request.
void Server::Impl::take_forwarded_address(const Request& req) const {
  if (!config::in_ranges(options.trusted_proxies, req.remote_addr)) return;
  const std::string forwarded = req.get_header_value("X-Real-IP");
  if (config::is_ip_address(forwarded)) const_cast<Request&>(req).remote_addr = forwarded;
}

httplib::Server::HandlerResponse Server::Impl::pre_route(const Request& req, Response& res) const {
  using R = httplib::Server::HandlerResponse;
  t_request_start = Clock::now();
  take_forwarded_address(req);
  if (const std::string id = req.get_header_value("X-Request-Id"); well_formed_request_id(id)) {
    set_request_id(id);
  }
  if (auto rejection = check_body_framing(req, options.max_body_bytes)) {
    problem(res, rejection->status, rejection->code, rejection->detail);
    close_after_response(res);  // the body was not read
    return R::Handled;
  }
  if (auto nul = nul_in_request(req)) {
    problem(res, 400, "nul_character", *nul);
    return R::Handled;
  }
  if (const Route* route = find_route(req.method, req.path)) {
    t_route = &route->name;
    for (const RequestCheck& check : checks) {
      if (auto refused = check(req)) {
        problem(res, *refused);
        if (req.get_header_value<uint64_t>("Content-Length") > 0) close_after_response(res);
        return R::Handled;
      }
    }
    return R::Unhandled;
  }
  const std::vector<std::string> allowed = allowed_methods(req.path);
  if (allowed.empty()) {
    problem(res, 404, "not_found", "No route for " + req.method + " " + req.path + ".");
  } else {
    std::string allow;
    for (const auto& m : allowed) allow += (allow.empty() ? "" : ", ") + m;
    problem(res, 405, "method_not_allowed", req.method + " is not allowed on " + req.path + ".");
    res.set_header("Allow", allow);
  }
  if (req.get_header_value<uint64_t>("Content-Length") > 0) close_after_response(res);
  return R::Handled;
}

httplib::Server::HandlerResponse Server::Impl::on_error(const Request& req, Response& res) const {
  if (auto refused = edge_refusal()) {
    problem(res, *refused);  // httplib saw a failed read and set a bare 400
    close_after_response(res);
  } else if (res.body.empty()) {
    // Handlers and guards already wrote a problem; only httplib's bare statuses need one.
    problem(res, res.status, default_problem_code(res.status), default_detail(req, res.status));
  }
  if (res.status == 411 || res.status == 413 || res.status == 414) close_after_response(res);
  // Always "Handled": on paths that never reached a handler (e.g. the Expect: 100-continue
  // refusal) httplib 0.11.4 sets Content-Length only for handled errors.
  return httplib::Server::HandlerResponse::Handled;
}

std::optional<ApiError> Server::Impl::edge_refusal() const {
  const EdgeLimits& limits = http.reactor_options.edge;
  switch (t_stream ? t_stream->refusal() : EdgeRefusal::kNone) {
    case EdgeRefusal::kNone:
      return std::nullopt;
    case EdgeRefusal::kDeadline:
      return ApiError(408, "request_timeout",
                      "The request was not received within " +
                          std::to_string(limits.request_deadline.count()) + " ms.");
    case EdgeRefusal::kHeaderFields:
      return ApiError(431, "too_many_header_fields",
                      "A request may carry at most " + std::to_string(limits.max_header_fields) +
                          " header fields.");
    case EdgeRefusal::kHeaderBytes:
      return ApiError(431, "headers_too_large",
                      "A request's header fields may take at most " +
                          std::to_string(limits.max_header_bytes) + " bytes.");
  }
  return std::nullopt;
}

void Server::Impl::on_exception(const Request& req, Response& res, std::exception_ptr error) const {
  res.headers.clear();
  try {
    std::rethrow_exception(std::move(error));
  } catch (const ApiError& e) {
    problem(res, e);
  } catch (const std::exception& e) {
    for (const auto& mapper : mappers) {
      if (auto mapped = mapper(e)) {
        spdlog::warn("{} {}: {}", req.method, req.path, e.what());
        problem(res, *mapped);
        return;
      }
    }
    spdlog::error("unhandled exception in {} {}: {}", req.method, req.path, e.what());
    problem(res, 500, "internal", "The server failed to handle this request.");
  } catch (...) {
    spdlog::error("unhandled non-standard exception in {} {}", req.method, req.path);
    problem(res, 500, "internal", "The server failed to handle this request.");
  }
}

void Server::Impl::log(const Request& req, const Response& res) {
  double ms = 0;
  if (t_request_start) {
    ms = std::chrono::duration<double, std::milli>(Clock::now() - *t_request_start).count();
    t_request_start.reset();
  }
  static const std::string kNoRoute = "-";
  const std::string& route = t_route ? *t_route : kNoRoute;
  const std::string& method = req.method.empty() ? kNoRoute : req.method;
  log_access({method, route, req.path.empty() ? "-" : req.path, res.status, ms, req.remote_addr});
  count_request(route, method, res.status, ms);
  t_route = nullptr;
}

ServerOptions server_options(const config::Config& cfg) {
  ServerOptions options;
  options.threads = static_cast<std::size_t>(cfg.threads);
  options.keep_alive_max = static_cast<std::size_t>(cfg.keep_alive_max);
  options.keep_alive_timeout = cfg.keep_alive_timeout;
  options.max_body_bytes = cfg.max_body_bytes;
  options.request_deadline = cfg.request_deadline;
  options.max_header_fields = static_cast<std::size_t>(cfg.max_header_fields);
  options.max_header_bytes = static_cast<std::size_t>(cfg.max_header_bytes);
  options.max_connections_per_address = static_cast<std::size_t>(cfg.max_connections_per_address);
  options.max_waiting = static_cast<std::size_t>(cfg.max_waiting);
  options.trusted_proxies = cfg.trusted_proxies;
  return options;
}

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(options)) {}

Server::~Server() {
  if (impl_->http.is_running()) impl_->http.stop();
}

Server& Server::get(const std::string& pattern, Handler handler) {
  impl_->add("GET", pattern, std::move(handler));
  return *this;
}

Server& Server::post(const std::string& pattern, Handler handler) {
  impl_->add("POST", pattern, std::move(handler));
  return *this;
}

Server& Server::put(const std::string& pattern, Handler handler) {
  impl_->add("PUT", pattern, std::move(handler));
  return *this;
}

Server& Server::patch(const std::string& pattern, Handler handler) {
  impl_->add("PATCH", pattern, std::move(handler));
  return *this;
}

Server& Server::del(const std::string& pattern, Handler handler) {
  impl_->add("DELETE", pattern, std::move(handler));
  return *this;
}

Server& Server::add_routes(const std::function<void(Server&)>& register_routes) {
  register_routes(*this);
  return *this;
}

Server& Server::add_exception_mapper(ExceptionMapper mapper) {
  impl_->mappers.push_back(std::move(mapper));
  return *this;
}

Server& Server::add_request_check(RequestCheck check) {
  impl_->checks.push_back(std::move(check));
  return *this;
}

int Server::bind(const std::string& host, int port) {
  errno = 0;
  const int bound = port == 0 ? impl_->http.bind_to_any_port(host)
                              : (impl_->http.bind_to_port(host, port) ? port : -1);
  if (bound < 0) {
    const std::string reason = errno ? std::strerror(errno) : "unknown error";
    throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + " (" +
                             reason + ")");
  }
  if (!impl_->http.set_backlog(impl_->options.listen_backlog)) {
    throw std::runtime_error("listen(backlog=" + std::to_string(impl_->options.listen_backlog) +
                             ") failed: " + std::strerror(errno));
  }
  impl_->port = bound;
  return bound;
}

bool Server::run() { return impl_->http.listen_after_bind(); }

void Server::stop() { impl_->http.stop(); }

bool Server::is_running() const { return impl_->http.is_running(); }

int Server::port() const { return impl_->port; }

}  // namespace api
