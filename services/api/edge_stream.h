#pragma once
// api::EdgeStream: the socket stream hexpostd serves each connection through, in place of
// cpp-httplib's own. httplib 0.11.4 applies its read timeout to each read() and caps each header
// line but not their number, so a client sending one byte every few seconds holds a worker for
// ever and one sending endless headers grows the process without bound. This stream enforces,
// for each request:
//   - one total deadline for reading the head and the body (every wait is cut to it);
//   - at most max_header_fields header fields and max_header_bytes bytes of header fields (the
//     request line is limited separately: httplib answers 414 past 8 KiB).
// Past a limit read() fails and refusal() says which limit; the server turns that into 408 or
// 431 and closes the connection. Reads are buffered, because httplib's line reader asks for one
// byte at a time.

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <string>

namespace api {

struct EdgeLimits {
  std::chrono::milliseconds request_deadline{10'000};  // head + body, from the request's start
  std::chrono::milliseconds write_timeout{5'000};      // each write
  std::size_t max_header_fields = 100;
  std::size_t max_header_bytes = 16 * 1024;
};

enum class EdgeRefusal { kNone, kDeadline, kHeaderFields, kHeaderBytes };

class EdgeStream final : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;

  // `pending`: bytes of this connection already read (by the ConnectionReactor), served first.
  EdgeStream(socket_t sock, const EdgeLimits& limits, std::string pending = {})
      : sock_(sock), limits_(limits), buffer_(std::move(pending)) {}

  // Starts the next request on this connection, whose first byte arrived at `started`: its
  // deadline and its head counters.
  void begin_request(Clock::time_point started = Clock::now());
  EdgeRefusal refusal() const { return refusal_; }
  // The bytes read past the request just served (a pipelined next request), handed back.
  std::string take_pending();

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return sock_; }

 private:
  bool fill();                      // false when the peer closed, failed or the deadline passed
  bool count_head_byte(char byte);  // false once a head limit is passed

  socket_t sock_;
  EdgeLimits limits_;
  Clock::time_point deadline_ = Clock::time_point::max();
  EdgeRefusal refusal_ = EdgeRefusal::kNone;
  std::string buffer_;  // read from the socket; [buffered_begin_, end) not yet handed out
  std::size_t buffered_begin_ = 0;
  // The head: lines seen (the request line is line 1), bytes after the request line, and the
  // length of the current line without its CR.
  bool in_head_ = false;
  std::size_t head_lines_ = 0;
  std::size_t field_bytes_ = 0;
  std::size_t line_length_ = 0;
};

}  // namespace api
