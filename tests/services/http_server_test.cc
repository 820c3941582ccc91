// api::Server over real sockets on 127.0.0.1 (port 0), no database: guards, problem+json for
// every error, exception handling, access log, socket options.

#include <gtest/gtest.h>
#include <httplib.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <future>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "services/api/health_routes.h"
#include "services/api/json_body.h"
#include "services/api/request_log.h"
#include "services/api/server.h"
#include "tests/services/http_client.h"

namespace {

using nlohmann::json;
using std::chrono::milliseconds;
using testhttp::raw_exchange;
using testhttp::raw_request;

constexpr std::size_t kMaxBody = 256 * 1024;
constexpr std::chrono::milliseconds kDeadline{1500};
constexpr std::size_t kThreads = 4;
constexpr std::size_t kMaxWaiting = 8;
constexpr const char* kProxy = "127.0.3.1";  // a trusted reverse proxy

struct Unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The extension pattern other route files follow: a free function that registers routes.
// Requests to /block wait inside the handler until the test opens the gate.
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  int inside = 0;
  bool open = false;
};
Gate& gate() {
  static Gate g;
  return g;
}

void add_test_routes(api::Server& server) {
  server.get("/block", [](const api::Request&, api::Response& res) {
    std::unique_lock lock(gate().mutex);
    ++gate().inside;
    gate().changed.notify_all();
    gate().changed.wait(lock, [] { return gate().open; });
    res.set_content("{}", "application/json");
  });
  server.post("/echo", [](const api::Request& req, api::Response& res) {
    const json body = api::parse_json_body(req);
    res.set_content(json{{"received", body}}.dump(), "application/json");
  });
  server.del(R"(/things/(\d+))", [](const api::Request& req, api::Response& res) {
    res.status = 204;
    res.set_header("X-Thing", req.matches[1].str());
  });
  server.get("/boom", [](const api::Request&, api::Response&) {
    throw std::runtime_error("secret-internal-detail");
  });
  server.get("/conflict", [](const api::Request&, api::Response&) {
    throw api::ApiError(409, "stale_ply", "Ply 7 was already played.");
  });
  server.get("/unavailable", [](const api::Request&, api::Response&) {
    throw Unavailable("connection refused to db.internal:5432");
  });
  server.get("/whoami", [](const api::Request& req, api::Response& res) {
    res.set_content(api::client_address(req), "text/plain");
  });
}

class HttpServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    api::ServerOptions options;
    options.threads = kThreads;
    options.max_body_bytes = kMaxBody;
    options.request_deadline = kDeadline;
    options.max_waiting = kMaxWaiting;
    options.trusted_proxies = config::parse_address_ranges(kProxy, "test");
    server_ = std::make_unique<api::Server>(options);
    api::add_health_routes(*server_, [this] {
      return ready_ ? api::Readiness{true, "", "ready"}
                    : api::Readiness{false, "database_unavailable", "The database is down."};
    });
    server_->add_routes(add_test_routes);
    server_->add_exception_mapper([](const std::exception& e) -> std::optional<api::ApiError> {
      if (!dynamic_cast<const Unavailable*>(&e)) return std::nullopt;
      return api::ApiError(503, "database_unavailable", "The database is not available.", 5);
    });
    port_ = server_->bind("127.0.0.1", 0);
    thread_ = std::thread([this] { server_->run(); });
    while (!server_->is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }

  void TearDown() override {
    server_->stop();
    thread_.join();
  }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(std::chrono::seconds(5));
    return c;
  }

  static void expect_problem(const httplib::Result& res, int status, const std::string& code) {
    ASSERT_TRUE(res) << httplib::to_string(res.error());
    EXPECT_EQ(res->status, status);
    EXPECT_EQ(res->get_header_value("Content-Type"), "application/problem+json");
    const json body = json::parse(res->body);
    EXPECT_EQ(body.at("status"), status);
    EXPECT_EQ(body.at("code"), code);
    EXPECT_EQ(body.at("type"), "urn:hexpost:problem:" + code);
    EXPECT_TRUE(body.at("title").is_string());
    EXPECT_TRUE(body.at("detail").is_string());
  }

  static void expect_raw_problem(const testhttp::RawResponse& res, int status,
                                 const std::string& code) {
    ASSERT_TRUE(res.received) << "no complete response";
    EXPECT_EQ(res.status, status) << res.head;
    EXPECT_NE(res.head.find("Content-Type: application/problem+json"), std::string::npos);
    EXPECT_EQ(json::parse(res.body).at("code"), code);
  }

  std::unique_ptr<api::Server> server_;
  std::thread thread_;
  std::atomic<bool> ready_{true};
  int port_ = 0;
};

TEST_F(HttpServerTest, HealthzIsOk) {
  auto res = client().Get("/healthz");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(json::parse(res->body).at("status"), "ok");
  EXPECT_EQ(res->get_header_value("Content-Type"), "application/json");
}

TEST_F(HttpServerTest, ReadyzFollowsTheProbe) {
  auto ok = client().Get("/readyz");
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
  ready_ = false;
  auto down = client().Get("/readyz");
  expect_problem(down, 503, "database_unavailable");
  EXPECT_EQ(down->get_header_value("Retry-After"), "5");
}

TEST_F(HttpServerTest, UnknownRouteIsProblem404) {
  expect_problem(client().Get("/no/such/route"), 404, "not_found");
  expect_problem(client().Post("/no/such/route", "{}", "application/json"), 404, "not_found");
}

TEST_F(HttpServerTest, WrongMethodIsProblem405WithAllow) {
  auto res = client().Post("/healthz", "{}", "application/json");
  expect_problem(res, 405, "method_not_allowed");
  EXPECT_EQ(res->get_header_value("Allow"), "GET, HEAD");
  auto del = client().Delete("/echo");
  expect_problem(del, 405, "method_not_allowed");
  EXPECT_EQ(del->get_header_value("Allow"), "POST");
}

TEST_F(HttpServerTest, ChunkedBodyIs411) {
  const auto res =
      raw_request(port_,
                  "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                  "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
  expect_raw_problem(res, 411, "transfer_encoding_not_supported");
  EXPECT_NE(res.head.find("Connection: close"), std::string::npos);
}

TEST_F(HttpServerTest, BodilessPostIsAnsweredAtOnce) {
  // No Content-Length and no Transfer-Encoding: httplib alone would wait for the 5 s read
  // timeout. The connection stays open here, so only the guard can answer quickly.
  const auto res = raw_request(port_, "POST /echo HTTP/1.1\r\nHost: t\r\n\r\n");
  expect_raw_problem(res, 411, "length_required");
  EXPECT_LT(res.elapsed_ms, 1000.0);
}

TEST_F(HttpServerTest, BodilessDeleteIsAnsweredAtOnce) {
  const auto res = raw_request(port_, "DELETE /things/42 HTTP/1.1\r\nHost: t\r\n\r\n");
  ASSERT_TRUE(res.received);
  EXPECT_EQ(res.status, 204) << res.head;
  EXPECT_NE(res.head.find("X-Thing: 42"), std::string::npos);
  EXPECT_LT(res.elapsed_ms, 1000.0);
}

TEST_F(HttpServerTest, OversizedBodyIs413) {
  expect_problem(client().Post("/echo", std::string(kMaxBody + 1, ' '), "application/json"), 413,
                 "payload_too_large");
}

TEST_F(HttpServerTest, OversizedContentLengthIs413BeforeTheBodyIsSent) {
  const auto res =
      raw_request(port_,
                  "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                  "Content-Length: 1000000000\r\n\r\n");
  expect_raw_problem(res, 413, "payload_too_large");
  EXPECT_LT(res.elapsed_ms, 1000.0);
}

TEST_F(HttpServerTest, ExpectContinueIsRefusedForOversizedBody) {
  const auto res =
      raw_request(port_,
                  "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                  "Content-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n");
  expect_raw_problem(res, 413, "payload_too_large");
}

TEST_F(HttpServerTest, WrongContentTypeIs415) {
  expect_problem(client().Post("/echo", "{}", "text/plain"), 415, "unsupported_media_type");
}

TEST_F(HttpServerTest, DeepJsonIs400) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  expect_problem(client().Post("/echo", deep, "application/json"), 400, "json_too_deep");
}

TEST_F(HttpServerTest, InvalidJsonIs400) {
  expect_problem(client().Post("/echo", "{\"a\":", "application/json"), 400, "invalid_json");
  expect_problem(client().Post("/echo", "", "application/json"), 400, "invalid_json");
}

TEST_F(HttpServerTest, ValidJsonReachesTheHandler) {
  auto res = client().Post("/echo", R"({"move":"e5"})", "application/json; charset=utf-8");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(json::parse(res->body).at("received").at("move"), "e5");
}

TEST_F(HttpServerTest, ExceptionIsGeneric500WithoutItsMessage) {
  auto res = client().Get("/boom");
  expect_problem(res, 500, "internal");
  EXPECT_EQ(res->body.find("secret"), std::string::npos);
  EXPECT_FALSE(res->has_header("EXCEPTION_WHAT"));
  for (const auto& [name, value] : res->headers) {
    EXPECT_EQ(value.find("secret"), std::string::npos) << name;
  }
}

TEST_F(HttpServerTest, ApiErrorBecomesItsProblem) {
  auto res = client().Get("/conflict");
  expect_problem(res, 409, "stale_ply");
  EXPECT_EQ(json::parse(res->body).at("detail"), "Ply 7 was already played.");
}

TEST_F(HttpServerTest, ExceptionMapperChoosesTheProblem) {
  auto res = client().Get("/unavailable");
  expect_problem(res, 503, "database_unavailable");
  EXPECT_EQ(res->body.find("db.internal"), std::string::npos);
  EXPECT_EQ(res->get_header_value("Retry-After"), "5");
}

TEST_F(HttpServerTest, HttplibOwnErrorsAreProblems) {
  expect_raw_problem(raw_request(port_, "GARBAGE\r\n\r\n"), 400, "bad_request");
  const std::string long_uri = "GET /" + std::string(10000, 'a') + " HTTP/1.1\r\nHost: t\r\n\r\n";
  expect_raw_problem(raw_request(port_, long_uri), 414, "uri_too_long");
}

TEST_F(HttpServerTest, ClientAddressComesFromTheSocketOnly) {
  httplib::Headers spoof{
      {"REMOTE_ADDR", "6.6.6.6"}, {"X-Forwarded-For", "7.7.7.7"}, {"X-Real-IP", "8.8.8.8"}};
  auto res = client().Get("/whoami", spoof);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->body, "127.0.0.1");
}

// From a trusted proxy (kProxy), X-Real-IP names the client when it is a numeric address.
TEST_F(HttpServerTest, ATrustedProxyNamesTheClientInXRealIp) {
  const auto whoami = [this](const std::string& real_ip) {
    const std::string request =
        "GET /whoami HTTP/1.1\r\nHost: t\r\nConnection: close\r\n" + real_ip + "\r\n";
    const auto exchange =
        raw_exchange(port_, request, 0, milliseconds(0), milliseconds(4000), kProxy);
    return exchange.received.substr(exchange.received.find("\r\n\r\n") + 4);
  };
  EXPECT_EQ(whoami("X-Real-IP: 203.0.113.9\r\n"), "203.0.113.9");
  EXPECT_EQ(whoami("X-Real-IP: 2001:db8::7\r\n"), "2001:db8::7");
  EXPECT_EQ(whoami("X-Real-IP: 203.0.113.9, 6.6.6.6\r\n"), kProxy);  // not one address
  EXPECT_EQ(whoami(""), kProxy);
}

// A proxy carries many clients: its connections are not limited per address.
TEST_F(HttpServerTest, ATrustedProxyIsNotLimitedPerAddress) {
  std::vector<int> held;
  for (int i = 0; i < 70; ++i) {
    held.push_back(testhttp::open_connection(port_, "", kProxy));
    ASSERT_GE(held.back(), 0);
  }
  const auto answered = raw_exchange(port_, "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n", 0,
                                     milliseconds(0), milliseconds(1000), kProxy);
  EXPECT_EQ(answered.status(), 200) << answered.received;
  for (int fd : held) ::close(fd);
}

TEST_F(HttpServerTest, AccessLogHasOneLinePerRequestAndNoSecrets) {
  auto sink = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(16);
  auto logger = std::make_shared<spdlog::logger>("capture", sink);
  logger->set_pattern("%v");
  auto previous = spdlog::default_logger();
  spdlog::set_default_logger(logger);
  httplib::Headers secret{{"Authorization", "Bearer tok-s3cr3t"}};
  auto res = client().Get("/healthz?token=q-s3cr3t", secret);
  // httplib logs after it has sent the response: wait for the line, then a little longer so
  // that a second line would show.
  for (int i = 0; i < 200 && sink->last_formatted().empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  spdlog::set_default_logger(previous);
  ASSERT_TRUE(res);
  const std::vector<std::string> lines = sink->last_formatted();
  ASSERT_EQ(lines.size(), 1u);
  const std::string& line = lines.front();
  EXPECT_EQ(line.rfind("access GET /healthz 200 ", 0), 0u) << line;
  EXPECT_EQ(line.find("s3cr3t"), std::string::npos) << line;
  EXPECT_NE(line.find("ms 127.0.0.1"), std::string::npos) << line;
}

// --- Request ids and the JSON log --------------------------------------------------------

TEST_F(HttpServerTest, AWellFormedRequestIdIsKeptAndAnyOtherReplaced) {
  const auto id_of = [this](const httplib::Headers& sent) {
    const auto res = client().Get("/healthz", sent);
    return res ? res->get_header_value("X-Request-Id") : std::string("no answer");
  };
  EXPECT_EQ(id_of({{"X-Request-Id", "trace-7.a_b:c"}}), "trace-7.a_b:c");
  const std::string made = id_of({{"X-Request-Id", "has space"}});
  EXPECT_EQ(made.size(), 32u) << made;
  EXPECT_EQ(made.find_first_not_of("0123456789abcdef"), std::string::npos) << made;
  EXPECT_NE(id_of({}), id_of({}));
  EXPECT_EQ(id_of({{"X-Request-Id", std::string(65, 'x')}}).size(), 32u);
  // Problems carry it too, and a 5xx names it in its body for the report.
  const auto missing = client().Get("/nope", {{"X-Request-Id", "r-404"}});
  EXPECT_EQ(missing->get_header_value("X-Request-Id"), "r-404");
  EXPECT_FALSE(nlohmann::json::parse(missing->body).contains("request_id"));
  const auto boom = client().Get("/boom", {{"X-Request-Id", "r-500"}});
  EXPECT_EQ(boom->get_header_value("X-Request-Id"), "r-500");
  EXPECT_EQ(nlohmann::json::parse(boom->body).value("request_id", ""), "r-500");
}

// Lines are formatted as they are written (the sinks are synchronous), so the request's id and
// an access line's fields, held by the writing thread, are in them.
TEST(RequestLog, JsonLinesCarryTheRequestIdAndTheAccessFields) {
  std::ostringstream out;
  auto previous = spdlog::default_logger();
  spdlog::set_default_logger(std::make_shared<spdlog::logger>(
      "capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(out)));
  api::use_log_format(api::LogFormat::kJson);
  spdlog::warn("outside \"quoted\"\n");
  api::set_request_id("r-1");
  spdlog::info("inside");
  api::log_access({"POST", "/v1/games/{}/moves", "/v1/games/7/moves", 201, 2.345, "10.0.0.9"});
  api::use_log_format(api::LogFormat::kText);
  api::set_request_id("r-2");
  spdlog::info("as text");
  api::set_request_id("");
  spdlog::set_default_logger(previous);
  std::istringstream written(out.str());
  std::vector<std::string> lines;
  for (std::string line; std::getline(written, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 4u) << out.str();
  std::vector<nlohmann::json> parsed;
  for (std::size_t i = 0; i < 3; ++i) {
    parsed.push_back(nlohmann::json::parse(lines[i], nullptr, false));
    ASSERT_FALSE(parsed.back().is_discarded()) << lines[i];
  }
  EXPECT_EQ(parsed[0]["level"], "warning");
  EXPECT_EQ(parsed[0]["message"], "outside \"quoted\"\n");
  EXPECT_FALSE(parsed[0].contains("request_id"));
  EXPECT_EQ(parsed[0]["time"].get<std::string>().size(), 24u) << parsed[0]["time"];
  EXPECT_EQ(parsed[1]["request_id"], "r-1");
  EXPECT_EQ(parsed[2]["message"], "access POST /v1/games/7/moves 201 2.3ms 10.0.0.9");
  EXPECT_EQ(parsed[2]["route"], "/v1/games/{}/moves");
  EXPECT_EQ(parsed[2]["status"], 201);
  EXPECT_EQ(parsed[2]["ms"], 2.3);
  EXPECT_EQ(parsed[2]["peer"], "10.0.0.9");
  EXPECT_EQ(parsed[2]["request_id"], "r-1");
  EXPECT_NE(lines[3].find(" info as text request_id=r-2"), std::string::npos) << lines[3];
}

TEST_F(HttpServerTest, SecondServerCannotShareThePort) {
  // httplib's default SO_REUSEPORT would let both listen and split the traffic.
  api::Server other;
  EXPECT_THROW(other.bind("127.0.0.1", port_), std::runtime_error);
}

TEST_F(HttpServerTest, KeepAliveServesSeveralRequestsOnOneConnection) {
  httplib::Client c = client();
  c.set_keep_alive(true);
  for (int i = 0; i < 20; ++i) {
    auto res = c.Get("/healthz");
    ASSERT_TRUE(res) << i;
    EXPECT_EQ(res->status, 200);
  }
}

// A worker waits a moment for a keep-alive connection's next request (ReactorOptions::linger):
// requests cut anywhere, arriving just after an answer or a little later, are all served, whether
// the worker or the reactor reads their rest.
TEST_F(HttpServerTest, RequestsCutAnywhereOnOneConnectionAreAllServed) {
  const std::string one = "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n";
  std::string requests;
  for (int i = 0; i < 6; ++i) requests += one;
  const std::vector<std::pair<std::size_t, milliseconds>> cuts = {
      {one.size(), milliseconds(1)},
      {one.size() / 2, milliseconds(1)},
      {one.size() + 7, milliseconds(30)}};
  for (const auto& [chunk, pause] : cuts) {
    const auto exchange = raw_exchange(port_, requests, chunk, pause, milliseconds(2000));
    std::size_t answered = 0;
    for (auto at = exchange.received.find("HTTP/1.1 200"); at != std::string::npos;
         at = exchange.received.find("HTTP/1.1 200", at + 1)) {
      ++answered;
    }
    EXPECT_EQ(answered, 6u) << "chunk " << chunk << ", pause " << pause.count() << " ms";
    EXPECT_FALSE(exchange.closed);
  }
}

// --- Requests that never finish, and heads that never end ---------------------------------

// The resident set of this process (the server runs in it), in MiB.
long resident_mib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6)) / 1024;
  }
  return -1;
}

std::string request_with_fields(std::size_t count, std::size_t value_bytes) {
  std::string head = "GET /healthz HTTP/1.1\r\nHost: t\r\n";
  head.reserve(count * (value_bytes + 20));  // one allocation: ASan quarantines every old one
  for (std::size_t i = 1; i < count; ++i) {
    head += "X-Field-" + std::to_string(i) + ": " + std::string(value_bytes, 'v') + "\r\n";
  }
  return head + "\r\n";
}

TEST_F(HttpServerTest, HeadSentOneByteAtATimeIsCutAtTheDeadlineWith408) {
  // Each byte arrives well within any per-read timeout; only a total deadline ends this. The
  // request line is complete well before the deadline, so the answer can name the problem.
  const std::string head = "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: " + std::string(1000, 'x');
  const auto exchange = raw_exchange(port_, head, 1, milliseconds(10), milliseconds(8000));
  EXPECT_TRUE(exchange.closed);
  EXPECT_EQ(exchange.status(), 408) << exchange.received;
  EXPECT_NE(exchange.received.find("request_timeout"), std::string::npos);
  EXPECT_NE(exchange.received.find("Connection: close"), std::string::npos);
  EXPECT_LT(exchange.elapsed_ms, 6000.0);  // 1.5 s deadline; the trickle would last 10 s
}

TEST_F(HttpServerTest, RequestLineSentSlowlyIsClosedAtTheDeadline) {
  const std::string line = "GET /" + std::string(1000, 'x') + " HTTP/1.1\r\n";
  const auto exchange = raw_exchange(port_, line, 1, milliseconds(10), milliseconds(8000));
  EXPECT_TRUE(exchange.closed);
  EXPECT_LT(exchange.elapsed_ms, 6000.0);
}

TEST_F(HttpServerTest, BodySentSlowlyIsCutAtTheDeadlineWith408) {
  const std::string request =
      "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
      "Content-Length: 200\r\n\r\n[" +
      std::string(198, ' ') + "]";
  const auto exchange = raw_exchange(port_, request, 4, milliseconds(100), milliseconds(8000));
  EXPECT_TRUE(exchange.closed);
  EXPECT_EQ(exchange.status(), 408) << exchange.received;
  EXPECT_LT(exchange.elapsed_ms, 6000.0);
}

TEST_F(HttpServerTest, AHundredHeaderFieldsPassAndOneMoreIs431) {
  EXPECT_EQ(raw_exchange(port_, request_with_fields(100, 10), 0, milliseconds(0), milliseconds(300))
                .status(),
            200);
  const auto refused =
      raw_exchange(port_, request_with_fields(101, 10), 0, milliseconds(0), milliseconds(4000));
  EXPECT_EQ(refused.status(), 431) << refused.received;
  EXPECT_NE(refused.received.find("too_many_header_fields"), std::string::npos);
  EXPECT_NE(refused.received.find("Connection: close"), std::string::npos);
  EXPECT_TRUE(refused.closed);
}

TEST_F(HttpServerTest, HeaderFieldsOver16KiBAre431) {
  // Three 6,000-byte fields: each under httplib's 8 KiB line limit, together over 16 KiB.
  const auto refused =
      raw_exchange(port_, request_with_fields(4, 6000), 0, milliseconds(0), milliseconds(4000));
  EXPECT_EQ(refused.status(), 431) << refused.received;
  EXPECT_NE(refused.received.find("headers_too_large"), std::string::npos);
  EXPECT_TRUE(refused.closed);
}

TEST_F(HttpServerTest, HeaderFloodDoesNotGrowTheProcess) {
  const std::string flood = request_with_fields(400'000, 100);  // 45 MB of header fields
  const long before = resident_mib();  // with the flood already in memory: only the server's growth
  std::vector<std::thread> senders;
  for (int i = 0; i < 4; ++i) {
    senders.emplace_back([&] {
      EXPECT_TRUE(raw_exchange(port_, flood, 0, milliseconds(0), milliseconds(20000)).closed);
    });
  }
  for (auto& sender : senders) sender.join();
  EXPECT_EQ(client().Get("/healthz")->status, 200);
  // Before the limits, httplib kept every field: 180 MB of headers grew the process by more.
  EXPECT_LT(resident_mib() - before, 64) << "from " << before << " MiB";
}

TEST_F(HttpServerTest, RefusalWithTheBodyUnreadClosesTheConnection) {
  // A keep-alive connection would stay open for the 5 s idle timeout after an answer.
  const auto exchange = raw_exchange(port_,
                                     "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: "
                                     "application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
                                     0, milliseconds(0), milliseconds(4000));
  EXPECT_EQ(exchange.status(), 411);
  EXPECT_TRUE(exchange.closed);
  EXPECT_LT(exchange.elapsed_ms, 3000.0);
}

TEST_F(HttpServerTest, AnsweredRequestKeepsTheConnectionOpen) {
  const auto exchange = raw_exchange(port_, "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n", 0,
                                     milliseconds(0), milliseconds(1000));
  EXPECT_EQ(exchange.status(), 200);
  EXPECT_FALSE(exchange.closed);
}

// --- Connections wait without a worker ------------------------------------------------------

constexpr const char* kUnfinishedHead = "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ";

TEST_F(HttpServerTest, AThousandSlowConnectionsDoNotDelayOtherClients) {
  rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);  // both ends of 1,000 connections live in this process
  files.rlim_cur = std::max<rlim_t>(files.rlim_cur, std::min<rlim_t>(files.rlim_max, 4096));
  ::setrlimit(RLIMIT_NOFILE, &files);
  std::vector<int> slow;
  for (int i = 0; i < 1000; ++i) {  // 50 from each of 20 addresses: under the per-address limit
    slow.push_back(
        testhttp::open_connection(port_, kUnfinishedHead, "127.0.1." + std::to_string(1 + i / 50)));
    ASSERT_GE(slow.back(), 0) << i;
  }
  // With a worker per connection, the 4 workers would be held until the 1.5 s deadline.
  httplib::Client c = client();
  std::vector<double> latencies;
  for (int i = 0; i < 50; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const auto res = c.Get("/healthz");
    latencies.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
  }
  for (int fd : slow) ::close(fd);
  EXPECT_LT(*std::max_element(latencies.begin(), latencies.end()), 1000.0);
}

TEST_F(HttpServerTest, ConnectionsPastThePerAddressLimitAre429) {
  std::vector<int> held;
  for (int i = 0; i < 64; ++i) {
    held.push_back(testhttp::open_connection(port_, "", "127.0.2.1"));
    ASSERT_GE(held.back(), 0);
  }
  const auto refused = raw_exchange(port_, "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n", 0,
                                    milliseconds(0), milliseconds(4000), "127.0.2.1");
  EXPECT_EQ(refused.status(), 429) << refused.received;
  EXPECT_NE(refused.received.find("too_many_connections"), std::string::npos);
  EXPECT_NE(refused.received.find("Retry-After: 1"), std::string::npos);
  EXPECT_TRUE(refused.closed);
  // Another address is not affected, and closing connections frees the address's slots.
  EXPECT_EQ(client().Get("/healthz")->status, 200);
  for (int fd : held) ::close(fd);
  int status = 0;
  for (int attempt = 0; attempt < 40 && status != 200; ++attempt) {
    std::this_thread::sleep_for(milliseconds(50));
    status = raw_exchange(port_, "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n", 0, milliseconds(0),
                          milliseconds(500), "127.0.2.1")
                 .status();
  }
  EXPECT_EQ(status, 200);
}

TEST_F(HttpServerTest, RequestsPastTheWaitingQueueAre503AtOnce) {
  {
    std::lock_guard lock(gate().mutex);
    gate().inside = 0;
    gate().open = false;
  }
  const std::string request = "GET /block HTTP/1.1\r\nHost: t\r\n\r\n";
  std::atomic<int> refused{0};
  std::vector<std::future<int>> replies;
  const auto send_one = [&] {
    return std::async(std::launch::async, [&] {
      const int status = raw_request(port_, request, milliseconds(20000)).status;
      if (status == 503) ++refused;
      return status;
    });
  };
  for (std::size_t i = 0; i < kThreads; ++i) replies.push_back(send_one());
  {
    std::unique_lock lock(gate().mutex);  // every worker is now held
    gate().changed.wait(lock, [] { return gate().inside == static_cast<int>(kThreads); });
  }
  for (int i = 0; i < 16; ++i) replies.push_back(send_one());
  for (int i = 0; i < 400 && refused < 8; ++i) std::this_thread::sleep_for(milliseconds(25));
  {
    std::lock_guard lock(gate().mutex);
    gate().open = true;
  }
  gate().changed.notify_all();
  int ok = 0;
  for (auto& reply : replies) ok += reply.get() == 200 ? 1 : 0;
  EXPECT_EQ(refused, 8);                                    // past the 8 waiting
  EXPECT_EQ(ok, static_cast<int>(kThreads + kMaxWaiting));  // served once the workers were free
}

}  // namespace
