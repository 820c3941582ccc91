#include "services/api/stream_loop.h"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <stdexcept>

#include "lib/metrics/metrics.h"

namespace api {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kWakeId = 0;  // the eventfd's epoll tag; streams count from 1
constexpr std::size_t kMaxSendBuffer = 64 * 1024;
constexpr char kLastChunk[] = "0\r\n\r\n";

std::string chunk(const std::string& text) {
  char size[24];
  const int n = std::snprintf(size, sizeof size, "%zx\r\n", text.size());
  std::string out(size, static_cast<std::size_t>(n));
  out.reserve(out.size() + text.size() + 2);
  return out.append(text).append("\r\n");
}

}  // namespace

StreamLoop::StreamLoop(StreamLoopOptions options) : options_(options) {
  epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (epoll_fd_ < 0 || wake_fd_ < 0) throw std::runtime_error("epoll/eventfd failed");
  epoll_event event{};
  event.events = EPOLLIN;
  event.data.u64 = kWakeId;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &event);
  loop_ = std::thread([this] { run_loop(); });
  for (std::size_t i = 0; i < std::max<std::size_t>(1, options_.fanout_workers); ++i) {
    fanout_.emplace_back([this] { run_fanout(); });
  }
}

StreamLoop::~StreamLoop() {
  stop();
  ::close(epoll_fd_);
  ::close(wake_fd_);
}

void StreamLoop::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  jobs_ready_.notify_all();
  signal();
  for (auto& worker : fanout_) worker.join();
  loop_.join();
  std::lock_guard lock(mutex_);
  for (auto& [sock, source] : adopted_) ::close(sock);  // adopted after the loop ended
  adopted_.clear();
}

void StreamLoop::adopt(int sock, std::shared_ptr<Source> source) {
  {
    std::lock_guard lock(mutex_);
    adopted_.emplace_back(sock, std::move(source));
  }
  signal();
}

void StreamLoop::wake() {
  due_ = true;
  signal();
}

void StreamLoop::touched(std::vector<Key> keys) {
  if (keys.empty()) return;
  {
    std::lock_guard lock(mutex_);
    touched_.insert(touched_.end(), keys.begin(), keys.end());
  }
  signal();
}

void StreamLoop::signal() {
  const std::uint64_t one = 1;
  [[maybe_unused]] const auto written = ::write(wake_fd_, &one, sizeof one);
}

void StreamLoop::run_loop() {
  const auto tick = std::min(std::chrono::milliseconds(100), options_.heartbeat / 2);
  epoll_event events[256];
  auto next_tick = Clock::now() + tick;
  while (true) {
    const int n = ::epoll_wait(epoll_fd_, events, 256, static_cast<int>(tick.count()));
    for (int i = 0; i < n; ++i) {
      if (events[i].data.u64 == kWakeId) {
        std::uint64_t count;
        [[maybe_unused]] const auto drained = ::read(wake_fd_, &count, sizeof count);
      } else {
        on_event(events[i].data.u64, events[i].events);
      }
    }
    {
      std::lock_guard lock(mutex_);
      if (stopping_) break;
    }
    take_adopted();
    take_produced();
    take_touched();
    if (due_.exchange(false)) schedule_due();
    if (Clock::now() >= next_tick) {
      heartbeats();
      next_tick = Clock::now() + tick;
    }
  }
  for (auto& [id, stream] : streams_) ::close(stream.sock);
  streams_.clear();
  open_ = 0;
}

void StreamLoop::run_fanout() {
  while (true) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      jobs_ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    Produced result;
    result.id = job.id;
    try {
      result.text = job.source->produce();
      result.finished = job.source->finished();
    } catch (const std::exception& e) {
      spdlog::warn("stream ended: {}", e.what());
      result.failed = true;
    }
    {
      std::lock_guard lock(mutex_);
      produced_.push_back(std::move(result));
    }
    signal();
  }
}

void StreamLoop::take_adopted() {
  std::vector<std::pair<int, std::shared_ptr<Source>>> taken;
  {
    std::lock_guard lock(mutex_);
    taken.swap(adopted_);
  }
  for (auto& [sock, source] : taken) {
    ::fcntl(sock, F_SETFL, ::fcntl(sock, F_GETFL) | O_NONBLOCK);
    const int send_buffer = static_cast<int>(std::min(options_.max_buffered_bytes, kMaxSendBuffer));
    ::setsockopt(sock, SOL_SOCKET, SO_SNDBUF, &send_buffer, sizeof send_buffer);
    const std::uint64_t id = next_id_++;
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP;
    event.data.u64 = id;
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, sock, &event);
    Stream& stream = streams_[id];
    stream.sock = sock;
    index(id, source->interest(), true);
    stream.source = source;
    stream.last_write = Clock::now();
    stream.producing = true;
    ++open_;
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back({id, std::move(source)});
    }
    jobs_ready_.notify_one();
  }
}

void StreamLoop::take_produced() {
  std::vector<Produced> taken;
  {
    std::lock_guard lock(mutex_);
    taken.swap(produced_);
  }
  std::size_t queued = 0;
  for (Produced& result : taken) {
    auto found = streams_.find(result.id);
    if (found == streams_.end()) continue;  // dropped while it was produced
    Stream& stream = found->second;
    stream.producing = false;
    if (result.failed) {
      drop(result.id);
      continue;
    }
    std::string text = result.text.empty() ? std::string() : chunk(result.text);
    if (result.finished) {
      text += kLastChunk;
      stream.ending = true;
    }
    if (!text.empty()) append(stream, result.id, text);
    // Touched while it was produced, or more to say.
    auto still = streams_.find(result.id);
    if (still != streams_.end() && (still->second.again || still->second.source->due())) {
      schedule(result.id, still->second, queued);
    }
  }
  if (queued > 0) jobs_ready_.notify_all();
}

void StreamLoop::take_touched() {
  std::vector<Key> keys;
  {
    std::lock_guard lock(mutex_);
    keys.swap(touched_);
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::size_t queued = 0;
  for (const Key& key : keys) {
    auto found = interested_.find(key);
    if (found == interested_.end()) continue;
    for (std::uint64_t id : found->second) schedule(id, streams_.at(id), queued);
  }
  if (queued > 0) jobs_ready_.notify_all();
}

// Queues the stream's production, or marks it for once more when it is being produced.
void StreamLoop::schedule(std::uint64_t id, Stream& stream, std::size_t& queued) {
  if (stream.ending) return;
  if (stream.producing) {
    stream.again = true;
    return;
  }
  stream.producing = true;
  stream.again = false;
  std::lock_guard lock(mutex_);
  jobs_.push_back({id, stream.source});
  ++queued;
}

void StreamLoop::index(std::uint64_t id, const Interest& interest, bool add) {
  for (const Key& key : {Key{'g', interest.game}, Key{'a', interest.account}}) {
    if (key.second == 0) continue;
    if (add) {
      interested_[key].insert(id);
    } else if (auto found = interested_.find(key); found != interested_.end()) {
      found->second.erase(id);
      if (found->second.empty()) interested_.erase(found);
    }
  }
}

void StreamLoop::schedule_due() {
  std::size_t queued = 0;
  for (auto& [id, stream] : streams_) {
    if (stream.source->due()) schedule(id, stream, queued);
  }
  if (queued > 0) jobs_ready_.notify_all();
}

void StreamLoop::heartbeats() {
  const auto now = Clock::now();
  std::vector<std::uint64_t> quiet, stalled;
  for (const auto& [id, stream] : streams_) {
    if (!stream.unsent.empty() && now - stream.progress >= 3 * options_.heartbeat) {
      stalled.push_back(id);
    } else if (!stream.ending && stream.unsent.empty() &&
               now - stream.last_write >= options_.heartbeat) {
      quiet.push_back(id);
    }
  }
  for (std::uint64_t id : stalled) cut_off(id, "its client read nothing for three heartbeats");
  for (std::uint64_t id : quiet) {
    Stream& stream = streams_.at(id);
    append(stream, id, chunk(stream.source->heartbeat()));
  }
}

void StreamLoop::on_event(std::uint64_t id, std::uint32_t events) {
  auto found = streams_.find(id);
  if (found == streams_.end()) return;
  if (events & (EPOLLERR | EPOLLHUP | EPOLLRDHUP)) {
    drop(id);  // the client is gone (or closed its end: it reads no more either)
    return;
  }
  if (events & EPOLLIN) {
    char ignored[4096];  // a client has nothing to say on a stream; read and drop it
    const ssize_t n = ::recv(found->second.sock, ignored, sizeof ignored, MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
      drop(id);
      return;
    }
  }
  if (events & EPOLLOUT) flush(id);
}

void StreamLoop::append(Stream& stream, std::uint64_t id, const std::string& text) {
  if (stream.unsent.empty()) stream.progress = Clock::now();
  stream.unsent += text;
  stream.last_write = Clock::now();
  flush(id);
}

// Writes what the socket takes. A stream whose unsent bytes pass the bound is cut off.
void StreamLoop::flush(std::uint64_t id) {
  Stream& stream = streams_.at(id);
  std::size_t sent = 0;
  while (sent < stream.unsent.size()) {
    const ssize_t n = ::send(stream.sock, stream.unsent.data() + sent, stream.unsent.size() - sent,
                             MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
      break;
    } else {
      drop(id);
      return;
    }
  }
  if (sent > 0) stream.progress = Clock::now();
  stream.unsent.erase(0, sent);
  if (stream.unsent.empty()) {
    if (stream.ending) {
      drop(id);
      return;
    }
    stream.unsent.shrink_to_fit();
    set_want_out(stream, id, false);
  } else if (stream.unsent.size() > options_.max_buffered_bytes) {
    cut_off(id, "its client fell too far behind");
  } else {
    set_want_out(stream, id, true);
  }
}

void StreamLoop::cut_off(std::uint64_t id, const char* why) {
  static auto& counted = metrics::global()
                             .counter("hexpost_streams_cut_off_total",
                                      "Streams closed because their client did not read")
                             .with();
  ++cut_off_;
  counted.inc();
  spdlog::info("stream cut off: {} ({} bytes unsent)", why, streams_.at(id).unsent.size());
  drop(id);
}

void StreamLoop::set_want_out(Stream& stream, std::uint64_t id, bool want) {
  if (stream.want_out == want) return;
  stream.want_out = want;
  epoll_event event{};
  event.events = EPOLLIN | EPOLLRDHUP | (want ? EPOLLOUT : 0u);
  event.data.u64 = id;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, stream.sock, &event);
}

void StreamLoop::drop(std::uint64_t id) {
  auto found = streams_.find(id);
  if (found == streams_.end()) return;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, found->second.sock, nullptr);
  ::close(found->second.sock);
  index(id, found->second.source->interest(), false);
  streams_.erase(found);
  --open_;
}

}  // namespace api
