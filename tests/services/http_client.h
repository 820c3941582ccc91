#pragma once
// A raw HTTP/1.1 client for the tests that httplib::Client cannot express: chunked uploads,
// requests without Content-Length, lying Content-Length, malformed request lines.

#include <chrono>
#include <string>

namespace testhttp {

struct RawResponse {
  bool received = false;  // a complete status line + headers (+ Content-Length body) arrived
  int status = 0;
  std::string head;  // status line and headers
  std::string body;
  double elapsed_ms = 0;  // from send to the end of the response
};

// Sends `bytes` to 127.0.0.1:port and reads one response, waiting at most `timeout`.
RawResponse raw_request(int port, const std::string& bytes,
                        std::chrono::milliseconds timeout = std::chrono::milliseconds(4000));

}  // namespace testhttp
