#pragma once
// The CLI's shared HTTP client layer: everything that talks to hexpostd goes through here.
// Used by the `hexpost` commands and by the reference bot; keep this interface stable.
//
//   cli::Config cfg = cli::load_config();        // server URL and token, see below
//   cli::Client client(cfg);
//   nlohmann::json me = client.get_json("/v1/me");
//   client.post_json("/v1/games/" + id + "/moves", {{"move", "e4"}, {"ply", 3}},
//                    {{"Idempotency-Key", key}});
//
// Configuration (load_config):
//   server  HEXPOST_SERVER, else `hexpost server set URL` ($XDG_CONFIG_HOME/hexpost/config.json),
//           else http://127.0.0.1:8080
//   token   HEXPOST_TOKEN, else $XDG_CONFIG_HOME/hexpost/token (written mode 0600)
//   $XDG_CONFIG_HOME defaults to $HOME/.config.
//
// Errors: every non-2xx answer throws ApiProblem carrying the HTTP status and the problem+json
// `code`, `detail` and Retry-After (seconds); a request that got no answer throws NetworkError.
// exit_code_for() maps both onto the documented exit codes (cli/commands/exit_codes.h):
// 409 stale_ply / not_your_turn -> 3, 401 / 403 -> 4, 429 -> 5, anything else -> 1.

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

namespace httplib {
class Client;
}

namespace cli {

inline constexpr const char* kDefaultServer = "http://127.0.0.1:8080";

struct Config {
  std::string server = kDefaultServer;
  std::string token;     // empty: not logged in
  std::string token_id;  // the token's id (for logout), when known
};

// The directory holding config.json and token ($XDG_CONFIG_HOME/hexpost or ~/.config/hexpost).
std::string config_dir();
Config load_config();
// Persist the server URL (config.json); creates the directory (0700).
void save_server(const std::string& url);
// Persist the token and its id (file `token`, mode 0600; file `token_id`, mode 0600).
void save_token(const std::string& token, const std::string& token_id);
// Removes the stored token; true when there was one.
bool forget_token();

// A non-2xx answer from the server.
class ApiProblem : public std::runtime_error {
 public:
  ApiProblem(int status, std::string code, std::string detail, nlohmann::json body,
             std::optional<int> retry_after);
  int status() const { return status_; }
  const std::string& code() const { return code_; }      // problem+json `code` (may be empty)
  const std::string& detail() const { return detail_; }  // the server's reason, verbatim
  const nlohmann::json& body() const { return body_; }   // the whole problem document
  std::optional<int> retry_after() const { return retry_after_; }

 private:
  int status_;
  std::string code_;
  std::string detail_;
  nlohmann::json body_;
  std::optional<int> retry_after_;
};

// No answer: connection refused, reset, timeout.
class NetworkError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The exit code for a failure (ApiProblem, NetworkError, anything else -> 1).
int exit_code_for(const ApiProblem& problem);

// A raw answer, for callers that want headers or non-JSON bodies.
struct Response {
  int status = 0;
  std::string body;
  std::string content_type;
  std::map<std::string, std::string> headers;  // lower-case names
};

using Headers = std::map<std::string, std::string>;

class Client {
 public:
  explicit Client(const Config& config);
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  const Config& config() const { return config_; }

  // Raw requests: throw NetworkError when no answer came, ApiProblem on a non-2xx answer.
  Response get(const std::string& path, const Headers& headers = {});
  Response post(const std::string& path, const std::string& body, const Headers& headers = {});
  Response put(const std::string& path, const std::string& body, const Headers& headers = {});
  Response del(const std::string& path, const Headers& headers = {});

  // JSON in and out (an empty 2xx body gives null).
  nlohmann::json get_json(const std::string& path);
  nlohmann::json post_json(const std::string& path, const nlohmann::json& body,
                           const Headers& headers = {});

  // Streaming GET: `on_line` gets every line of the body (without '\n') as it arrives; return
  // false to stop. No read timeout beyond `idle_timeout_s` seconds between bytes.
  void get_lines(const std::string& path, const std::function<bool(const std::string&)>& on_line,
                 int idle_timeout_s = 120);

 private:
  Config config_;
  std::unique_ptr<httplib::Client> http_;
};

// A fresh random Idempotency-Key (32 hex characters).
std::string new_idempotency_key();

// Percent-encodes a path segment or query value.
std::string url_encode(const std::string& text);

}  // namespace cli
