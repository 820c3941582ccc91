#include "services/api/request_log.h"

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>

namespace api {
namespace {

thread_local std::string t_request_id;
thread_local const AccessLine* t_access = nullptr;  // while log_access writes its line

void append(spdlog::memory_buf_t& dest, std::string_view text) {
  dest.append(text.data(), text.data() + text.size());
}

// 2026-11-27T00:35:00.123Z
std::string utc_time(spdlog::log_clock::time_point at) {
  const auto since_epoch = at.time_since_epoch();
  const std::time_t seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch).count();
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch).count() % 1000;
  std::tm utc{};
  ::gmtime_r(&seconds, &utc);
  char text[32];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  std::snprintf(text + n, sizeof text - n, ".%03dZ", static_cast<int>(millis));
  return text;
}

// Text lines: " request_id=<id>" after the message, during a request.
class RequestIdFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg&, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    if (t_request_id.empty()) return;
    append(dest, " request_id=");
    append(dest, t_request_id);
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<RequestIdFlag>();
  }
};

// JSON lines: one object per line; the message and every field escaped by nlohmann::json.
class JsonFormatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
    nlohmann::ordered_json line = {
        {"time", utc_time(msg.time)},
        {"level", std::string(spdlog::level::to_string_view(msg.level).data(),
                              spdlog::level::to_string_view(msg.level).size())},
        {"message", std::string(msg.payload.data(), msg.payload.size())},
    };
    if (!t_request_id.empty()) line["request_id"] = t_request_id;
    if (t_access != nullptr) {
      line["method"] = t_access->method;
      line["route"] = t_access->route;
      line["path"] = t_access->path;
      line["status"] = t_access->status;
      line["ms"] = static_cast<double>(static_cast<long long>(t_access->ms * 10)) / 10;
      line["peer"] = t_access->peer;
    }
    append(dest, line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    append(dest, "\n");
  }
  std::unique_ptr<spdlog::formatter> clone() const override {
    return std::make_unique<JsonFormatter>();
  }
};

}  // namespace

const std::string& current_request_id() { return t_request_id; }

void set_request_id(std::string id) { t_request_id = std::move(id); }

bool well_formed_request_id(std::string_view id) {
  return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == ':' ||
           c == '-';
  });
}

std::string new_request_id() {
  thread_local std::mt19937_64 random{std::random_device{}()};
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(random()),
                static_cast<unsigned long long>(random()));
  return text;
}

void log_access(const AccessLine& line) {
  t_access = &line;
  spdlog::info("access {} {} {} {:.1f}ms {}", line.method, line.path, line.status, line.ms,
               line.peer);
  t_access = nullptr;
}

void use_log_format(LogFormat format) {
  if (format == LogFormat::kJson) {
    spdlog::set_formatter(std::make_unique<JsonFormatter>());
    return;
  }
  auto text = std::make_unique<spdlog::pattern_formatter>();
  text->add_flag<RequestIdFlag>('*').set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%l%$ %v%*");
  spdlog::set_formatter(std::move(text));
}

}  // namespace api
