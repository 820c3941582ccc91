#pragma once
// RFC 9457 problem details: every 4xx/5xx answer of hexpostd is
//
//   Content-Type: application/problem+json
//   {"type":"urn:hexpost:problem:<code>","title":"Not Found","status":404,
//    "detail":"No route for GET /nope.","code":"not_found"}
//
// `code` is the stable, machine-readable member (snake_case); tests and clients match on it,
// never on `detail`. `title` is the HTTP reason phrase of `status`.

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace httplib {
struct Response;
}

namespace api {

inline constexpr std::string_view kProblemContentType = "application/problem+json";
inline constexpr std::string_view kProblemTypePrefix = "urn:hexpost:problem:";

// Handlers throw this; the server's exception handler turns it into a problem response.
class ApiError : public std::runtime_error {
 public:
  ApiError(int status, std::string code, std::string detail,
           std::optional<int> retry_after_seconds = std::nullopt);

  int status() const { return status_; }
  const std::string& code() const { return code_; }
  const std::string& detail() const { return detail_; }
  std::optional<int> retry_after_seconds() const { return retry_after_; }

 private:
  int status_;
  std::string code_;
  std::string detail_;
  std::optional<int> retry_after_;
};

// Replaces the body of `res` with a problem document and sets status and content type.
void problem(httplib::Response& res, int status, std::string_view code, std::string_view detail);
void problem(httplib::Response& res, const ApiError& error);

// "Not Found" for 404, ... ; "Error" for statuses it does not know.
std::string_view status_title(int status);

// The generic code used when httplib itself produced the status (e.g. 404 -> "not_found").
std::string_view default_problem_code(int status);

}  // namespace api
