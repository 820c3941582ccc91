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

// One connection, watched to its end: for the tests of what the server does with slow, endless
// or refused requests.
struct Exchange {
  std::string received;   // every byte the server sent
  bool closed = false;    // the server ended the connection (EOF or reset) within the timeout
  double elapsed_ms = 0;  // from the first byte sent to the end (or the timeout)
  int status() const;     // of the first response in `received`, 0 if none
};

// Sends `bytes`, `chunk` bytes at a time with `pause` after each chunk (chunk 0: all at once),
// then reads until the server ends the connection or `timeout` (from the start) passes.
// `source`: the local address to connect from (any 127.x.y.z is this machine).
Exchange raw_exchange(int port, const std::string& bytes, std::size_t chunk,
                      std::chrono::milliseconds pause, std::chrono::milliseconds timeout,
                      const std::string& source = "127.0.0.1");

// A connection from `source` to 127.0.0.1:port that has sent `bytes`; -1 if it failed.
int open_connection(int port, const std::string& bytes, const std::string& source = "127.0.0.1");

}  // namespace testhttp
