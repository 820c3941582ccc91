#include "cli/client/client.h"

#include <fcntl.h>
#include <httplib.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands/exit_codes.h"

namespace cli {

using nlohmann::json;

namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string() : std::string(value);
}

std::string read_file_trimmed(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

void ensure_config_dir() {
  const std::string dir = config_dir();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("cannot create " + dir + ": " + ec.message());
  ::chmod(dir.c_str(), 0700);
}

// Writes `text` to `path` with mode 0600 from the start (never briefly world-readable).
void write_private_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(errno));
  ::fchmod(fd, 0600);
  const std::string line = text + "\n";
  const bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  }
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

Response to_response(const httplib::Response& res) {
  Response out;
  out.status = res.status;
  out.body = res.body;
  for (const auto& [name, value] : res.headers) out.headers[lower(name)] = value;
  out.content_type = res.get_header_value("Content-Type");
  return out;
}

std::optional<int> retry_after_of(const Response& res, const json& body) {
  if (auto it = res.headers.find("retry-after"); it != res.headers.end()) {
    try {
      return std::stoi(it->second);
    } catch (const std::exception&) {
    }
  }
  if (body.is_object() && body.contains("retry_after") && body["retry_after"].is_number()) {
    return body["retry_after"].get<int>();
  }
  return std::nullopt;
}

// Turns a non-2xx answer into ApiProblem (problem+json or not).
[[noreturn]] void throw_problem(const Response& res) {
  json body = json::parse(res.body, nullptr, false);
  std::string code;
  std::string detail;
  if (body.is_object()) {
    code = body.value("code", "");
    detail = body.value("detail", body.value("title", ""));
  } else {
    body = nullptr;
    detail = res.body.empty() ? "HTTP " + std::to_string(res.status) : res.body;
  }
  throw ApiProblem(res.status, code, detail, body, retry_after_of(res, body));
}

Response check(const httplib::Result& result, const std::string& server, const std::string& what) {
  if (!result) {
    throw NetworkError(what + " on " + server + ": " + httplib::to_string(result.error()) +
                       " error");
  }
  Response res = to_response(result.value());
  if (res.status < 200 || res.status >= 300) throw_problem(res);
  return res;
}

json parse_json_body(const Response& res) {
  if (res.body.empty()) return nullptr;
  json body = json::parse(res.body, nullptr, false);
  if (body.is_discarded()) throw std::runtime_error("the server sent invalid JSON");
  return body;
}

}  // namespace

std::string config_dir() {
  std::string base = env("XDG_CONFIG_HOME");
  if (base.empty()) base = env("HOME") + "/.config";
  return base + "/hexpost";
}

Config load_config() {
  Config config;
  const std::string dir = config_dir();
  json stored = json::parse(read_file_trimmed(dir + "/config.json"), nullptr, false);
  if (stored.is_object() && stored.contains("server") && stored["server"].is_string()) {
    config.server = stored["server"].get<std::string>();
  }
  if (const std::string server = env("HEXPOST_SERVER"); !server.empty()) config.server = server;
  config.token = read_file_trimmed(dir + "/token");
  config.token_id = read_file_trimmed(dir + "/token_id");
  if (const std::string token = env("HEXPOST_TOKEN"); !token.empty()) {
    config.token = token;
    config.token_id.clear();  // the stored id belongs to the stored token
  }
  return config;
}

void save_server(const std::string& url) {
  ensure_config_dir();
  const std::string path = config_dir() + "/config.json";
  json stored = json::parse(read_file_trimmed(path), nullptr, false);
  if (!stored.is_object()) stored = json::object();
  stored["server"] = url;
  write_private_file(path, stored.dump(2));
}

void save_token(const std::string& token, const std::string& token_id) {
  ensure_config_dir();
  write_private_file(config_dir() + "/token", token);
  write_private_file(config_dir() + "/token_id", token_id);
}

bool forget_token() {
  std::error_code ec;
  const bool had = std::filesystem::remove(config_dir() + "/token", ec);
  std::filesystem::remove(config_dir() + "/token_id", ec);
  return had;
}

ApiProblem::ApiProblem(int status, std::string code, std::string detail, json body,
                       std::optional<int> retry_after)
    : std::runtime_error(detail.empty() ? code : detail),
      status_(status),
      code_(std::move(code)),
      detail_(std::move(detail)),
      body_(std::move(body)),
      retry_after_(retry_after) {}

int exit_code_for(const ApiProblem& problem) {
  if (problem.status() == 409 &&
      (problem.code() == "stale_ply" || problem.code() == "not_your_turn")) {
    return kExitConflict;
  }
  if (problem.status() == 401 || problem.status() == 403) return kExitAuth;
  if (problem.status() == 429) return kExitRateLimit;
  return kExitFailed;
}

Client::Client(const Config& config) : config_(config) {
  http_ = std::make_unique<httplib::Client>(config_.server);
  if (!http_->is_valid()) throw std::runtime_error("invalid server URL: " + config_.server);
  http_->set_tcp_nodelay(true);  // without it every request stalls ~40 ms (Nagle + delayed ACK)
  http_->set_connection_timeout(5);
  http_->set_read_timeout(30);
  http_->set_write_timeout(30);
  http_->set_keep_alive(true);
  httplib::Headers defaults{{"Accept", "application/json, application/problem+json"},
                            {"User-Agent", "hexpost-cli/0.1"}};
  if (!config_.token.empty()) defaults.emplace("Authorization", "Bearer " + config_.token);
  http_->set_default_headers(defaults);
}

Client::~Client() = default;

namespace {
httplib::Headers to_headers(const Headers& headers) {
  return httplib::Headers(headers.begin(), headers.end());
}
}  // namespace

Response Client::get(const std::string& path, const Headers& headers) {
  return check(http_->Get(path.c_str(), to_headers(headers)), config_.server, "GET " + path);
}

Response Client::post(const std::string& path, const std::string& body, const Headers& headers) {
  return check(http_->Post(path.c_str(), to_headers(headers), body, "application/json"),
               config_.server, "POST " + path);
}

Response Client::put(const std::string& path, const std::string& body, const Headers& headers) {
  return check(http_->Put(path.c_str(), to_headers(headers), body, "application/json"),
               config_.server, "PUT " + path);
}

Response Client::del(const std::string& path, const Headers& headers) {
  return check(http_->Delete(path.c_str(), to_headers(headers)), config_.server, "DELETE " + path);
}

json Client::get_json(const std::string& path) { return parse_json_body(get(path)); }

json Client::post_json(const std::string& path, const json& body, const Headers& headers) {
  return parse_json_body(post(path, body.dump(), headers));
}

void Client::get_lines(const std::string& path,
                       const std::function<bool(const std::string&)>& on_line, int idle_timeout_s) {
  http_->set_read_timeout(idle_timeout_s);
  int status = 0;
  std::string pending;
  std::string error_body;
  bool stopped = false;
  auto result = http_->Get(
      path.c_str(), httplib::Headers{{"Accept", "application/x-ndjson"}},
      [&](const httplib::Response& res) {
        status = res.status;
        return true;
      },
      [&](const char* data, size_t size) {
        if (status < 200 || status >= 300) {
          error_body.append(data, size);
          return true;
        }
        pending.append(data, size);
        for (std::size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
          const std::string line = pending.substr(0, nl);
          pending.erase(0, nl + 1);
          if (!on_line(line)) {
            stopped = true;
            return false;
          }
        }
        return true;
      });
  http_->set_read_timeout(30);
  if (stopped) return;
  if (!result) throw NetworkError("GET " + path + ": " + httplib::to_string(result.error()));
  if (status < 200 || status >= 300) {
    Response res = to_response(result.value());
    res.body = error_body;
    throw_problem(res);
  }
  if (!pending.empty()) on_line(pending);
}

std::string new_idempotency_key() {
  unsigned char bytes[16];
  if (RAND_bytes(bytes, sizeof bytes) != 1) throw std::runtime_error("no randomness");
  static const char* hex = "0123456789abcdef";
  std::string key;
  for (unsigned char b : bytes) {
    key += hex[b >> 4];
    key += hex[b & 15];
  }
  return key;
}

std::string url_encode(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace cli
