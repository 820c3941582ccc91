#include "services/api/problem.h"

#include <httplib.h>

#include <nlohmann/json.hpp>

#include "services/api/request_log.h"

namespace api {
namespace {

struct StatusInfo {
  int status;
  std::string_view title;
  std::string_view code;
};

constexpr StatusInfo kStatuses[] = {
    {400, "Bad Request", "bad_request"},
    {401, "Unauthorized", "unauthorized"},
    {403, "Forbidden", "forbidden"},
    {404, "Not Found", "not_found"},
    {405, "Method Not Allowed", "method_not_allowed"},
    {408, "Request Timeout", "request_timeout"},
    {409, "Conflict", "conflict"},
    {411, "Length Required", "length_required"},
    {412, "Precondition Failed", "precondition_failed"},
    {413, "Content Too Large", "payload_too_large"},
    {414, "URI Too Long", "uri_too_long"},
    {415, "Unsupported Media Type", "unsupported_media_type"},
    {416, "Range Not Satisfiable", "range_not_satisfiable"},
    {417, "Expectation Failed", "expectation_failed"},
    {422, "Unprocessable Content", "unprocessable_content"},
    {428, "Precondition Required", "precondition_required"},
    {429, "Too Many Requests", "too_many_requests"},
    {431, "Request Header Fields Too Large", "headers_too_large"},
    {500, "Internal Server Error", "internal"},
    {501, "Not Implemented", "not_implemented"},
    {503, "Service Unavailable", "unavailable"},
};

const StatusInfo* find_status(int status) {
  for (const auto& info : kStatuses) {
    if (info.status == status) return &info;
  }
  return nullptr;
}

}  // namespace

ApiError::ApiError(int status, std::string code, std::string detail,
                   std::optional<int> retry_after_seconds)
    : std::runtime_error(code + ": " + detail),
      status_(status),
      code_(std::move(code)),
      detail_(std::move(detail)),
      retry_after_(retry_after_seconds) {}

std::string_view status_title(int status) {
  const StatusInfo* info = find_status(status);
  return info ? info->title : (status >= 500 ? "Server Error" : "Client Error");
}

std::string_view default_problem_code(int status) {
  const StatusInfo* info = find_status(status);
  return info ? info->code : (status >= 500 ? "server_error" : "client_error");
}

void problem(httplib::Response& res, int status, std::string_view code, std::string_view detail) {
  nlohmann::json body = {
      {"type", std::string(kProblemTypePrefix) + std::string(code)},
      {"title", status_title(status)},
      {"status", status},
      {"detail", detail},
      {"code", code},
  };
  if (status >= 500 && !current_request_id().empty()) body["request_id"] = current_request_id();
  res.status = status;
  // error_handler_t::replace: a detail built from request text must not make dump() throw.
  res.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                  std::string(kProblemContentType));
}

void problem(httplib::Response& res, const ApiError& error) {
  problem(res, error.status(), error.code(), error.detail());
  if (error.retry_after_seconds()) {
    res.set_header("Retry-After", std::to_string(*error.retry_after_seconds()));
  }
}

}  // namespace api
